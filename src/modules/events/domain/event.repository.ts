import type { CalendarEvent, EventLinks, EventStamp } from './calendar-event';
import type { EventCriteria, EventPageRequest } from './event-query';
import { SlugIndex } from '../../../shared/domain/slug-allocation';

/** An event as a single read found it, and the data version it was read at (every committed write raises it). */
export interface ReadEvent {
  event: CalendarEvent;
  dataVersion: number;
}

/** `ReadEvent` with the event's stamp only: all a single read checks, and all a body kept at the version needs. */
export interface ReadStamp {
  stamp: EventStamp;
  dataVersion: number;
}

/**
 * The most characters of rich text (description and excerpt together) a list page's row carries (§1.4 allows 1,000,000
 * each): a longer event comes without them, and is read whole when it is rendered, one at a time, so a page of such
 * events never holds all their texts at once.
 */
export const LISTED_TEXT_LIMIT = 16_384;

/** An event as a list page reads it: whole, or without its rich texts when they are longer than LISTED_TEXT_LIMIT. */
export type ListedEvent = CalendarEvent & {
  /** Characters of description and excerpt left out of this row (both read as ''); absent when none were. */
  textsLeftOut?: number;
};

/** `e` as a list page reads it. */
export function asListed(e: CalendarEvent): ListedEvent {
  const chars = e.description.length + e.excerpt.length;
  return chars > LISTED_TEXT_LIMIT ? { ...e, description: '', excerpt: '', textsLeftOut: chars } : e;
}

/** PORT: event storage. The TypeORM adapter joins the current `uow.run` transaction. */
export abstract class EventRepository implements SlugIndex {
  /**
   * Whether a page that may show events from their rendered fragments reads their whole rows with the page anyway
   * (issue 18): where every statement is a round trip (MySQL), one wider statement costs less than the stamps first and
   * then the rows of the events not kept; where statements are cheap calls (SQLite), the narrow stamps are cheaper.
   */
  abstract readonly pagesCarryRows: boolean;
  /**
   * One page of matching events (start ASC, id ASC), the total count, and the data version (issue 18) read with them:
   * what the page shows is at least as new as that version. Long rich texts are left out (`ListedEvent`).
   */
  abstract findPage(criteria: EventCriteria, page: EventPageRequest): Promise<{ rows: ListedEvent[]; total: number; dataVersion: number }>;
  /**
   * `findPage` with only what a page needs to know of events it may show from rendered fragments (issue 18): their
   * stamps — revision, status, publication date, author, password — without their text.
   */
  abstract findPageStamps(criteria: EventCriteria, page: EventPageRequest): Promise<{ stamps: EventStamp[]; total: number; dataVersion: number }>;
  /** The events with these ids as a list page reads them (`ListedEvent`), in the order given (ids without an event are left out). */
  abstract findByIds(ids: number[]): Promise<ListedEvent[]>;
  abstract findById(id: number): Promise<CalendarEvent | null>;
  /** Slugs compare ignoring case. */
  abstract findBySlug(slug: string): Promise<CalendarEvent | null>;
  /**
   * The event a single read shows, by id or slug (ignoring case), with the data version read in the same statement
   * (issue 18): a rendering kept under that version is as current as this read.
   */
  abstract findWithDataVersion(target: { id: number } | { slug: string }): Promise<ReadEvent | null>;
  /** `findWithDataVersion` with the event's stamp only (no texts). */
  abstract findStampWithDataVersion(target: { id: number } | { slug: string }): Promise<ReadStamp | null>;
  /**
   * The data version now (issue 18): every committed write, by any process, raises it, so a page read at or after this
   * read is current as long as the version stays the same.
   */
  abstract currentDataVersion(): Promise<number>;
  /**
   * Takes the event for a write (inside `uow.run`): its latest committed state, held until the unit of work ends, so
   * no other write changes or deletes it meanwhile. Null when it does not exist (any more).
   */
  abstract lockById(id: number): Promise<CalendarEvent | null>;
  abstract lockBySlug(slug: string): Promise<CalendarEvent | null>;
  /**
   * Reads the event a write refers to (a `post_parent`) and holds it against deletion until the unit of work ends (a
   * shared lock: other writes referring to it go on). Null when it does not exist (any more).
   */
  abstract shareById(id: number): Promise<CalendarEvent | null>;
  abstract slugTaken(slug: string, exceptId?: number): Promise<boolean>;
  /** The slugs in use (by events other than `exceptId`) that are `base` or start with `base-`: one query for a new slug. */
  abstract slugFamily(base: string, exceptId?: number): Promise<Set<string>>;
  /** Stores a new event. Throws SlugConflictError when the slug is already used. */
  abstract insert(event: CalendarEvent): Promise<void>;
  /** Rewrites an event taken with `lock…`. Throws SlugConflictError when the slug is already used. */
  abstract update(event: CalendarEvent): Promise<void>;
  /**
   * Replaces the links given (undefined = leave that kind unchanged). The linked records are held against deletion
   * until the unit of work ends; throws LinkTargetsGoneError naming those that no longer exist.
   */
  abstract saveLinks(eventId: number, links: Partial<EventLinks>): Promise<void>;
  /** Permanent removal: the row, its links and term assignments; children's post_parent becomes 0. */
  abstract remove(id: number): Promise<void>;
  /** Links of many events at once (batched: one query per link table). */
  abstract loadLinks(eventIds: number[]): Promise<Map<number, EventLinks>>;
  /** Ids of events whose post_parent is `id`. */
  abstract childIds(id: number): Promise<number[]>;
  /** `future` events whose publication date (UTC) is not after `nowUtc` become `publish` (§3.5). */
  /** Publishes every `future` event dated at or before `nowUtc` (with its links and counts); how many. */
  abstract publishDue(nowUtc: string): Promise<number>;
  /** The publication date (UTC) of the earliest `future` event, null when none is scheduled. */
  abstract earliestScheduledUtc(): Promise<string | null>;
  /** Venues that have coordinates (for radius filters). */
  abstract venueCoordinates(): Promise<Array<{ id: number; lat: number; lng: number }>>;
}


/** Linked records that were deleted after the write checked them (a concurrent delete won). */
export class LinkTargetsGoneError extends Error {
  constructor(
    readonly kind: 'venue' | 'organizer' | 'term',
    readonly ids: number[],
  ) {
    super(`${kind} gone: ${ids.join(', ')}`);
  }
}
