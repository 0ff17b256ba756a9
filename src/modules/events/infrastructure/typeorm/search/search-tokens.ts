/**
 * The pieces of text the MySQL/MariaDB search index is made of (see mysql-search-index.ts), as pure functions shared by
 * the repository, the seeder and the migration that builds the index for existing rows.
 *
 * A folded search key is cut at whitespace into tokens. A search word without whitespace that occurs in a key occurs
 * inside one of its tokens, so "the key contains the word" is exactly "one of the key's tokens contains the word": the
 * index stores each event's distinct tokens, and a search finds the tokens containing a word with `LIKE '%word%'` on the
 * dictionary of distinct tokens (a few hundred thousand short strings) instead of on every event's key.
 *
 * A token longer than TOKEN_MAX characters is stored as overlapping pieces TOKEN_MAX long, TOKEN_STEP apart: every
 * substring of up to EXACT_MAX characters lies wholly inside one piece. Tokens shorter than MIN_INDEXED are not stored:
 * no indexed word fits in them.
 */

/** Words shorter than this are not looked up in any index (trigrams start at 3 characters; so does this index). */
export const MIN_INDEXED = 3;
/** Longest stored token piece, in characters (a VARBINARY of 4 bytes per character holds it). */
export const TOKEN_MAX = 128;
const TOKEN_STEP = 64;
/** Longest word the token index answers exactly (a longer one is narrowed by its first EXACT_MAX characters). */
export const EXACT_MAX = TOKEN_MAX - TOKEN_STEP + 1;

/** What separates tokens: the same characters in keys and in words, which is all the argument above needs. */
const SEPARATOR = /\s+/u;

/** Characters (code points: what SUBSTRING and CHAR_LENGTH count on MySQL, and what FTS5 trigrams are made of). */
const chars = (text: string): string[] => Array.from(text);

/** The stored pieces of one token: the token itself, or overlapping TOKEN_MAX-long pieces of a longer one. */
function piecesOf(token: string[]): string[] {
  if (token.length <= TOKEN_MAX) return [token.join('')];
  const pieces: string[] = [];
  for (let start = 0; ; start += TOKEN_STEP) {
    const end = Math.min(start + TOKEN_MAX, token.length);
    pieces.push(token.slice(end - TOKEN_MAX, end).join(''));
    if (end === token.length) return pieces;
  }
}

/** The distinct stored tokens of a folded key (null: none). */
export function searchTokensOf(key: string | null): string[] {
  if (key === null) return [];
  const tokens = new Set<string>();
  for (const token of key.split(SEPARATOR)) {
    const c = chars(token);
    if (c.length >= MIN_INDEXED) for (const piece of piecesOf(c)) tokens.add(piece);
  }
  return [...tokens];
}

/** How the index serves one folded search word. */
export interface WordLookup {
  /**
   * Texts every event containing the word contains too (its whitespace-free parts, each cut to EXACT_MAX characters,
   * those long enough): the index narrows the events to those containing all of them. Empty: the index cannot help.
   */
  parts: string[];
  /** Whether containing the one part is containing the word: no further check of the event's key is needed. */
  exact: boolean;
}

export function wordLookup(word: string): WordLookup {
  const parts = word
    .split(SEPARATOR)
    .map((part) => chars(part))
    .filter((c) => c.length >= MIN_INDEXED)
    .map((c) => c.slice(0, EXACT_MAX).join(''));
  const whole = chars(word);
  const exact = parts.length === 1 && parts[0] === word && whole.length <= EXACT_MAX;
  return { parts: [...new Set(parts)], exact };
}

/** The distinct trigrams (three consecutive characters) of a token: the dictionary's own index (a token's entry). */
export function trigramsOf(token: string): string[] {
  const c = chars(token);
  const out = new Set<string>();
  for (let i = 0; i + MIN_INDEXED <= c.length; i++) out.add(c.slice(i, i + MIN_INDEXED).join(''));
  return [...out];
}

/**
 * The trigrams a dictionary lookup of a part requires (every token containing the part holds them): its first, middle
 * and last, enough to leave few tokens for the `LIKE` check that decides.
 */
export function probeTrigramsOf(part: string): string[] {
  const all = chars(part);
  const at = (i: number) => all.slice(i, i + MIN_INDEXED).join('');
  const last = all.length - MIN_INDEXED;
  return [...new Set([at(0), at(Math.floor(last / 2)), at(last)])];
}
