import type { EntityManager } from 'typeorm';

/**
 * The event link tables (migrations 1764000001000-events, 1764000008000-event-link-listing-keys). Every link row
 * carries its event's status and start (`event_status`, `event_start_local`, `event_start_utc`) so a list filtered by
 * one venue, organizer or term walks `(link id, status, start, event_id)` in list order; `terms.event_count` is the
 * number of a term's links whose event is published. The functions here keep both exact inside the caller's
 * transaction; they are the only writers of link rows besides the unlinking of a deleted venue, organizer or term.
 */
export const LINK_TABLES = {
  venue: { table: 'event_venues', column: 'venue_id' },
  organizer: { table: 'event_organizers', column: 'organizer_id' },
  term: { table: 'event_terms', column: 'term_id' },
} as const;

export type LinkKind = keyof typeof LINK_TABLES;

/** The event columns copied into its link rows. */
export interface LinkedEventColumns {
  status: string;
  startLocal: string;
  startUtc: string;
}

const isMysql = (m: EntityManager) => m.connection.options.type === 'mysql';

/** MySQL: read the latest committed rows and lock them (a plain read inside REPEATABLE READ may see an older snapshot). */
const forUpdate = (m: EntityManager) => (isMysql(m) ? ' FOR UPDATE' : '');

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** Adds `delta[term]` to each term's `event_count` (ids in order, so concurrent writers lock terms in the same order). */
export async function adjustTermCounts(m: EntityManager, delta: Map<number, number>): Promise<void> {
  const byAmount = new Map<number, number[]>();
  for (const [termId, d] of [...delta].sort((a, b) => a[0] - b[0])) {
    if (d !== 0) byAmount.set(d, [...(byAmount.get(d) ?? []), termId]);
  }
  for (const [d, ids] of byAmount) {
    await m.query(`UPDATE terms SET event_count = event_count + ? WHERE id IN (${placeholders(ids.length)})`, [d, ...ids]);
  }
}

const add = (delta: Map<number, number>, termId: number, d: number) => delta.set(termId, (delta.get(termId) ?? 0) + d);

/** The published-link count change of removing these term link rows. */
function removedPublished(rows: Array<{ term_id: unknown; event_status: string }>, delta = new Map<number, number>()) {
  for (const r of rows) if (r.event_status === 'publish') add(delta, Number(r.term_id), -1);
  return delta;
}

async function termLinksOf(m: EntityManager, eventIds: number[]): Promise<Array<{ term_id: unknown; event_status: string }>> {
  if (eventIds.length === 0) return [];
  return (await m.query(
    `SELECT term_id, event_status FROM event_terms WHERE event_id IN (${placeholders(eventIds.length)})${forUpdate(m)}`,
    eventIds,
  )) as Array<{ term_id: unknown; event_status: string }>;
}

/** The event's status and start as stored (its row was written earlier in the same transaction). */
async function storedColumns(m: EntityManager, eventId: number): Promise<LinkedEventColumns | null> {
  const [row] = (await m.query('SELECT status, start_local, start_utc FROM events WHERE id = ?', [eventId])) as Array<{
    status: string;
    start_local: string;
    start_utc: string;
  }>;
  return row ? { status: row.status, startLocal: row.start_local, startUtc: row.start_utc } : null;
}

/** Replaces the event's links of one kind (ids in order: `position` keeps it for venues and organizers). */
export async function replaceLinks(m: EntityManager, kind: LinkKind, eventId: number, ids: number[]): Promise<void> {
  const { table, column } = LINK_TABLES[kind];
  const delta = kind === 'term' ? removedPublished(await termLinksOf(m, [eventId])) : new Map<number, number>();
  await m.query(`DELETE FROM ${table} WHERE event_id = ?`, [eventId]);
  const unique = [...new Set(ids)];
  const event = unique.length ? await storedColumns(m, eventId) : null;
  if (event) {
    const positioned = kind !== 'term';
    const columns = ['event_id', column, ...(positioned ? ['position'] : []), 'event_status', 'event_start_local', 'event_start_utc'];
    const values = unique.flatMap((id, i) => [eventId, id, ...(positioned ? [i] : []), event.status, event.startLocal, event.startUtc]);
    await m.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${unique.map(() => `(${placeholders(columns.length)})`).join(', ')}`,
      values,
    );
    if (kind === 'term' && event.status === 'publish') for (const id of unique) add(delta, id, 1);
  }
  await adjustTermCounts(m, delta);
}

/** Copies the event's (new) status and start into its link rows; term counts follow a change into or out of `publish`. */
export async function syncLinkedEvent(m: EntityManager, eventId: number, event: LinkedEventColumns): Promise<void> {
  const delta = new Map<number, number>();
  const published = event.status === 'publish' ? 1 : 0;
  for (const r of await termLinksOf(m, [eventId])) add(delta, Number(r.term_id), published - (r.event_status === 'publish' ? 1 : 0));
  for (const { table } of Object.values(LINK_TABLES)) {
    await m.query(`UPDATE ${table} SET event_status = ?, event_start_local = ?, event_start_utc = ? WHERE event_id = ?`, [
      event.status,
      event.startLocal,
      event.startUtc,
      eventId,
    ]);
  }
  await adjustTermCounts(m, delta);
}

/** Removes every link of these events. */
export async function removeLinksOf(m: EntityManager, eventIds: number[]): Promise<void> {
  if (eventIds.length === 0) return;
  const delta = removedPublished(await termLinksOf(m, eventIds));
  for (const { table } of Object.values(LINK_TABLES)) {
    await m.query(`DELETE FROM ${table} WHERE event_id IN (${placeholders(eventIds.length)})`, eventIds);
  }
  await adjustTermCounts(m, delta);
}

/** Marks these events' link rows published (scheduled events whose date has come); they were not published before. */
export async function publishLinksOf(m: EntityManager, eventIds: number[]): Promise<void> {
  if (eventIds.length === 0) return;
  const delta = new Map<number, number>();
  for (const r of await termLinksOf(m, eventIds)) if (r.event_status !== 'publish') add(delta, Number(r.term_id), 1);
  for (const { table } of Object.values(LINK_TABLES)) {
    await m.query(`UPDATE ${table} SET event_status = 'publish' WHERE event_id IN (${placeholders(eventIds.length)})`, eventIds);
  }
  await adjustTermCounts(m, delta);
}
