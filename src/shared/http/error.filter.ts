import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { databaseOutageLog, isDatabaseConnectionError } from '../errors/database-outage-log';
import { DomainError } from '../domain/errors';
import type { ApiRequest } from './api-request';
import { statusOf, toEnvelope } from './error-envelope';
import { invalidJson } from './json-body';
import { sendJson } from './json-response';

/**
 * The one exception filter (CONTRACT §4). Domain errors become the contract's envelope; a framework 404 (no route
 * matched) becomes rest_no_route; anything else is an internal_error with the request id, logged, never a stack trace.
 */
@Catch()
export class ContractErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>() as ApiRequest;
    const res = ctx.getResponse<Response>();
    handleError(exception, req, res, this.logger);
  }
}

export function handleError(exception: unknown, req: ApiRequest, res: Response, logger: Logger): void {
  const locale = req.state?.locale ?? 'en';
  const requestId = req.state?.requestId ?? randomUUID();
  let error: DomainError;
  if (exception instanceof DomainError) {
    error = exception;
  } else if ((exception instanceof HttpException && exception.getStatus() === 404) || isUndecodablePath(exception)) {
    error = new DomainError('not-found', 'rest_no_route');
  } else if (isBodyParserError(exception)) {
    error = exception.status === 413 ? new DomainError('too-large', 'rest_body_too_large') : invalidJson('syntax');
  } else {
    if (isDatabaseConnectionError(exception)) {
      // The same outage fails every request: named once, not one stack trace per request (database-outage-log.ts).
      databaseOutageLog.report(logger, { requestId, method: req.method, path: req.path }, exception);
    } else {
      logger.error(
        { requestId, method: req.method, path: req.path, err: describe(exception) },
        exception instanceof Error ? exception.stack : undefined,
      );
    }
    error = new DomainError('internal', 'internal_error', {}, { request_id: requestId });
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  const envelope = toEnvelope(withPathId(error, req), locale);
  if (error.code === 'rest_invalid_token') res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
  else if (error.code === 'rest_forbidden' && statusOf(error) === 401) res.setHeader('WWW-Authenticate', 'Bearer');
  if ((error.code === 'rest_too_many_requests' || error.code === 'rest_write_contention') && typeof error.data.retry_after === 'number') {
    res.setHeader('Retry-After', String(error.data.retry_after));
  }
  res.setHeader('Cache-Control', 'no-store');
  res.removeHeader('ETag');
  sendJson(req, res, envelope.data.status, envelope);
}

/**
 * An `<id>` of more than 15 digits reaches the services as 0 (it cannot exist, §1.3); the not-found message still names
 * the id as sent, leading zeros dropped (`Venue with ID 1234567890123456 does not exist.`).
 */
function withPathId(error: DomainError, req: Request): DomainError {
  const raw = (req.params as Record<string, unknown> | undefined)?.id;
  if (error.args.id !== 0 || !/^rest-.+-not-found$/.test(error.code) || typeof raw !== 'string' || !/^\d+$/.test(raw)) return error;
  return new DomainError(error.kind, error.code, { ...error.args, id: raw.replace(/^0+(?=\d)/, '') }, error.data);
}

/** The router could not percent-decode a path segment (e.g. `%E0%A4%A`): no route can match such a path (§1.3). */
function isUndecodablePath(e: unknown): boolean {
  if (e instanceof URIError) return true;
  return e instanceof HttpException && e.getStatus() === 400 && e.message.startsWith('Failed to decode param');
}

function isBodyParserError(e: unknown): e is { status: number; type: string } {
  return typeof e === 'object' && e !== null && typeof (e as { type?: unknown }).type === 'string' && 'status' in e;
}

function describe(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
