import type { IncomingMessage } from 'node:http';
import { invalidToken } from './token-verifier';

/**
 * The request's `Authorization` header value, or undefined when it has none (CONTRACT §3.1). More than one
 * `Authorization` header throws 401 rest_invalid_token (reason `malformed`), whatever their order and values: Node keeps
 * only the first one in `req.headers.authorization` and drops the others, so that value alone must not decide.
 * Every place that reads the token goes through here.
 */
export function authorizationHeader(req: IncomingMessage): string | undefined {
  const all = req.headersDistinct?.authorization;
  if (all !== undefined && all.length > 1) throw invalidToken('malformed');
  return req.headers.authorization;
}
