import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const ASSIGNED = Symbol('requestId');

type WithRequestId = IncomingMessage & { [ASSIGNED]?: string };

/**
 * The request id of CONTRACT §13.3, decided once per request: the incoming `X-Request-Id` when it is 1–128 characters of
 * `A–Z a–z 0–9 . _ : -`, otherwise a new UUID v4. Also sets the response header. Whoever asks first (the request logger
 * or the transport middleware) decides; later calls return the same id.
 */
export function requestIdFor(request: IncomingMessage, res: ServerResponse): string {
  const req = request as WithRequestId;
  const known = req[ASSIGNED];
  if (known !== undefined) return known;
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req[ASSIGNED] = id;
  if (!res.headersSent) res.setHeader('X-Request-Id', id);
  return id;
}
