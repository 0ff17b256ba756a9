import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError } from '../../shared/domain/errors';
import { HttpMetrics } from '../metrics/http-metrics';
import { noteMatchedRoute } from '../metrics/route-label';
import { RATE_LIMITED, RateLimitedLocal } from './rate-limiter';

/**
 * Answers 429 rest_too_many_requests (with Retry-After and data.retry_after) for a matched route whose client is over
 * its limit. Registered before the AuthGuard so that 429 comes before 401 (CONTRACT §4.4 step 3). Being the first step
 * after a route matched, it also notes that route's pattern for the logs and metrics.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly metrics: HttpMetrics) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const res = http.getResponse<Response>();
    noteMatchedRoute(http.getRequest<Request>(), res);
    refuseOverLimit(res, this.metrics);
    return true;
  }
}

/** Throws 429 rest_too_many_requests when the counting step found this client over its limit (any route, §13.5). */
export function refuseOverLimit(res: Response, metrics: HttpMetrics): void {
  const limited = res.locals?.[RATE_LIMITED] as RateLimitedLocal | undefined;
  if (!limited) return;
  metrics.rateLimited.inc();
  throw new DomainError('too-many-requests', 'rest_too_many_requests', {}, { retry_after: limited.resetSeconds });
}
