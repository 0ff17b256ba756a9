import type { EntityManager } from 'typeorm';
import { searchTokensOf, trigramsOf } from './search-tokens';

/**
 * The MySQL/MariaDB search index (migration 1764000017000-search-index), written by the event repository, the seeder and
 * the migration that builds it for existing rows:
 *
 * - `search_tokens (id, token)`: the dictionary of distinct tokens of every folded key (search-tokens.ts), and
 *   `search_token_trigrams (trigram, token_id)`, its own index: which tokens hold which trigrams. Entries are never
 *   removed (one no longer used matches no event).
 * - `event_search_tokens`: one row per token of an event's key, primary key `(token_id, kind, event_id)`. Kind FULL: a
 *   token of `search_key`; kind PUBLIC: a token of `public_search_key` (what a reader who may not unlock a protected
 *   event may match). Like the link rows (event-link-tables.ts), each row carries the event's listing columns (status,
 *   hidden flag, start and end in both clocks as DATETIME, author, protected flag): the events holding a word are one
 *   range of the primary key, and a search checks their dates and statuses there, without reading their `events` rows
 *   scattered over a table many times the buffer pool (1,000,000 events: 12,000 matches of "jazz" cost 2.4 s that way).
 */
export const TOKEN_KIND = { FULL: 0, PUBLIC: 1 } as const;

/** The folded keys and listing columns an event's index rows are made of (the `events` columns of the same names). */
export interface IndexedEvent {
  id: number;
  status: string;
  hideFromListings: boolean;
  startLocal: string;
  endLocal: string;
  startUtc: string;
  endUtc: string;
  authorId: number;
  searchKey: string;
  publicSearchKey: string | null;
}

/** The columns of `event_search_tokens`, the entry's own first, then those carried from the event. */
export const ENTRY_COLUMNS = [
  'token_id',
  'kind',
  'event_id',
  'status',
  'hide_from_listings',
  'start_local',
  'end_local',
  'start_utc',
  'end_utc',
  'author_id',
  'protected',
];

