import { MIN_INDEXED } from './search-tokens';

/**
 * SQLite's search index (migration 1764000017000-search-index): `events_search`, an FTS5 table with the `trigram`
 * tokenizer over `events.search_key` and `events.public_search_key` (external content, kept in step by triggers on
 * `events`, so every writer — repository, seeder, importer, plain SQL — keeps it exact). A word of three characters
 * or more is a phrase of its trigrams, which FTS5 finds as a substring; shorter words have no trigram and are left to
 * the `LIKE` check alone (a scan of the listed events, as before the index).
 *
 * The index only narrows: the repository keeps its `LIKE` checks on the key the reader may search, which decide.
 */

/** An FTS5 string literal: the word as one phrase (double quotes doubled inside). */
const phrase = (word: string) => `"${word.replace(/"/g, '""')}"`;

/**
 * The FTS5 query every event holding all the indexable words matches (null: no word is long enough). FTS5 reads its
 * query as a C string, so a word is cut at NUL characters into parts (an event containing the word contains each).
 */
export function ftsQueryOf(words: string[]): string | null {
  const indexable = words.flatMap((w) => w.split('\0')).filter((w) => Array.from(w).length >= MIN_INDEXED);
  return indexable.length ? indexable.map(phrase).join(' AND ') : null;
}

/** The condition on `e` narrowing a list to the FTS5 matches of the FTS5 query in `placeholder`. */
export const FTS_CANDIDATES = (placeholder: string) => `e.id IN (SELECT rowid FROM events_search WHERE events_search MATCH ${placeholder})`;
