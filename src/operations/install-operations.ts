import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';
import { TokenVerifier } from '../shared/auth/token-verifier';
import { Clock } from '../shared/domain/clock';
import { responsePrototypeOf } from '../shared/http/response-prototype';
import { RateLimitStore } from './domain/rate-limit-store';
import { ShutdownState } from './health/shutdown-state';
import { corsMiddleware } from './http/cors.middleware';
import { InFlightRequests } from './http/in-flight-requests';
import { pipelinedRequestsMiddleware } from './http/pipelined-requests';
import { decideAtWriteHead, responseHeadersMiddleware } from './http/response-headers.middleware';
import { requestLogMiddleware } from './logging/request-log.middleware';
import { HttpMetrics } from './metrics/http-metrics';
import { metricsMiddleware } from './metrics/metrics.middleware';
import { ROOT_LOGGER } from './operations.module';
import { rateLimitMiddleware } from './rate-limit/rate-limiter';

/**
 * The first steps of every request, in this order, before the transport checks and routing:
 * request id + request log line → in-flight tracking and metrics → the bound on pipelined requests → security/caching/discovery headers → CORS (a preflight is
 * answered here) → rate-limit counting. Call it before any other `app.use`.
 */
export function installOperations(app: INestApplication, config: AppConfig): void {
  const log = app.get<Logger>(ROOT_LOGGER);
  const metrics = app.get(HttpMetrics);
  const storeLog = log.child({ context: 'RateLimit' });
  app.use(requestLogMiddleware(log, config.apiPrefix));
  app.use(metricsMiddleware(app.get(InFlightRequests), config.metricsEnabled ? metrics : null, config.apiPrefix));
  app.use(pipelinedRequestsMiddleware());
  for (const step of responseHeadersMiddleware(config)) app.use(step);
  decideAtWriteHead(responsePrototypeOf(app), app.get(ShutdownState));
  app.use(corsMiddleware(config.corsOrigins));
  app.use(
    rateLimitMiddleware(config, app.get(RateLimitStore), app.get(TokenVerifier), app.get(Clock), (error) =>
      storeLog.warn({ err: error instanceof Error ? error.message : String(error) }, 'rate-limit store failed; request let through'),
    ),
  );
}
