import type { EntityManager } from 'typeorm';
import { forShare, forUpdate } from '../../../../database/typeorm-unit-of-work';
import type { CalendarEvent } from '../../domain/calendar-event';
import { LinkTargetsGoneError } from '../../domain/event.repository';
import { refreshLinkIds } from './stored-link-ids';

/**
 * The event link tables (migrations 1764000001000-events, 1764000008000-event-link-listing-keys,
 * 1764000010000-list-filters-in-indexes). Every link row carries the event columns a list filtered by one venue,
 * organizer or term needs (status, start, end, hidden flag), so such a list walks and counts `(link id, status, start,
 * event_id, hidden, end)` without reading the events; `terms.event_count` is the number of a term's links whose event
 * is published. The functions here keep both exact inside the caller's transaction, and with them each event's stored
 * link ids (`stored-link-ids.ts`); they are the only writers of link rows.
 */
export const LINK_TABLES = {
  venue: { table: 'event_venues', column: 'venue_id', target: 'venues' },
  organizer: { table: 'event_organizers', column: 'organizer_id', target: 'organizers' },
  term: { table: 'event_terms', column: 'term_id', target: 'terms' },
} as const;

export type LinkKind = keyof typeof LINK_TABLES;

/** The event columns copied into its link rows: link column, events column, and the event's value. */
export const CARRIED_COLUMNS = [
  { link: 'event_status', events: 'status', of: (e: CalendarEvent) => e.status as string },
  { link: 'event_start_local', events: 'start_local', of: (e: CalendarEvent) => e.startLocal },
  { link: 'event_start_utc', events: 'start_utc', of: (e: CalendarEvent) => e.startUtc },
  { link: 'event_end_local', events: 'end_local', of: (e: CalendarEvent) => e.endLocal },
  { link: 'event_end_utc', events: 'end_utc', of: (e: CalendarEvent) => e.endUtc },
  { link: 'event_hidden', events: 'hide_from_listings', of: (e: CalendarEvent) => (e.hideFromListings ? 1 : 0) },
] as const;

/** The carried values of an event, in CARRIED_COLUMNS order. */
type CarriedValues = unknown[];

export const carriedValuesOf = (e: CalendarEvent): CarriedValues => CARRIED_COLUMNS.map((c) => c.of(e));

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

/** The event's carried columns as stored (its row was written earlier in the same transaction). */
async function storedValues(m: EntityManager, eventId: number): Promise<CarriedValues | null> {
  const columns = CARRIED_COLUMNS.map((c) => c.events);
  const [row] = (await m.query(`SELECT ${columns.join(', ')} FROM events WHERE id = ?`, [eventId])) as Array<Record<string, unknown>>;
  return row ? columns.map((c) => (c === 'hide_from_listings' ? Number(row[c]) : row[c])) : null;
}

/**
 * Holds the records about to be linked until the transaction ends (a concurrent delete of one waits, and then removes
 * the new link rows too); throws LinkTargetsGoneError for those a delete removed since the write checked. Terms are
 * taken exclusively, in id order: their counts are updated next, and two writes each holding a shared lock on a term
 * would deadlock when both upgrade it.
 */
async function holdTargets(m: EntityManager, kind: LinkKind, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const lock = kind === 'term' ? forUpdate(m) : forShare(m);
  const sql = `SELECT id FROM ${LINK_TABLES[kind].target} WHERE id IN (${placeholders(ids.length)}) ORDER BY id${lock}`;
  const rows = (await m.query(sql, ids)) as Array<{ id: unknown }>;
  const found = new Set(rows.map((r) => Number(r.id)));
  const gone = ids.filter((id) => !found.has(id));
  if (gone.length > 0) throw new LinkTargetsGoneError(kind, gone);
}

/** Replaces the event's links of one kind (ids in order: `position` keeps it for venues and organizers). */
export async function replaceLinks(m: EntityManager, kind: LinkKind, eventId: number, ids: number[]): Promise<void> {
  const { table, column } = LINK_TABLES[kind];
  await holdTargets(m, kind, [...new Set(ids)]);
  const delta = kind === 'term' ? removedPublished(await termLinksOf(m, [eventId])) : new Map<number, number>();
  await m.query(`DELETE FROM ${table} WHERE event_id = ?`, [eventId]);
  const unique = [...new Set(ids)];
  const carried = unique.length ? await storedValues(m, eventId) : null;
  if (carried) {
    const positioned = kind !== 'term';
    const columns = ['event_id', column, ...(positioned ? ['position'] : []), ...CARRIED_COLUMNS.map((c) => c.link)];
    const values = unique.flatMap((id, i) => [eventId, id, ...(positioned ? [i] : []), ...carried]);
    await m.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${unique.map(() => `(${placeholders(columns.length)})`).join(', ')}`,
      values,
    );
    if (kind === 'term' && carried[0] === 'publish') for (const id of unique) add(delta, id, 1);
  }
  await adjustTermCounts(m, delta);
}

/** Copies the event's (new) columns into its link rows; term counts follow a change into or out of `publish`. */
export async function syncLinkedEvent(m: EntityManager, event: CalendarEvent): Promise<void> {
  const delta = new Map<number, number>();
  const published = event.status === 'publish' ? 1 : 0;
  for (const r of await termLinksOf(m, [event.id])) add(delta, Number(r.term_id), published - (r.event_status === 'publish' ? 1 : 0));
  const assignments = CARRIED_COLUMNS.map((c) => `${c.link} = ?`).join(', ');
  for (const { table } of Object.values(LINK_TABLES)) {
    await m.query(`UPDATE ${table} SET ${assignments} WHERE event_id = ?`, [...carriedValuesOf(event), event.id]);
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

/**
 * Removes every link to one venue, organizer or term (`links`: its link table and column), deleted or trashed; the
 * events it was linked to get their stored link ids rewritten.
 */
export async function unlinkFromEvents(m: EntityManager, links: { table: string; column: string }, id: number): Promise<void> {
  const linked = (await m.query(`SELECT event_id FROM ${links.table} WHERE ${links.column} = ?`, [id])) as Array<{ event_id: unknown }>;
  await m.query(`DELETE FROM ${links.table} WHERE ${links.column} = ?`, [id]);
  await refreshLinkIds(m, linked.map((r) => Number(r.event_id)));
}
