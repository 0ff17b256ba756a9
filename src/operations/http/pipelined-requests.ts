import type { Socket } from 'node:net';
import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { DomainError } from '../../shared/domain/errors';
import type { ApiRequest } from '../../shared/http/api-request';
import { handleError } from '../../shared/http/error.filter';
import { onResponseEnd } from '../../shared/http/response-end';

/**
 * The most requests one connection may have waiting for their answers (HTTP/1.1 pipelining). Node reads every request
 * of a received chunk at once and runs them all, so a client that pipelines hundreds of requests and never reads
 * would have them all worked on and their answers held. Browsers and gateways do not pipeline; a client that does
 * rarely has more than a few outstanding.
 */
export const MAX_PIPELINED_REQUESTS = 16;

/** Seconds a refused pipelined request is told to wait (`Retry-After`). */
const RETRY_AFTER_SECONDS = 1;

/**
 * Refuses a request that arrives while its connection already has MAX_PIPELINED_REQUESTS unanswered: it is answered
 * 429 `rest_too_many_requests` with `Retry-After` and `Connection: close`, without being worked on, after the answers
 * queued before it; the connection then closes, so the client sends the rest again on a new one. Installed right after
 * the request log and the metrics, which count the refusal.
 */
export function pipelinedRequestsMiddleware(max = MAX_PIPELINED_REQUESTS): RequestHandler {
  const waiting = new WeakMap<Socket, number>();
  const logger = new Logger('Errors');
  return (req: Request, res: Response, next: NextFunction) => {
    const connection = req.socket;
    const outstanding = waiting.get(connection) ?? 0;
    if (outstanding >= max) {
      res.setHeader('Connection', 'close');
      handleError(new DomainError('too-many-requests', 'rest_too_many_requests', {}, { retry_after: RETRY_AFTER_SECONDS }), req as ApiRequest, res, logger);
      return;
    }
    waiting.set(connection, outstanding + 1);
    onResponseEnd(res, () => waiting.set(connection, (waiting.get(connection) ?? 1) - 1));
    next();
  };
}
