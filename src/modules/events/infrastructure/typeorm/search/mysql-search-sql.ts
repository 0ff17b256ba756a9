import { Bind, positional } from '../../../../../database/raw-columns';
import { escapeLike } from '../../../../../shared/domain/text';
import type { ProtectedTextReader } from '../../../domain/calendar-event';
import type { EventCriteria, EventPageRequest } from '../../../domain/event-query';
import { TOKEN_KIND } from './mysql-search-index';
import { probeTrigramsOf, wordLookup } from './search-tokens';

/**
 * The searches of the MySQL/MariaDB index (mysql-search-index.ts).
 *
 * - The tokens containing a word are found in the dictionary through its trigram index, then checked with
 *   `LIKE '%word%'` (which decides): its cost follows the tokens sharing the word's trigrams, not the dictionary's size.
 * - A list filtered only by search words, statuses and dates, whose every word the token index answers exactly (three
 *   to EXACT_MAX characters, no whitespace), is answered from the index alone: the rows of the tokens containing one
 *   word (the longest) carry the dates and statuses to check, the other words are looked up by event in the primary
 *   key, and one query gives the page and the total. Its cost follows the number of events holding the words, never
 *   the number of events listed.
 * - Any other list with a search keeps the `LIKE` checks on the events' keys, which decide; the index narrows it first
 *   to the events holding each word's long-enough parts (words shorter than three characters narrow nothing).
 */

/** Values are compared with tokens byte for byte (tokens are UTF-8 VARBINARY). */
const bytes = (text: string) => Buffer.from(text, 'utf8');

/** Dictionary ids of the tokens containing `part` (three characters or more). */
function tokensContainingSql(part: string, bind: Bind): string {
  const trigrams = probeTrigramsOf(part).map((g) => `t.id IN (SELECT g.token_id FROM search_token_trigrams g WHERE g.trigram = ${bind(bytes(g))})`);
  return `SELECT t.id FROM search_tokens t WHERE ${trigrams.join(' AND ')} AND t.token LIKE ${bind(bytes(`%${escapeLike(part)}%`))} ESCAPE ${bind('\\')}`;
}

/** Events whose key of this kind holds a token containing `part`. */
export const holdingSql = (kind: number, part: string, bind: Bind) =>
  `SELECT p.event_id FROM event_search_tokens p WHERE p.kind = ${kind} AND p.token_id IN (${tokensContainingSql(part, bind)})`;

/** The texts the search words narrow a list to (see WordLookup.parts). */
export const narrowingParts = (words: string[]): string[] => [...new Set(words.flatMap((w) => wordLookup(w).parts))];

/** Whether the list is answered by the index alone (see above). */
export function answeredByIndex(c: EventCriteria): boolean {
  const words = c.searchWords ?? [];
  return (
    words.length > 0 &&
    c.dueUntilUtc === undefined && // §3.5 read-time rule: index rows know the event's status, not its publication date
    [...words, ...(c.excludedWords ?? [])].every((w) => wordLookup(w).exact) &&
    [c.categoryIds, c.tagIds, c.venueIds, c.organizerIds, c.nearVenueIds, c.include].every((ids) => ids === undefined) &&
    [c.featured, c.ticketed, c.geoloc, c.postParent].every((v) => v === undefined)
  );
}

/**
 * Whether the reader may search the whole text of the event of index row `d` (§8.4): unprotected, their own, or
 * unlocked by the request's password (compared in binary, as the service compares it; read from `events`, only for
 * protected events).
 */
function unlocked(reader: Exclude<ProtectedTextReader, 'all'>, bind: Bind): string {
  const ways = ['d.protected = 0'];
  if (reader.authorId !== null) ways.push(`d.author_id = ${bind(reader.authorId)}`);
  if (reader.password !== null) ways.push(`EXISTS (SELECT 1 FROM events r WHERE r.id = d.event_id AND BINARY r.post_password = ${bind(reader.password)})`);
  return `(${ways.join(' OR ')})`;
}

/**
 * The list's conditions on the index rows `d` of the longest word's tokens. A word is in the key the reader may search
 * when it is in the whole text (FULL) of an event they may unlock, or in the public text (PUBLIC, the title) of one
 * they may not; the public text is the start of the whole text, so FULL holds every event that can match.
 */
function indexConditions(c: EventCriteria, bind: Bind): string[] {
  const clock = c.mode === 'event' ? 'local' : 'utc';
  const words = [...(c.searchWords ?? [])].sort((a, b) => b.length - a.length);
  const statuses = c.statuses.length ? c.statuses : ['-none-'];
  const where = [
    `d.kind = ${TOKEN_KIND.FULL} AND d.token_id IN (${tokensContainingSql(words[0], bind)})`,
    'd.hide_from_listings = 0',
    `d.status IN (${statuses.map(bind).join(', ')})`,
  ];
  if (c.restrictNonPublishToAuthor !== null) where.push(`(d.status = 'publish' OR d.author_id = ${bind(c.restrictNonPublishToAuthor)})`);
  for (const b of c.bounds) where.push(`d.${b.field}_${clock} ${b.op} ${bind(b.value)}`);
  const reader = c.protectedTextReader ?? { authorId: null, password: null };
  const open = reader === 'all' ? null : () => unlocked(reader, bind);
  for (const [i, word] of words.entries()) {
    if (i > 0) where.push(`d.event_id IN (${holdingSql(TOKEN_KIND.FULL, word, bind)})`);
    if (open) where.push(`(${open()} OR d.event_id IN (${holdingSql(TOKEN_KIND.PUBLIC, word, bind)}))`);
  }
  for (const word of c.excludedWords ?? []) {
    const notHolding = (kind: number) => `d.event_id NOT IN (${holdingSql(kind, word, bind)})`;
    where.push(open ? `CASE WHEN ${open()} THEN ${notHolding(TOKEN_KIND.FULL)} ELSE ${notHolding(TOKEN_KIND.PUBLIC)} END` : notHolding(TOKEN_KIND.FULL));
  }
  return where;
}

/**
 * The page (event ids in list order) with the list's total on every row (none when the page is past the end). An event
 * with several tokens containing the word has several rows: one group each.
 */
export function indexPageSql(c: EventCriteria, page: EventPageRequest): { sql: string; params: unknown[] } {
  const { bind, params } = positional();
  const start = `d.start_${c.mode === 'event' ? 'local' : 'utc'}`;
  const where = indexConditions(c, bind);
  const sql =
    `SELECT d.event_id AS id, ${start} AS pageStart, COUNT(*) OVER () AS total FROM event_search_tokens d WHERE ${where.join(' AND ')} ` +
    `GROUP BY d.event_id, ${start} ORDER BY ${start}, d.event_id LIMIT ${bind(page.limit)} OFFSET ${bind(page.offset)}`;
  return { sql, params };
}

/** The list's total (asked only when the page is past the end). */
export function indexCountSql(c: EventCriteria): { sql: string; params: unknown[] } {
  const { bind, params } = positional();
  const sql = `SELECT COUNT(DISTINCT d.event_id) AS n FROM event_search_tokens d WHERE ${indexConditions(c, bind).join(' AND ')}`;
  return { sql, params };
}
