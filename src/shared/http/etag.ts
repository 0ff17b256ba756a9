import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { IfMatch, parseTags } from '../domain/entity-tags';
import { JsonBytes } from './json-bytes';

/**
 * CONTRACT §9.11: strong ETags for the single reads of every record and term (a hash of the single-GET body) and the
 * conditional request headers, compared as RFC 9110 §13.1 says: `If-None-Match` weakly, `If-Match` strongly.
 */
export const etagOf = (body: unknown): string => etagOfText(JSON.stringify(body));

/** The ETag of a body serialized already, as text or as its UTF-8 bytes (the same as `etagOf` of the value it holds). */
export const etagOfText = (text: string | Buffer): string => `"${createHash('sha256').update(text).digest('hex').slice(0, 40)}"`;

/** `If-None-Match` on a single GET/HEAD: true when it matches (answer 304). Weak comparison: `W/` is ignored. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = parseTags(header);
  return tags === '*' || tags.some((t) => t.opaque === etag);
}

/** Sets `ETag`; when `If-None-Match` matches it, also the status 304 (a bare answer), and says so. */
export function answeredNotModified(res: Response, etag: string, ifNoneMatch?: string): boolean {
  res.setHeader('ETag', etag);
  if (!ifNoneMatchHits(ifNoneMatch, etag)) return false;
  res.status(304);
  return true;
}

/** Sends the body with its ETag, or a bare 304 when `If-None-Match` matches. */
export function sendWithEtag<T>(res: Response, body: T, ifNoneMatch?: string): T | undefined {
  return answeredNotModified(res, etagOf(body), ifNoneMatch) ? undefined : body;
}

/**
 * The tags of bodies sent before, by their bytes: a body kept as a fragment (issue 18) is sent again as the same
 * buffer, never written to, and hashing it again was 2 % of the CPU of a single read.
 */
const tagsOfSentBytes = new WeakMap<Buffer, string>();

function etagOfBytes(bytes: Buffer): string {
  let etag = tagsOfSentBytes.get(bytes);
  // Stryker disable next-line ConditionalExpression: equivalent, the memo only saves work (hashing again gives the same tag)
  if (etag === undefined) {
    etag = etagOfText(bytes);
    tagsOfSentBytes.set(bytes, etag);
  }
  return etag;
}

/** `sendWithEtag` for a body serialized and encoded already. */
export function sendBytesWithEtag(res: Response, bytes: Buffer, ifNoneMatch?: string): JsonBytes | undefined {
  return answeredNotModified(res, etagOfBytes(bytes), ifNoneMatch) ? undefined : new JsonBytes(bytes);
}

/** A write's answer: `body`, with the ETag of the single GET body `tagged` (the same body unless a GET shows more). */
export function sendWritten<T>(res: Response, body: T, tagged: unknown = body): T {
  res.setHeader('ETag', etagOf(tagged));
  return body;
}

/** `If-Match` as sent, with the address whose single GET body the record's tag hashes (§9.11); undefined when not sent. */
export function ifMatchOf(header: string | undefined, address: string): IfMatch | undefined {
  return header === undefined ? undefined : { header, address };
}
