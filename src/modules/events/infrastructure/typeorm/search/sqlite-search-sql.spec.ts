import { ftsQueryOf } from './sqlite-search-sql';

describe('ftsQueryOf (SQLite FTS5 trigram narrowing)', () => {
  it('one quoted phrase per word of three characters or more, double quotes doubled', () => {
    expect(ftsQueryOf(['jazz', 'at', 'say "hi"'])).toBe('"jazz" AND "say ""hi"""');
    expect(ftsQueryOf(['at', 'by'])).toBeNull();
  });

  it('cuts words at NUL (FTS5 reads its query as a C string): each part long enough is a phrase', () => {
    expect(ftsQueryOf(['jazz\u0000night'])).toBe('"jazz" AND "night"');
    expect(ftsQueryOf(['a\u0000bcd\u0000'])).toBe('"bcd"');
    expect(ftsQueryOf(['ab\u0000c'])).toBeNull();
  });
});