/** The event columns carried by its index rows, in ENTRY_COLUMNS order after the entry's own three. */
const carriedOf = (e: IndexedEvent): unknown[] => [
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
export function tokenEntriesOf(e: Pick<IndexedEvent, 'searchKey' | 'publicSearchKey'>): Array<[number, string]> {
  return [
    ...searchTokensOf(e.searchKey).map((t): [number, string] => [TOKEN_KIND.FULL, t]),
    ...searchTokensOf(e.publicSearchKey).map((t): [number, string] => [TOKEN_KIND.PUBLIC, t]),
  ];
}

/** The index rows of an event (ENTRY_COLUMNS values), given the dictionary ids of its tokens. */
export function entryRowsOf(e: IndexedEvent, ids: Map<string, number>): unknown[][] {
  const carried = carriedOf(e);
  return tokenEntriesOf(e).map(([kind, token]) => [ids.get(token), kind, e.id, ...carried]);
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
const CHUNK = 500;

/** Tokens are stored as their UTF-8 bytes (VARBINARY): compared and matched byte for byte, never padded or folded. */
const toBytes = (token: string) => Buffer.from(token, 'utf8');

/** Dictionary ids of those of these tokens it holds. */
async function knownTokenIds(m: EntityManager, tokens: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const distinct = [...new Set(tokens)];
  for (let i = 0; i < distinct.length; i += CHUNK) {
    const chunk = distinct.slice(i, i + CHUNK);
    const rows = (await m.query(`SELECT id, token FROM search_tokens WHERE token IN (${marks(chunk.length)})`, chunk.map(toBytes))) as Array<{
      id: unknown;
      token: Buffer;
    }>;
    for (const r of rows) ids.set(Buffer.from(r.token).toString('utf8'), Number(r.id));
  }
  return ids;
}

/**
 * Dictionary ids of these tokens, adding the missing ones with their trigrams. Inserted in sorted order: two writers
 * adding overlapping tokens then wait for each other instead of deadlocking (a deadlock would still be retried by the
 * unit of work); a token another writer added meanwhile has its trigrams written again, which changes nothing.
 */
export async function tokenIds(m: EntityManager, tokens: string[]): Promise<Map<string, number>> {
  const ids = await knownTokenIds(m, tokens);
  const missing = [...new Set(tokens)].filter((t) => !ids.has(t)).sort();
  for (let i = 0; i < missing.length; i += CHUNK) {
    const chunk = missing.slice(i, i + CHUNK);
    await m.query(`INSERT IGNORE INTO search_tokens (token) VALUES ${chunk.map(() => '(?)').join(', ')}`, chunk.map(toBytes));
  }
  const added = await knownTokenIds(m, missing);
  const trigramRows = [...added].flatMap(([token, id]) => trigramsOf(token).map((g) => [toBytes(g), id]));
  for (let i = 0; i < trigramRows.length; i += CHUNK) {
    const chunk = trigramRows.slice(i, i + CHUNK);
    await m.query(`INSERT IGNORE INTO search_token_trigrams (trigram, token_id) VALUES ${chunk.map(() => '(?, ?)').join(', ')}`, chunk.flat());
  }
  for (const [token, id] of added) ids.set(token, id);
  return ids;
}

/** Rows of `event_search_tokens` in one multi-row INSERT per 1,000. */
export async function insertEntries(m: EntityManager, rows: unknown[][]): Promise<void> {
  const tuple = `(${marks(ENTRY_COLUMNS.length)})`;
  for (let i = 0; i < rows.length; i += 1_000) {
    const chunk = rows.slice(i, i + 1_000);
    await m.query(`INSERT INTO event_search_tokens (${ENTRY_COLUMNS.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`, chunk.flat());
  }
}

const EVENT_COLUMNS =
  'id, status, hide_from_listings, start_local, end_local, start_utc, end_utc, author_id, search_key, public_search_key';

type EventColumns = Record<'id' | 'status' | 'hide_from_listings' | 'start_local' | 'end_local' | 'start_utc' | 'end_utc' | 'author_id' | 'search_key', unknown> & {
  public_search_key: string | null;
};

const indexedFrom = (r: EventColumns): IndexedEvent => ({
  id: Number(r.id),
  status: String(r.status),
  hideFromListings: Number(r.hide_from_listings) === 1,
  startLocal: String(r.start_local),
  endLocal: String(r.end_local),
  startUtc: String(r.start_utc),
  endUtc: String(r.end_utc),
  authorId: Number(r.author_id),
  searchKey: String(r.search_key),
  publicSearchKey: r.public_search_key,
});

/** The indexed columns of stored events, read from `events` (before a write changes them, or to build the index). */
export async function storedEvents(m: EntityManager, where: string, params: unknown[]): Promise<IndexedEvent[]> {
  return ((await m.query(`SELECT ${EVENT_COLUMNS} FROM events WHERE ${where}`, params)) as EventColumns[]).map(indexedFrom);
}

const sameEntries = (a: IndexedEvent, b: IndexedEvent) =>
  (Object.keys(a) as Array<keyof IndexedEvent>).every((k) => (k === 'hideFromListings' ? a[k] === b[k] : String(a[k]) === String(b[k])));

/** Makes the index describe the event as just written; `previous` is what its row held before (null: a new event). */
export async function indexEvent(m: EntityManager, event: IndexedEvent, previous: IndexedEvent | null): Promise<void> {
  if (previous && sameEntries(previous, event)) return;
  if (previous) await removeEntries(m, previous);
  const ids = await tokenIds(m, tokenEntriesOf(event).map(([, t]) => t));
  await insertEntries(m, entryRowsOf(event, ids));
}

/** Removes the index rows the event's stored columns made. */
export async function removeEntries(m: EntityManager, previous: IndexedEvent): Promise<void> {
  const entries = tokenEntriesOf(previous);
  const ids = await knownTokenIds(m, entries.map(([, t]) => t));
  for (const kind of Object.values(TOKEN_KIND)) {
    const ofKind = entries.filter(([k, t]) => k === kind && ids.has(t)).map(([, t]) => ids.get(t));
    if (ofKind.length === 0) continue;
    await m.query(`DELETE FROM event_search_tokens WHERE token_id IN (${marks(ofKind.length)}) AND kind = ? AND event_id = ?`, [
      ...ofKind,
      kind,
      previous.id,
    ]);
  }
}

/** Scheduled events published by a plain status update: their index rows follow their new status. */
export async function publishEntries(m: EntityManager, eventIds: number[]): Promise<void> {
  if (eventIds.length === 0) return;
  for (const e of await storedEvents(m, `id IN (${marks(eventIds.length)})`, eventIds)) {
    await removeEntries(m, e);
    await insertEntries(m, entryRowsOf(e, await tokenIds(m, tokenEntriesOf(e).map(([, t]) => t))));
  }
}
