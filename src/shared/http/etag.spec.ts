import type { Response } from 'express';
import { ifMatchHits } from '../domain/entity-tags';
import { RecordEtags } from '../domain/record-etags';
import { etagOf, ifMatchOf, ifNoneMatchHits, sendWithEtag, sendWritten } from './etag';

/** A record whose tag is its own value; `reads` lists the addresses its tag was read at. */
class FixedTags extends RecordEtags<string> {
  readonly reads: string[] = [];
  async tagOf(record: string, address: string): Promise<string> {
    this.reads.push(address);
    return record;
  }
}
const checkIfMatch = (header: string | undefined, etag: string) => new FixedTags().assertIfMatch(ifMatchOf(header, '/api'), etag);

describe('ETags and conditional headers (CONTRACT §9.11, RFC 9110 §13.1)', () => {
  const tag = etagOf({ a: 1 });

  it('makes strong ETags and reads conditional headers', () => {
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(etagOf({ a: 2 })).not.toBe(tag);
    expect(ifNoneMatchHits(`"x", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits(`W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits(undefined, tag)).toBe(false);
  });

  it('If-Match is checked against the current tag; nothing to check without the header', async () => {
    await expect(checkIfMatch('*', tag)).resolves.toBeUndefined();
    await expect(checkIfMatch(undefined, tag)).resolves.toBeUndefined();
    await expect(checkIfMatch('"nope"', tag)).rejects.toThrow('rest_precondition_failed');
    await expect(checkIfMatch(`W/${tag}`, tag)).rejects.toThrow('rest_precondition_failed');
  });

  it('If-Match compares strongly: a weak tag never matches, a list matches on one equal strong tag, * on any', () => {
    expect(ifMatchHits(tag, tag)).toBe(true);
    expect(ifMatchHits(`W/${tag}`, tag)).toBe(false);
    expect(ifMatchHits(`W/"x", W/${tag}`, tag)).toBe(false);
    expect(ifMatchHits(`"x",${tag}`, tag)).toBe(true);
    expect(ifMatchHits(`W/${tag}, ${tag}`, tag)).toBe(true);
    expect(ifMatchHits(' * ', tag)).toBe(true);
    expect(ifMatchHits(tag.slice(1, -1), tag)).toBe(false); // unquoted: not an entity tag
    expect(ifMatchHits('"a,b", "c"', '"a,b"')).toBe(true); // commas inside an opaque tag
  });

  it('If-None-Match compares weakly', () => {
    expect(ifNoneMatchHits(`W/"x", W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits('*', tag)).toBe(true);
    expect(ifNoneMatchHits('"x"', tag)).toBe(false);
  });

  it('answers reads and writes with the ETag of the single GET body', () => {
    const headers: Record<string, string> = {};
    let status = 200;
    const res = { setHeader: (k: string, v: string) => (headers[k] = v), status: (s: number) => (status = s) } as unknown as Response;
    expect(sendWritten(res, { a: 1 }, { a: 1, json_ld: {} })).toEqual({ a: 1 });
    expect(headers.ETag).toBe(etagOf({ a: 1, json_ld: {} }));
    expect(sendWritten(res, { a: 1 })).toEqual({ a: 1 });
    expect(headers.ETag).toBe(tag);
    expect(sendWithEtag(res, { a: 1 }, `W/${tag}`)).toBeUndefined();
    expect(status).toBe(304);
  });

  it('If-Match reads the current tag at the address the caller reads the record at, and only when sent', async () => {
    expect(ifMatchOf(undefined, '/api')).toBeUndefined();
    expect(ifMatchOf(tag, '/es/api')).toEqual({ header: tag, address: '/es/api' });
    const tags = new FixedTags();
    await tags.assertIfMatch(undefined, tag);
    expect(tags.reads).toEqual([]);
    await tags.assertIfMatch(ifMatchOf(tag, '/es/api'), tag);
    expect(tags.reads).toEqual(['/es/api']);
  });
});
