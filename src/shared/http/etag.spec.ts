import { checkIfMatch, etagOf, ifMatchHits, ifNoneMatchHits } from './etag';

describe('ETags and conditional headers (CONTRACT §9.11, RFC 9110 §13.1)', () => {
  const tag = etagOf({ a: 1 });

  it('makes strong ETags and reads conditional headers', () => {
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(etagOf({ a: 2 })).not.toBe(tag);
    expect(ifNoneMatchHits(`"x", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits(`W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits(undefined, tag)).toBe(false);
    expect(() => checkIfMatch('*', tag)).not.toThrow();
    expect(() => checkIfMatch(undefined, tag)).not.toThrow();
    expect(() => checkIfMatch('"nope"', tag)).toThrow('rest_precondition_failed');
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
    expect(() => checkIfMatch(`W/${tag}`, tag)).toThrow('rest_precondition_failed');
  });

  it('If-None-Match compares weakly', () => {
    expect(ifNoneMatchHits(`W/"x", W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits('*', tag)).toBe(true);
    expect(ifNoneMatchHits('"x"', tag)).toBe(false);
  });
});
