import type { EntityManager } from 'typeorm';
import { searchTokensOf } from './search-tokens';

/**
 * The MySQL/MariaDB search index (migration 1764000017000-search-index), written by the event repository, the seeder and
 * the migration that builds it for existing rows:
 *
 * - `search_tokens (id, token)`: the dictionary of distinct tokens of every folded key (search-tokens.ts).
 * - `event_search_tokens (token_id, kind, event_id)`: which events' keys hold which tokens. Kind FULL: a token of
 *   `search_key`; kind PUBLIC: a token of `public_search_key` (what a reader who may not unlock a protected event may
 *   match). Read by token, so the events holding a token are one range of the primary key.
 * - `event_search_listing (event_id, …)`: each event's listing columns (status, hidden flag, start and end in both
 *   clocks, author, protected flag) in a narrow row, dates as DATETIME: the whole table stays in a small buffer pool, so
 *   a search checks tens of thousands of matching events' dates and statuses without reading their `events` rows
 *   (1,000,000 events: ~50 MB against ~1.1 GB).
 *
 * Dictionary entries are never removed (one no longer used matches no event).
 */
export const TOKEN_KIND = { FULL: 0, PUBLIC: 1 } as const;

/** The folded keys an event's index entries are made of, as stored in its `events` row. */
export interface SearchText {
  searchKey: string;
  publicSearchKey: string | null;
}

/** The listing columns an event's `event_search_listing` row copies (the `events` columns of the same name). */
export interface SearchListing {
  id: number;
  status: string;
  hideFromListings: boolean;
  startLocal: string;
  endLocal: string;
  startUtc: string;
  endUtc: string;
  authorId: number;
}

export type IndexedEvent = SearchListing & SearchText;

export const LISTING_COLUMNS = ['event_id', 'status', 'hide_from_listings', 'start_local', 'end_local', 'start_utc', 'end_utc', 'author_id', 'protected'];
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export const listingValuesOf = (e: IndexedEvent): unknown[] => [
  e.id,
  e.status,
  e.hideFromListings ? 1 : 0,
  e.startLocal,
  e.endLocal,
  e.startUtc,
  e.endUtc,
  e.authorId,
  e.publicSearchKey === null ? 0 : 1,
];

/** `(kind, token)` pairs of an event's keys. */
export function tokenEntriesOf(text: SearchText): Array<[number, string]> {
  return [
    ...searchTokensOf(text.searchKey).map((t): [number, string] => [TOKEN_KIND.FULL, t]),
    ...searchTokensOf(text.publicSearchKey).map((t): [number, string] => [TOKEN_KIND.PUBLIC, t]),
  ];
}

/**
 * Dictionary ids of these tokens, adding the missing ones. Inserted in sorted order: two writers adding overlapping
 * tokens then wait for each other instead of deadlocking (a deadlock would still be retried by the unit of work).
 */
export async function tokenIds(m: EntityManager, tokens: string[]): Promise<Map<string, number>> {
  const ids = await knownTokenIds(m, tokens);
  const missing = [...new Set(tokens)].filter((t) => !ids.has(t)).sort();
  for (let i = 0; i < missing.length; i += CHUNK) {
    const chunk = missing.slice(i, i + CHUNK);
    await m.query(`INSERT IGNORE INTO search_tokens (token) VALUES ${chunk.map(() => '(?)').join(', ')}`, chunk.map(toBytes));
  }
  for (const [token, id] of await knownTokenIds(m, missing)) ids.set(token, id);
  return ids;
}

const CHUNK = 500;

/** Dictionary ids of those of these tokens it holds. */
async function knownTokenIds(m: EntityManager, tokens: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const distinct = [...new Set(tokens)];
  for (let i = 0; i < distinct.length; i += CHUNK) {
    const chunk = distinct.slice(i, i + CHUNK);
    const rows = (await m.query(`SELECT id, token FROM search_tokens WHERE token IN (${marks(chunk.length)})`, chunk.map(toBytes))) as TokenRow[];
    for (const r of rows) ids.set(fromBytes(r.token), Number(r.id));
  }
  return ids;
}

interface TokenRow {
  id: unknown;
  token: Buffer | string;
}

/** Tokens are stored as their UTF-8 bytes (VARBINARY): compared and matched byte for byte, never padded or folded. */
const toBytes = (token: string) => Buffer.from(token, 'utf8');
const fromBytes = (token: Buffer | string) => (typeof token === 'string' ? token : token.toString('utf8'));

/** The stored keys of an event (before a write changes them), or null when it has no row. */
export async function storedSearchText(m: EntityManager, eventId: number): Promise<SearchText | null> {
  const [row] = (await m.query('SELECT search_key, public_search_key FROM events WHERE id = ?', [eventId])) as Array<{
    search_key: string;
    public_search_key: string | null;
  }>;
  return row ? { searchKey: row.search_key, publicSearchKey: row.public_search_key } : null;
}

/** Makes the index describe the event as just written; `previous` is what its row held before (null: a new event). */
export async function indexEvent(m: EntityManager, event: IndexedEvent, previous: SearchText | null): Promise<void> {
  await m.query(
    `INSERT INTO event_search_listing (${LISTING_COLUMNS.join(', ')}) VALUES (${marks(LISTING_COLUMNS.length)}) ` +
      `ON DUPLICATE KEY UPDATE ${LISTING_COLUMNS.slice(1).map((c) => `${c} = VALUES(${c})`).join(', ')}`,
    listingValuesOf(event),
  );
  if (previous && previous.searchKey === event.searchKey && previous.publicSearchKey === event.publicSearchKey) return;
  if (previous) await removeTokenEntries(m, event.id, previous);
  const entries = tokenEntriesOf(event);
  if (entries.length === 0) return;
  const ids = await tokenIds(m, entries.map(([, t]) => t));
  await m.query(
    `INSERT IGNORE INTO event_search_tokens (token_id, kind, event_id) VALUES ${entries.map(() => '(?, ?, ?)').join(', ')}`,
    entries.flatMap(([kind, t]) => [ids.get(t), kind, event.id]),
  );
}

async function removeTokenEntries(m: EntityManager, eventId: number, text: SearchText): Promise<void> {
  const entries = tokenEntriesOf(text);
  if (entries.length === 0) return;
  const ids = await knownTokenIds(m, entries.map(([, t]) => t));
  for (const kind of Object.values(TOKEN_KIND)) {
    const tokenIdsOfKind = entries.filter(([k, t]) => k === kind && ids.has(t)).map(([, t]) => ids.get(t));
    if (tokenIdsOfKind.length === 0) continue;
    await m.query(`DELETE FROM event_search_tokens WHERE token_id IN (${marks(tokenIdsOfKind.length)}) AND kind = ? AND event_id = ?`, [
      ...tokenIdsOfKind,
      kind,
      eventId,
    ]);
  }
}

/** Removes a deleted event from the index; `previous` is what its row held. */
export async function unindexEvent(m: EntityManager, eventId: number, previous: SearchText | null): Promise<void> {
  await m.query('DELETE FROM event_search_listing WHERE event_id = ?', [eventId]);
  if (previous) await removeTokenEntries(m, eventId, previous);
}

/** Scheduled events whose time has come: their listing rows follow their new status. */
export async function publishListed(m: EntityManager, eventIds: number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await m.query(`UPDATE event_search_listing SET status = 'publish' WHERE event_id IN (${marks(eventIds.length)})`, eventIds);
}
