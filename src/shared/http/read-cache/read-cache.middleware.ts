import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ApiRequest } from '../api-request';
import { acceptPrefersCalendar } from '../calendar-response';
import { clearsReadCache, isKeptAnswer, isRead, keepsHeader, readCacheKey, readCacheScope, takesPart } from './read-cache-rules';
import type { CachedResponse, ResponseCache } from './response-cache';

const TAKES_PART = 'readCacheTakesPart';
const DATA_READ_AT = 'readCacheDataReadAt';

/**
 * Whether this request's answer may be kept by the read cache: only then may its handler build it from cached record
 * fragments (issue 18), so a caller with a token, a password or conditional headers always reads the database.
 */
export const takesPartInReadCache = (res: Response): boolean => res.locals[TAKES_PART] === true;

/**
 * A handler that built its answer from kept fragments or records says when their data was read (`ReadScope`): the
 * answer is then kept only until that data's lifetime is over, not for a full lifetime from now.
 */
export const answerDataReadAt = (res: Response, readAt: number): void => {
  res.locals[DATA_READ_AT] = readAt;
};

interface ReadCacheOptions {
  apiPrefix: string;
  /** Called when this process saw a write, after its own cache was cleared (a cluster worker tells its peers). */
  onWrite?: () => void;
  /** Called for every read that takes part: whether the cache answered it (the metrics' hit count). */
  onLookup?: (hit: boolean) => void;
  /** The prototype every response of the app shares (`responsePrototypeOf`): see `recordAnswers`. */
  responses: ServerResponse;
}

/**
 * Serves repeated anonymous reads of resource routes from a short-lived in-process cache (an extension; README
 * "Read cache"). Runs after request id, logging, metrics, security headers, CORS, rate-limit counting and the transport
 * checks, so every answer still gets its own per-request headers. Only plain anonymous GET/HEAD requests of the
 * namespace's resource routes take part: no Authorization, no password, no conditional headers, not rate limited.
 * Any other method clears the cache before its answer is written, so a client never reads older data after its own write.
 */
export function readCacheMiddleware(cache: ResponseCache, options: ReadCacheOptions): RequestHandler {
  const scope = readCacheScope(options.apiPrefix);
  recordAnswers(options.responses);
  const invalidate = () => {
    cache.invalidate();
    options.onWrite?.();
  };

  return (request: Request, res: Response, next: NextFunction) => {
    const req = request as ApiRequest;
    if (!isRead(req.method)) {
      if (clearsReadCache(req.method)) clearOnAnswer(res, invalidate);
      return next();
    }
    const read = { headers: req.headers, query: req.state?.query, path: req.path, rateLimited: res.locals.rateLimited };
    if (!takesPart(read, scope)) return next();
    res.locals[TAKES_PART] = true; // handlers may then reuse record fragments too (FragmentCache)
    const key = readCacheKey(req.state.locale, acceptPrefersCalendar(req), req.url);
    const stored = cache.get(key);
    options.onLookup?.(stored !== undefined);
    if (stored) return serve(req, res, stored);
    if (req.method === 'GET' && cache.worthStoring(key)) res.locals[RECORDING] = recording(res, cache, key);
    next();
  };
}

function serve(req: Request, res: Response, stored: CachedResponse): void {
  if (stored.routePattern !== undefined) res.locals.routePattern = stored.routePattern;
  res.statusCode = stored.status;
  // `Vary` adds to what the request's own handling set (CORS: `Origin`); every other stored header is the handler's.
  for (const [name, value] of stored.headers) {
    if (name.toLowerCase() === 'vary') res.vary(String(value));
    else res.setHeader(name, value);
  }
  res.setHeader('Content-Length', stored.body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(stored.body);
}

const RECORDING = 'readCacheRecording';

/** What `recordAnswers` needs to keep one response's answer. */
interface Recording {
  cache: ResponseCache;
  key: string;
  generation: number;
  askedAt: number;
  /** The headers set before the handler ran (not kept: they are the request's own). */
  before: Set<string>;
  streamed: boolean;
}

/**
 * Keeps a successful single-chunk JSON or iCalendar answer, with the headers its handler set (not those set before it
 * ran; `Vary` whole, as `serve` adds it to the request's own), dated by the request's arrival or by the oldest kept data
 * its handler used (`answerDataReadAt`), so it expires a lifetime after its oldest part was read.
 */
function recording(res: Response, cache: ResponseCache, key: string): Recording {
  // askedAt: what the handler reads is at most this old, however long it takes
  return { cache, key, generation: cache.generation, askedAt: cache.now(), before: new Set(res.getHeaderNames()), streamed: false };
}

/**
 * Watches `write` and `end` of every response, on the app's response prototype (`responsePrototypeOf`), for the
 * responses that carry a `Recording` (misses worth keeping).
 */
function recordAnswers(prototype: ServerResponse): void {
  const { write, end } = prototype;
  prototype.write = function (this: Response, ...args: unknown[]) {
    const recorded = this.locals?.[RECORDING] as Recording | undefined;
    if (recorded) recorded.streamed = true;
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof prototype.write;
  prototype.end = function (this: Response, ...args: unknown[]) {
    const recorded = this.locals?.[RECORDING] as Recording | undefined;
    if (recorded) {
      this.locals[RECORDING] = undefined; // once: a second end() writes nothing
      keep(this, recorded, args[0]);
    }
    return (end as (...a: unknown[]) => Response).apply(this, args);
  } as typeof prototype.end;
}

function keep(res: Response, { cache, key, generation, askedAt, before, streamed }: Recording, chunk: unknown): void {
  const contentType = String(res.getHeader('content-type') ?? '');
  if (!isKeptAnswer({ streamed, status: res.statusCode, contentType, chunk })) return;
  const headers: CachedResponse['headers'] = [];
  for (const name of (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
    const lower = name.toLowerCase();
    const value = res.getHeader(lower);
    if (keepsHeader(lower, before.has(lower)) && value !== undefined) headers.push([name, value]);
  }
  const body = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
  const routePattern = typeof res.locals.routePattern === 'string' ? res.locals.routePattern : undefined;
  const readAt = typeof res.locals[DATA_READ_AT] === 'number' ? Math.min(askedAt, res.locals[DATA_READ_AT] as number) : askedAt;
  cache.set(key, { status: 200, headers, body, routePattern }, generation, readAt);
}

/** Clears the cache right before a write's answer is written (the transaction has committed) and once it is over. */
function clearOnAnswer(res: Response, invalidate: () => void): void {
  let cleared = false;
  const clearOnce = () => {
    if (cleared) return;
    cleared = true;
    invalidate();
  };
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    clearOnce();
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
  res.once('close', clearOnce);
}
