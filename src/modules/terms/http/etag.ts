import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { preconditionFailed } from '../../../shared/domain/errors';

/** CONTRACT §9.11: strong ETags (a hash of the single-GET body) and the conditional request headers. */
export const etagOf = (body: unknown): string =>
  `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;

const tagsOf = (header: string) =>
  header
    .split(',')
    .map((s) => s.trim().replace(/^W\//, ''))
    .filter(Boolean);

/** `If-None-Match` on a single GET/HEAD: true when it matches (answer 304). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return tagsOf(header).some((t) => t === '*' || t === etag);
}

/** `If-Match` on an update or delete: throws 412 rest_precondition_failed when it does not match. */
export function checkIfMatch(header: string | undefined, etag: string): void {
  if (header === undefined) return;
  if (!tagsOf(header).some((t) => t === '*' || t === etag)) throw preconditionFailed();
}

/** Sends the body with its ETag, or a bare 304 when `If-None-Match` matches. */
export function sendWithEtag<T>(res: Response, body: T, ifNoneMatch?: string): T | undefined {
  const etag = etagOf(body);
  res.setHeader('ETag', etag);
  if (ifNoneMatchHits(ifNoneMatch, etag)) {
    res.status(304);
    return undefined;
  }
  return body;
}
