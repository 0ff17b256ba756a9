import type { Request, Response } from 'express';
import { JsonBytes } from './json-bytes';

/** Writes a JSON body with the contract's content type; HEAD gets the same headers and no body (CONTRACT §1.3, §1.5). */
export function sendJson(req: Request, res: Response, status: number, body: unknown): void {
  // Encoded once: the length, the read cache and the socket all take these bytes.
  const bytes = body instanceof JsonBytes ? body.bytes : Buffer.from(JSON.stringify(body));
  res.status(status);
  res.setHeader('Content-Type', 'application/json; charset=UTF-8');
  res.setHeader('Content-Length', bytes.length);
  if (req.method === 'HEAD') res.end();
  else res.end(bytes);
}
