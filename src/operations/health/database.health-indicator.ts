import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { ReadinessProbe } from './readiness-probe';

/**
 * The database as a @nestjs/terminus indicator, on our ReadinessProbe rather than terminus' TypeOrmHealthIndicator:
 * that one needs @nestjs/typeorm and sends a new `SELECT 1` per probe, so a hung database would collect one stuck ping
 * (and pool connection) per probe round, where ReadinessProbe keeps a single one (see readiness-probe.ts).
 */
@Injectable()
export class DatabaseHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly probe: ReadinessProbe,
  ) {}

  async check() {
    const session = this.indicators.check('database');
    return (await this.probe.databaseReachable()) ? session.up() : session.down();
  }
}
