import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { InFlightRequests } from '../http/in-flight-requests';
import type { HttpMetrics } from './http-metrics';
import { onResponseEnd, sentStatus } from '../../shared/http/response-end';
import { routeLabel } from './route-label';

const localeOf = (req: Request) => (/^\/es(\/|\?|$)/.test(req.originalUrl ?? req.url) ? 'es' : 'en');

/** Tracks every request in flight and, when metrics are on, records its count and duration once it ends. */
export function metricsMiddleware(inFlight: InFlightRequests, metrics: HttpMetrics | null, apiPrefix: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    inFlight.track(res);
    if (metrics) {
      const started = process.hrtime.bigint();
      onResponseEnd(res, () =>
        metrics.observe(req.method, routeLabel(res, apiPrefix), sentStatus(res), localeOf(req), Number(process.hrtime.bigint() - started) / 1e9),
      );
    }
    next();
  };
}
