import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DomainError } from '../../shared/domain/errors';
import type { ApiRequest } from '../../shared/http/api-request';
import { IgnoresAuthentication } from '../../shared/http/auth.guard';
import { sendJson } from '../../shared/http/json-response';
import { ReadinessCheck } from './readiness-check';
import { ShutdownState } from './shutdown-state';

/**
 * Liveness and readiness (CONTRACT §13.1), at the root outside the API prefix: no authentication (an Authorization
 * header is ignored), no rate limit, no localisation (so `/es/health/…` is not a route).
 */
@ApiExcludeController()
@IgnoresAuthentication()
@Controller('health')
export class HealthController {
  constructor(
    private readonly readiness: ReadinessCheck,
    private readonly shutdown: ShutdownState,
  ) {}

  @Get('live')
  live(@Req() req: Request, @Res() res: Response): void {
    rootOnly(req);
    sendJson(req, res, 200, { status: 'ok' });
  }

  @Get('ready')
  async ready(@Req() req: Request, @Res() res: Response): Promise<void> {
    rootOnly(req);
    const { database } = await this.readiness.run();
    const status = this.shutdown.shuttingDown ? 'shutting_down' : database === 'ok' ? 'ok' : 'unavailable';
    sendJson(req, res, status === 'ok' ? 200 : 503, { status, checks: { database } });
  }
}

/** The transport step strips `/es`; the health routes exist only at the root. */
export function rootOnly(req: Request): void {
  if ((req as ApiRequest).state?.locale === 'es') throw new DomainError('not-found', 'rest_no_route');
}
