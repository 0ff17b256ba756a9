import { appendLineage, decodeLineage, encodeLineage, globalIdOf, lineageField, lineageOf } from './global-id';
import { exceedsLength, storedRichTextProblem } from './input-limits';
import { offsetOf, totalPages } from './page';
import { dateDetails, instantFromUtcWallClock, utcWallClock } from './wall-clock';

describe('global ids and lineage (CONTRACT §6.2)', () => {
  it('global_id is host and path of PUBLIC_URL without scheme, port and trailing slashes, then ?id=', () => {
    expect(globalIdOf('https://calendar.example.com:8443/', 42)).toBe('calendar.example.com?id=42');
    expect(globalIdOf('http://example.org/site//', 7)).toBe('example.org/site?id=7');
    expect(globalIdOf('http://example.org/a/b', 1)).toBe('example.org/a/b?id=1');
  });

  it('the lineage starts with the own id, then each copied-from id once, the own id never twice', () => {
    expect(lineageOf('a?id=1', undefined)).toEqual(['a?id=1']);
    expect(lineageOf('a?id=1', ['b?id=2', 'a?id=1', 'c?id=3'])).toEqual(['a?id=1', 'b?id=2', 'c?id=3']);
  });

  it('a lineage only grows: new non-empty ids are appended once, in order', () => {
    expect(appendLineage(undefined, ['x', '', 'y', 'x'])).toEqual(['x', 'y']);
    expect(appendLineage(['x'], ['y', 'x', 'z'])).toEqual(['x', 'y', 'z']);
    const current = ['x'];
    appendLineage(current, ['y']);
    expect(current).toEqual(['x']);
  });

  it('stores a lineage as a JSON array, or null when the record is no copy', () => {
    expect(encodeLineage(undefined)).toBeNull();
    expect(encodeLineage([])).toBeNull();
    expect(encodeLineage(['b?id=2', 'c?id=3'])).toBe('["b?id=2","c?id=3"]');
  });

  it('reads back only the strings of a stored array', () => {
    expect(decodeLineage(null)).toBeUndefined();
    expect(decodeLineage(undefined)).toBeUndefined();
    expect(decodeLineage('')).toBeUndefined();
    expect(decodeLineage('{"a":1}')).toBeUndefined();
    expect(decodeLineage('["b", 3, null, "c"]')).toEqual(['b', 'c']);
  });

  it('gives a read record a lineage field only when it is a copy', () => {
    expect(lineageField(null)).toEqual({});
    expect(lineageField('[]')).toEqual({});
    expect(lineageField('[1]')).toEqual({});
    expect(lineageField('["b"]')).toEqual({ lineage: ['b'] });
  });
});

describe('storedRichTextProblem (a rich text too long once cleaned)', () => {
  it('names the parameter and the limit past 1,000,000 characters as stored, counted as code points', () => {
    expect(storedRichTextProblem('excerpt', 'a'.repeat(1_000_000))).toBeNull();
    expect(storedRichTextProblem('excerpt', '😀'.repeat(1_000_000))).toBeNull();
    expect(storedRichTextProblem('excerpt', 'a'.repeat(1_000_001))).toEqual({ param: 'excerpt', detail: 'rest_too_long', args: { max: 1_000_000 } });
  });
});

describe('exceedsLength (issue 14: characters as code points, as MySQL counts them)', () => {
  it('text up to the limit is within it, one more character exceeds it', () => {
    expect(exceedsLength('', 0)).toBe(false);
    expect(exceedsLength('abc', 3)).toBe(false);
    expect(exceedsLength('abcd', 3)).toBe(true);
    expect(exceedsLength('a', 0)).toBe(true);
  });

  it('counts an emoji (a surrogate pair) as one character', () => {
    expect(exceedsLength('😀😀😀', 3)).toBe(false);
    expect(exceedsLength('😀😀😀😀', 3)).toBe(true);
    expect(exceedsLength('a😀b', 3)).toBe(false);
    expect(exceedsLength('😀', 1)).toBe(false);
  });

  it('counts lone surrogates, and a low surrogate after a non-surrogate, as characters of their own', () => {
    expect(exceedsLength('\udc00\udc00', 1)).toBe(true);
    expect(exceedsLength('a\ude00', 1)).toBe(true);
    expect(exceedsLength('\ud800\ud800', 1)).toBe(true);
    expect(exceedsLength('\ud800a', 1)).toBe(true);
    expect(exceedsLength('\ue000\udc00', 1)).toBe(true);
    expect(exceedsLength('\udbff\udfff', 1)).toBe(false);
    expect(exceedsLength('\ud7ff\udc00', 1)).toBe(true);
    expect(exceedsLength('\udc00\udc00\udfff', 2)).toBe(true);
  });

  it('the boundaries of both surrogate ranges', () => {
    expect(exceedsLength('\ud800\udc00', 1)).toBe(false);
    expect(exceedsLength('\udbff\udc00', 1)).toBe(false);
    expect(exceedsLength('\ud800\udfff', 1)).toBe(false);
    expect(exceedsLength('\ud800\ue000', 1)).toBe(true);
    expect(exceedsLength('\ud800\udbff', 1)).toBe(true);
  });
});

describe('wall clocks (CONTRACT conventions, §6.8)', () => {
  it('writes an instant as its zero-padded UTC wall clock', () => {
    expect(utcWallClock(new Date('0987-01-02T03:04:05.678Z'))).toBe('0987-01-02 03:04:05');
    expect(utcWallClock(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31 23:59:59');
  });

  it('reads a UTC wall clock back as its instant', () => {
    expect(instantFromUtcWallClock('2026-11-25 14:07:09').toISOString()).toBe('2026-11-25T14:07:09.000Z');
  });

  it('splits a wall clock into its zero-padded parts', () => {
    expect(dateDetails('2026-01-02 03:04:05')).toEqual({ year: '2026', month: '01', day: '02', hour: '03', minutes: '04', seconds: '05' });
  });
});

describe('pages (CONTRACT §7.2)', () => {
  it('the offset of a page', () => {
    expect(offsetOf({ page: 1, perPage: 10 })).toBe(0);
    expect(offsetOf({ page: 3, perPage: 10 })).toBe(20);
  });

  it('the number of pages: none without items, a last partial page counts', () => {
    expect(totalPages(0, 10)).toBe(0);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
  });
});
