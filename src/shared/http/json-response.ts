import { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { connectionGone, onResponseEnd } from './response-end';
import { JsonBytes, JsonStream } from './json-bytes';

const logger = new Logger('Errors');

/** Writes a JSON body with the contract's content type; HEAD gets the same headers and no body (CONTRACT §1.3, §1.5). */
export function sendJson(req: Request, res: Response, status: number, body: unknown): void {
  res.status(status);
  if (body instanceof JsonStream) {
    res.setHeader('Content-Type', body.contentType);
    void stream(req, res, body);
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=UTF-8');
  // Encoded once: the length, the read cache and the socket all take these bytes.
  const bytes = body instanceof JsonBytes ? body.bytes : Buffer.from(JSON.stringify(body));
  res.setHeader('Content-Length', bytes.length);
  if (req.method === 'HEAD') res.end();
  else res.end(bytes);
}

/**
 * Writes a streamed body part by part (chunked), each next part taken only once the connection took the previous one
 * (`drain`), so an answer of any size holds about one part in memory. A client that goes away stops the parts (their
 * `finally` releases what they hold); a failure after the headers left cuts the connection, so the client sees an
 * incomplete answer, never a complete-looking wrong one.
 */
async function stream(req: Request, res: Response, body: JsonStream): Promise<void> {
  const { parts } = body;
  const drained = drainWaits(res);
  try {
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      if (connectionGone(res)) return;
      if (!res.write(next.value)) await drained();
    }
    res.end();
  } catch (error) {
    logger.error({ method: req.method, path: req.path, err: error instanceof Error ? error.message : String(error) }, 'a streamed answer failed after its headers were sent');
    res.destroy();
  } finally {
    await parts.return(undefined);
  }
}

/**
 * Waits for the response to take more (`drain`) or to lose its client: one end listener for the whole stream, one
 * `drain` listener at a time, however many parts wait.
 */
function drainWaits(res: Response): () => Promise<void> {
  let over = connectionGone(res);
  let wake: (() => void) | undefined;
  onResponseEnd(res, () => {
    over = true;
    wake?.();
  });
  return () =>
    over
      ? Promise.resolve()
      : new Promise((resolve) => {
          wake = () => {
            res.off('drain', wake as () => void);
            wake = undefined;
            resolve();
          };
          res.once('drain', wake);
        });
}
