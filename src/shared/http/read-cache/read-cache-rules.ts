import type { IncomingHttpHeaders } from 'http';
import { NAMESPACE } from '../api-request';
import { CALENDAR_MEDIA_TYPE } from '../calendar-response';

/**
 * The read cache's conditions (README "Read cache", issue 18), as pure functions so the unit tests and the mutation
 * tests (issue 19) reach them: which requests take part, which answers are kept and with which headers.
 */

/** Headers decided per request (identity, limits, caching policy, connection), never taken from a stored answer. */
const PER_REQUEST_HEADERS = new Set(['cache-control', 'connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding']);
const CONDITIONAL_HEADERS = ['if-none-match', 'if-match', 'if-modified-since', 'if-unmodified-since'];
/** The answers kept: JSON, and the iCalendar answers of the event routes (issue 16). */
const STORED_TYPES = ['application/json', CALENDAR_MEDIA_TYPE];

/** The paths of the namespace's resource routes (lower case) and of its documentation, which is not cached. */
interface ReadCacheScope {
  resources: string;
  documentation: string;
}

export function readCacheScope(apiPrefix: string): ReadCacheScope {
  const resources = `${apiPrefix}/${NAMESPACE}/`.toLowerCase();
  return { resources, documentation: `${resources}doc` };
}

/** GET and HEAD read; any other method but OPTIONS writes, and clears the cache before its answer is written. */
export const isRead = (method: string): boolean => method === 'GET' || method === 'HEAD';
export const clearsReadCache = (method: string): boolean => !isRead(method) && method !== 'OPTIONS';

/** What `takesPart` looks at in a read request. */
export interface ReadRequest {
  headers: IncomingHttpHeaders;
  /** The parsed query (undefined before the transport checks ran). */
  query: Record<string, unknown> | undefined;
  path: string;
  rateLimited: unknown;
}

/** Only plain anonymous reads of the resource routes: no Authorization, no password, no conditional headers, not rate limited. */
export function takesPart(req: ReadRequest, scope: ReadCacheScope): boolean {
  if (req.headers.authorization !== undefined || req.rateLimited) return false;
  if (CONDITIONAL_HEADERS.some((name) => req.headers[name] !== undefined)) return false;
  const query = req.query ?? {};
  if ('password' in query) return false;
  const path = req.path.toLowerCase().replace(/\/+$/, '');
  return path.startsWith(scope.resources) && path !== scope.documentation;
}

/** One URL has two answers where `Accept` may ask for iCalendar (issue 16): the key keeps them apart, and the languages. */
export const readCacheKey = (locale: string, prefersCalendar: boolean, url: string): string =>
  `${locale} ${prefersCalendar ? CALENDAR_MEDIA_TYPE : 'json'} ${url}`;

/** A successful single-chunk JSON or iCalendar answer is kept. */
export function isKeptAnswer(answer: { streamed: boolean; status: number; contentType: string; chunk: unknown }): boolean {
  const kept = STORED_TYPES.some((stored) => answer.contentType.startsWith(stored));
  return !answer.streamed && answer.status === 200 && kept && (typeof answer.chunk === 'string' || Buffer.isBuffer(answer.chunk));
}

/** The headers kept with an answer: those its handler set (not those set before it ran), `Vary` whole, never the per-request ones. */
export const keepsHeader = (lowerName: string, setBeforeHandler: boolean): boolean =>
  (!setBeforeHandler || lowerName === 'vary') && !PER_REQUEST_HEADERS.has(lowerName);
