import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import { DatabaseHealthIndicator } from './database.health-indicator';

type CheckOutcome = 'ok' | 'failed';

/**
 * The checks of /health/ready, run by @nestjs/terminus, in CONTRACT §13.1's words (`ok` / `failed`). Only the database
 * decides readiness: Redis is shared by every instance, so failing readiness for it would take them all out of the
 * load balancer at once, while each instance works on without it (README "Several instances: Redis").
 */
@Injectable()
export class ReadinessCheck {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: DatabaseHealthIndicator,
  ) {}

  async run(): Promise<{ database: CheckOutcome }> {
    const result = await this.health.check([() => this.database.check()]).catch((error: unknown) => {
      if (error instanceof ServiceUnavailableException) return error.getResponse() as HealthCheckResult;
      throw error;
    });
    return { database: result.details.database?.status === 'up' ? 'ok' : 'failed' };
  }
}
