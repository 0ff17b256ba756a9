import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Level, Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { ApiRequest } from '../../shared/http/api-request';
import { requestIdFor } from '../../shared/http/request-id';
import { routeLabel } from '../metrics/route-label';

const QUIET_PATHS = /^\/health\/(live|ready)\/?$/;
const STARTED = Symbol('requestStarted');

type TimedResponse = ServerResponse & { [STARTED]?: bigint };

/** Path without the query string: queries may carry `password` (CONTRACT §13.3 forbids logging it). */
const pathOf = (req: IncomingMessage) => (req.url === undefined ? '' : ((req as Request).originalUrl ?? req.url).split('?')[0]);

/**
 * One JSON line per finished request (CONTRACT §13.3), written by pino-http: time, level, request id, method, route
 * pattern, path, status, duration (sub-millisecond), user id and client address. Health probes are logged at debug.
 *
 * pino-http is set up so that it costs what a hand-written line costs (BENCHMARKS.md, "Request logging"): `req`/`res`
 * are not serialized (their serializers return nothing, so the per-request child logger binds nothing), no
 * `quietReqLogger` (a second child logger per request, about 50 µs), and no line object is built when its level is off.
 */
export function requestLogMiddleware(logger: Logger, apiPrefix: string): RequestHandler {
  const levelOf = (req: IncomingMessage, res: ServerResponse): Level =>
    QUIET_PATHS.test(pathOf(req)) ? 'debug' : !res.writableFinished ? 'warn' : res.statusCode >= 500 ? 'error' : 'info';
  const line = (request: IncomingMessage, response: ServerResponse) => {
    const req = request as ApiRequest;
    const res = response as Response & TimedResponse;
    return {
      requestId: req.id as string,
      method: req.method,
      route: routeLabel(res, apiPrefix),
      path: pathOf(req),
      status: res.statusCode,
      durationMs: Number(process.hrtime.bigint() - (res[STARTED] ?? process.hrtime.bigint())) / 1e6,
      userId: req.state?.caller?.userId ?? res.locals?.verifiedUserId ?? null,
      clientAddress: req.ip ?? req.socket?.remoteAddress ?? null,
    };
  };
  const message = (_req: IncomingMessage, res: ServerResponse) => (res.writableFinished ? 'request completed' : 'request aborted');
  return pinoHttp({
    logger,
    wrapSerializers: false,
    serializers: { req: () => undefined, res: () => undefined },
    genReqId: (req, res: TimedResponse) => {
      res[STARTED] = process.hrtime.bigint();
      return requestIdFor(req, res);
    },
    customLogLevel: (req, res) => {
      const level = levelOf(req, res);
      return logger.isLevelEnabled(level) ? level : 'silent';
    },
    customSuccessObject: line,
    customErrorObject: line,
    customSuccessMessage: message,
    customErrorMessage: message,
  }) as RequestHandler;
}
