/** Entity tags as RFC 9110 §8.8.3 writes them, and the If-Match rule of CONTRACT §9.11. Pure. */
interface EntityTag {
  weak: boolean;
  /** The quoted opaque tag, as in an `ETag` header. */
  opaque: string;
}

/** `*`, or the entity tags of a header value; anything that is not an entity tag is dropped (it matches nothing). */
export function parseTags(header: string): '*' | EntityTag[] {
  if (header.trim() === '*') return '*';
  // An opaque tag may itself hold commas, so the list is read tag by tag rather than split on ",".
  return [...header.matchAll(/(W\/)?("[^"]*")/g)].map((m) => ({ weak: m[1] !== undefined, opaque: m[2] }));
}

/**
 * `If-Match` on an update or delete of an existing record or term: true when it matches. Strong comparison: a weak tag
 * never matches (a weak validator cannot vouch for the exact representation the write would replace); `*` matches.
 */
export function ifMatchHits(header: string, etag: string): boolean {
  const tags = parseTags(header);
  return tags === '*' || tags.some((t) => !t.weak && t.opaque === etag);
}

/**
 * A write's `If-Match` (§9.11): the header as sent, and the address the caller reads the record at (its tag is the hash
 * of the single GET body there). The application compares it with the record's tag once it holds the record.
 */
export interface IfMatch {
  header: string;
  address: string;
}
