import type { ImageWire } from '../../media/domain/media-item';
import type { Organizer } from '../../organizers/domain/organizer';
import type { CountedTerm } from '../../terms/domain/term';
import type { Venue } from '../../venues/domain/venue';
import type { CalendarEvent, EventLinks } from '../domain/calendar-event';

/**
 * The read model of an event (issue 18): the event with everything its wire shape embeds, already loaded, so the
 * presenter is a pure function. Venues and organizers in link order; terms with their counts, in stored order.
 */
export interface EventView {
  event: CalendarEvent;
  venues: Venue[];
  organizers: Organizer[];
  categories: CountedTerm[];
  tags: CountedTerm[];
  /** The images of the event, its venues and organizers, by media id (shared by the views of one page). */
  images: ReadonlyMap<number, ImageWire>;
}

/** The kinds of records an event view embeds besides the event. */
export type LinkedKind = 'venue' | 'organizer' | 'term' | 'image';

/**
 * Linked records read lately (issue 18), which a read that may use them — one whose answer the read cache may keep —
 * takes instead of reading them again, and keeps for the next. Values are the reader's own (domain records, image
 * wires), never changed once kept.
 */
export interface LinkedRecordMemo {
  take<T extends object>(kind: LinkedKind, id: number): T | undefined;
  keep(kind: LinkedKind, id: number, record: object): void;
}

/**
 * PORT (query side): loads the views of a page of events with a fixed number of statements whatever the page size —
 * terms with their counts, venues, organizers, and images when any is referenced — fewer when `memo` holds some.
 */
export abstract class EventViewReader {
  /** The views of `events`, in the same order, through their stored links. */
  abstract viewsOf(events: CalendarEvent[], memo?: LinkedRecordMemo): Promise<EventView[]>;
  /**
   * One event with the given links instead of its stored ones: the answer to a permanent delete shows the event as it
   * was, after its links were removed.
   */
  abstract viewWithLinks(event: CalendarEvent, links: EventLinks): Promise<EventView>;
}
