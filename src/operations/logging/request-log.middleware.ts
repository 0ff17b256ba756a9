import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { ApiRequest } from '../../shared/http/api-request';
import { requestIdFor } from '../../shared/http/request-id';
import { routeLabel } from '../metrics/route-label';

const QUIET_PATHS = /^\/health\/(live|ready)\/?$/;

/** Path without the query string: queries may carry `password` (CONTRACT §13.3 forbids logging it). */
const pathOf = (req: IncomingMessage) => ((req as Request).originalUrl ?? req.url ?? '').split('?')[0];

/**
 * One JSON line per finished request (CONTRACT §13.3) with time, level, request id, method, route pattern, path,
 * status, duration, user id and client address. Health probes are logged at debug only.
 */
export function requestLogMiddleware(logger: Logger, apiPrefix: string): RequestHandler {
  const line = (request: IncomingMessage, response: ServerResponse, durationMs: number) => {
    const req = request as ApiRequest;
    const res = response as Response;
    return {
      method: req.method,
      route: routeLabel(res, apiPrefix),
      path: pathOf(req),
      status: res.statusCode,
      durationMs,
      userId: req.state?.caller?.userId ?? res.locals?.verifiedUserId ?? null,
      clientAddress: req.ip ?? req.socket?.remoteAddress ?? null,
    };
  };
  return pinoHttp({
    logger,
    genReqId: (req, res) => requestIdFor(req, res),
    customAttributeKeys: { reqId: 'requestId' },
    quietReqLogger: true,
    quietResLogger: true,
    customLogLevel: (req, res, err) => {
      if (QUIET_PATHS.test(pathOf(req))) return 'debug';
      return err || res.statusCode >= 500 ? 'error' : 'info';
    },
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    customSuccessObject: (req, res, value: { responseTime: number }) => line(req, res, value.responseTime),
    customErrorObject: (req, res, error, value: { responseTime: number }) => ({
      ...line(req, res, value.responseTime),
      error: error instanceof Error ? error.message : String(error),
    }),
  }) as unknown as RequestHandler;
}
