import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Level, Logger } from 'pino';
import type { ApiRequest } from '../../shared/http/api-request';
import { requestIdFor } from '../../shared/http/request-id';
import { routeLabel } from '../metrics/route-label';

const QUIET_PATHS = /^\/health\/(live|ready)\/?$/;

/** Path without the query string: queries may carry `password` (CONTRACT §13.3 forbids logging it). */
const pathOf = (req: Request) => (req.originalUrl ?? req.url ?? '').split('?')[0];

/**
 * One JSON line per finished request (CONTRACT §13.3) with time, level, request id, method, route pattern, path,
 * status, duration, user id and client address. Health probes are logged at debug only. Written straight with pino
 * rather than pino-http: pino-http built a child logger and serialized the request for every request even when the
 * level dropped the line — about a fifth of the CPU of a cached read (BENCHMARKS.md). Nothing is built unless the line's
 * level is enabled.
 */
export function requestLogMiddleware(logger: Logger, apiPrefix: string): RequestHandler {
  return (request: Request, res: Response, next: NextFunction) => {
    const req = request as ApiRequest;
    const requestId = requestIdFor(req, res);
    const started = process.hrtime.bigint();
    let written = false;
    const write = () => {
      if (written) return;
      written = true;
      const completed = res.writableFinished;
      const level: Level = QUIET_PATHS.test(pathOf(req)) ? 'debug' : !completed ? 'warn' : res.statusCode >= 500 ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          requestId,
          method: req.method,
          route: routeLabel(res, apiPrefix),
          path: pathOf(req),
          status: res.statusCode,
          durationMs: Number(process.hrtime.bigint() - started) / 1e6,
          userId: req.state?.caller?.userId ?? res.locals?.verifiedUserId ?? null,
          clientAddress: req.ip ?? req.socket?.remoteAddress ?? null,
        },
        completed ? 'request completed' : 'request aborted',
      );
    };
    res.once('finish', write);
    res.once('close', write);
    next();
  };
}
