import { EXACT_MAX, searchTokensOf, TOKEN_MAX, wordLookup } from './search-tokens';

describe('search tokens (MySQL search index)', () => {
  it('cuts a key at whitespace into distinct tokens of three characters or more', () => {
    expect(searchTokensOf('jazz café\nat\tthe  jazz club')).toEqual(['jazz', 'café', 'the', 'club']);
    expect(searchTokensOf(null)).toEqual([]);
    expect(searchTokensOf('a bc')).toEqual([]);
  });

  it('counts characters, not UTF-16 units: three astral characters are a token, two are not', () => {
    expect(searchTokensOf('𝒳𝒴𝒵 𝒳𝒴')).toEqual(['𝒳𝒴𝒵']);
  });

  it('stores a long token in pieces that hold every substring of up to EXACT_MAX characters', () => {
    // Every character distinct (CJK ideographs), so a substring occurs only where it was taken from.
    const token = Array.from({ length: 3 * TOKEN_MAX + 17 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('');
    const pieces = searchTokensOf(token);
    expect(pieces.every((p) => p.length <= TOKEN_MAX && token.includes(p))).toBe(true);
    for (let start = 0; start + EXACT_MAX <= token.length; start++) {
      const word = token.slice(start, start + EXACT_MAX);
      expect({ start, found: pieces.some((p) => p.includes(word)) }).toEqual({ start, found: true });
    }
  });

  it('answers a word exactly when it is one whitespace-free part of 3 to EXACT_MAX characters', () => {
    expect(wordLookup('jazz')).toEqual({ parts: ['jazz'], exact: true });
    expect(wordLookup('ja')).toEqual({ parts: [], exact: false });
    expect(wordLookup('late show')).toEqual({ parts: ['late', 'show'], exact: false });
    expect(wordLookup('a show')).toEqual({ parts: ['show'], exact: false });
    const long = 'x'.repeat(EXACT_MAX + 1);
    expect(wordLookup(long)).toEqual({ parts: ['x'.repeat(EXACT_MAX)], exact: false });
    expect(wordLookup('x'.repeat(EXACT_MAX)).exact).toBe(true);
  });
});
