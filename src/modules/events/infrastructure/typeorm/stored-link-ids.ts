import type { EntityManager } from 'typeorm';
import { marks } from '../../../../database/raw-columns';
import { forUpdate, locksRows } from '../../../../database/typeorm-unit-of-work';
import type { CalendarEvent, EventLinks } from '../../domain/calendar-event';

/**
 * `events.link_ids` (migration 1764000020000): the event's venue, organizer and term ids as stored in its link tables,
 * `[[venue ids],[organizer ids],[term ids]]` (venues and organizers in link order, terms by id), written in the same
 * transaction as every change of those link rows. The read model takes a page's links from its rows instead of
 * reading three link tables by event: at 1,000,000 events with the default 128 MB buffer pool those are three random
 * page reads per event (about 30 of the 40 pages a list page of 10 touched). NULL (unknown) makes the reader fall back
 * to the link tables.
 */
export const NO_LINK_IDS = '[[],[],[]]';

/** `link_ids` of links about to be written (venues and organizers in the order given, which is their link order). */
export const linkIdsText = (links: EventLinks): string =>
  JSON.stringify([links.venueIds, links.organizerIds, [...links.termIds].sort((a, b) => a - b)]);

/** The links of an events row's `link_ids`, or null when unknown or unreadable. */
export function parseLinkIds(text: unknown): EventLinks | null {
  if (typeof text !== 'string' || text === '') return null;
  try {
    const [venueIds, organizerIds, termIds] = JSON.parse(text) as number[][];
    return Array.isArray(venueIds) && Array.isArray(organizerIds) && Array.isArray(termIds) ? { venueIds, organizerIds, termIds } : null;
  } catch {
    return null;
  }
}

/**
 * The stored links of events read for a view, by the event object the repository made from the row: a copy of the
 * event (a write's next state, a due event shown as published) has none, so a view of it reads the link tables and can
 * never show links older than the write.
 */
const storedLinks = new WeakMap<CalendarEvent, EventLinks>();

export function rememberLinks(event: CalendarEvent, linkIds: unknown): CalendarEvent {
  const links = parseLinkIds(linkIds);
  if (links) storedLinks.set(event, links);
  return event;
}

export const storedLinksOf = (event: CalendarEvent): EventLinks | undefined => storedLinks.get(event);

/**
 * Writes `link_ids` of these events from their link rows (in chunks: both databases cap a statement's placeholders).
 * The events rows are taken first (MySQL): every write of an event's links holds its row, so the link rows read next
 * are the ones the row will describe.
 */
export async function refreshLinkIds(m: EntityManager, eventIds: number[]): Promise<void> {
  const unique = [...new Set(eventIds)].sort((a, b) => a - b);
  for (let i = 0; i < unique.length; i += 1000) {
    const ids = unique.slice(i, i + 1000);
    if (locksRows(m)) await m.query(`SELECT id FROM events WHERE id IN (${marks(ids.length)}) ORDER BY id${forUpdate(m)}`, ids);
    const rows = (await m.query(
      `SELECT 0 AS k, event_id AS e, venue_id AS id, position AS p FROM event_venues WHERE event_id IN (${marks(ids.length)}) UNION ALL ` +
        `SELECT 1, event_id, organizer_id, position FROM event_organizers WHERE event_id IN (${marks(ids.length)}) UNION ALL ` +
        `SELECT 2, event_id, term_id, 0 FROM event_terms WHERE event_id IN (${marks(ids.length)})`,
      [...ids, ...ids, ...ids],
    )) as Array<{ k: unknown; e: unknown; id: unknown; p: unknown }>;
    const links = new Map(ids.map((id) => [id, [[], [], []] as Array<Array<[number, number]>>]));
    for (const r of rows) links.get(Number(r.e))?.[Number(r.k)].push([Number(r.p), Number(r.id)]);
    const text = (kinds: Array<Array<[number, number]>>) =>
      JSON.stringify(kinds.map((pairs) => pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, id]) => id)));
    await m.query(
      `UPDATE events SET link_ids = CASE id ${ids.map(() => 'WHEN ? THEN ?').join(' ')} END WHERE id IN (${marks(ids.length)})`,
      [...ids.flatMap((id) => [id, text(links.get(id) as Array<Array<[number, number]>>)]), ...ids],
    );
  }
}
