import { clientAddress } from '../http/client-address';
import type { Request, RequestHandler, Response } from 'express';
import type { Level, Logger } from 'pino';
import type { ApiRequest } from '../../shared/http/api-request';
import { requestIdFor } from '../../shared/http/request-id';
import { onResponseEnd, sentStatus } from '../../shared/http/response-end';
import { routeLabel } from '../metrics/route-label';

const QUIET_PATHS = /^\/health\/(live|ready)\/?$/;

/** Path without the query string: queries may carry `password` (CONTRACT §13.3 forbids logging it). */
const pathOf = (req: Request) => (req.originalUrl ?? req.url ?? '').split('?')[0];

/**
 * One JSON line per finished request (CONTRACT §13.3) on the process' pino logger: time, level, request id, method, route
 * pattern, path, status, duration (sub-millisecond), user id and client address. Health probes are logged at debug, cut-off
 * requests at warn, 5xx at error. The line object is built only when its level is on.
 *
 * Written here rather than by pino-http (BENCHMARKS.md, "Request logging"): pino-http makes a child logger and two arrays
 * for every request and listens to three events, whether or not a line is written — about 60 µs of CPU per request over
 * HTTP, a fifth of an answer from the read cache — for features the service does not use (`req.log`).
 */
export function requestLogMiddleware(logger: Logger, apiPrefix: string): RequestHandler {
  const levelOf = (req: Request, res: Response): Level =>
    QUIET_PATHS.test(pathOf(req)) ? 'debug' : !res.writableFinished ? 'warn' : sentStatus(res) >= 500 ? 'error' : 'info';
  return (request: Request, res: Response, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(request, res);
    // Read now: once a client has gone away its socket no longer knows its peer, and the line would say null.
    const peer = request.socket?.remoteAddress;
    onResponseEnd(res, () => {
      const level = levelOf(request, res);
      if (!logger.isLevelEnabled(level)) return;
      const req = request as ApiRequest;
      const line = {
        requestId,
        method: req.method,
        route: routeLabel(res, apiPrefix),
        path: pathOf(req),
        status: sentStatus(res),
        durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        userId: req.state?.caller?.userId ?? res.locals?.verifiedUserId ?? null,
        clientAddress: clientAddress(req, peer),
      };
      logger[level](line, res.writableFinished ? 'request completed' : 'request aborted');
    });
    next();
  };
}
