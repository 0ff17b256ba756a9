import { escapeLike } from '../../../../../shared/domain/text';
import type { ProtectedTextReader } from '../../../domain/calendar-event';
import type { EventCriteria, EventPageRequest } from '../../../domain/event-query';
import { TOKEN_KIND } from './mysql-search-index';
import { wordLookup } from './search-tokens';

/**
 * The searches of the MySQL/MariaDB index (mysql-search-index.ts).
 *
 * - A list filtered only by search words, statuses and dates, whose every word the token index answers exactly (three
 *   to EXACT_MAX characters, no whitespace), is answered from the index alone: the rows of the tokens containing one
 *   word (the longest) carry the dates and statuses to check, the other words are looked up by event in the primary
 *   key, and one query gives the page and the total. Its cost follows the number of events holding the words, never
 *   the number of events listed.
 * - Any other list with a search keeps the `LIKE` checks on the events' keys, which decide; the index narrows it first
 *   to the events holding each word's long-enough parts (words shorter than three characters narrow nothing).
 */

export interface Sql {
  sql: string;
  params: unknown[];
}

/** A `LIKE` pattern matching tokens (UTF-8 bytes) that contain `part`. */
export const containing = (part: string) => Buffer.from(`%${escapeLike(part)}%`, 'utf8');

/** Events whose key of this kind holds a token containing the part bound to `pattern` (a placeholder). */
export const holdingSql = (kind: number, pattern: string, escape: string) =>
  'SELECT p.event_id FROM event_search_tokens p ' +
  `WHERE p.kind = ${kind} AND p.token_id IN (SELECT t.id FROM search_tokens t WHERE t.token LIKE ${pattern} ESCAPE ${escape})`;

/** The texts each search word narrows a list to (see WordLookup.parts). */
export const narrowingParts = (words: string[]): string[] => [...new Set(words.flatMap((w) => wordLookup(w).parts))];

/** Whether the list is answered by the index alone (see above). */
export function answeredByIndex(c: EventCriteria): boolean {
  const words = c.searchWords ?? [];
  return (
    words.length > 0 &&
    [...words, ...(c.excludedWords ?? [])].every((w) => wordLookup(w).exact) &&
    [c.categoryIds, c.tagIds, c.venueIds, c.organizerIds, c.nearVenueIds, c.include].every((ids) => ids === undefined) &&
    [c.featured, c.ticketed, c.geoloc, c.postParent].every((v) => v === undefined)
  );
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** Holds the parameters in the order their placeholders are written. */
class Conditions {
  readonly sql: string[] = [];
  readonly params: unknown[] = [];

  add(sql: string, ...params: unknown[]): void {
    this.sql.push(sql);
    this.params.push(...params);
  }
}

const ESCAPE = '\\';
const holding = (kind: number) => holdingSql(kind, '?', '?');

/**
 * Whether the reader may search the whole text of the event of index row `d` (§8.4): unprotected, their own, or
 * unlocked by the request's password (compared in binary, as the service compares it; read from `events`, only for
 * protected events).
 */
function unlocked(reader: Exclude<ProtectedTextReader, 'all'>): Sql {
  const sql = ['d.protected = 0'];
  const params: unknown[] = [];
  if (reader.authorId !== null) {
    sql.push('d.author_id = ?');
    params.push(reader.authorId);
  }
  if (reader.password !== null) {
    sql.push('EXISTS (SELECT 1 FROM events r WHERE r.id = d.event_id AND BINARY r.post_password = ?)');
    params.push(reader.password);
  }
  return { sql: `(${sql.join(' OR ')})`, params };
}

/**
 * The list's conditions on the index rows `d` of the longest word's tokens. A word is in the key the reader may search
 * when it is in the whole text (FULL) of an event they may unlock, or in the public text (PUBLIC, the title) of one
 * they may not; the public text is the start of the whole text, so FULL holds every event that can match.
 */
function indexConditions(c: EventCriteria): Conditions {
  const where = new Conditions();
  const clock = c.mode === 'event' ? 'local' : 'utc';
  const words = [...(c.searchWords ?? [])].sort((a, b) => b.length - a.length);
  where.add(`d.kind = ${TOKEN_KIND.FULL} AND d.token_id IN (SELECT t.id FROM search_tokens t WHERE t.token LIKE ? ESCAPE ?)`, containing(words[0]), ESCAPE);
  where.add('d.hide_from_listings = 0');
  where.add(`d.status IN (${marks(Math.max(1, c.statuses.length))})`, ...(c.statuses.length ? c.statuses : ['-none-']));
  if (c.restrictNonPublishToAuthor !== null) where.add("(d.status = 'publish' OR d.author_id = ?)", c.restrictNonPublishToAuthor);
  for (const b of c.bounds) where.add(`d.${b.field}_${clock} ${b.op} ?`, b.value);
  const reader = c.protectedTextReader ?? { authorId: null, password: null };
  const open = reader === 'all' ? null : unlocked(reader);
  for (const [i, word] of words.entries()) {
    if (i > 0) where.add(`d.event_id IN (${holding(TOKEN_KIND.FULL)})`, containing(word), ESCAPE);
    if (open) where.add(`(${open.sql} OR d.event_id IN (${holding(TOKEN_KIND.PUBLIC)}))`, ...open.params, containing(word), ESCAPE);
  }
  for (const word of c.excludedWords ?? []) {
    const notHolding = (kind: number) => `d.event_id NOT IN (${holding(kind)})`;
    if (!open) where.add(notHolding(TOKEN_KIND.FULL), containing(word), ESCAPE);
    else {
      where.add(
        `CASE WHEN ${open.sql} THEN ${notHolding(TOKEN_KIND.FULL)} ELSE ${notHolding(TOKEN_KIND.PUBLIC)} END`,
        ...open.params,
        containing(word),
        ESCAPE,
        containing(word),
        ESCAPE,
      );
    }
  }
  return where;
}

/**
 * The page (event ids in list order) with the list's total on every row (none when the page is past the end). An event
 * with several tokens containing the word has several rows: one group each.
 */
export function indexPageSql(c: EventCriteria, page: EventPageRequest): Sql {
  const where = indexConditions(c);
  const start = `d.start_${c.mode === 'event' ? 'local' : 'utc'}`;
  return {
    sql:
      `SELECT d.event_id AS id, COUNT(*) OVER () AS total FROM event_search_tokens d WHERE ${where.sql.join(' AND ')} ` +
      `GROUP BY d.event_id, ${start} ORDER BY ${start}, d.event_id LIMIT ? OFFSET ?`,
    params: [...where.params, page.limit, page.offset],
  };
}

/** The list's total (asked only when the page is past the end). */
export function indexCountSql(c: EventCriteria): Sql {
  const where = indexConditions(c);
  return { sql: `SELECT COUNT(DISTINCT d.event_id) AS n FROM event_search_tokens d WHERE ${where.sql.join(' AND ')}`, params: where.params };
}
