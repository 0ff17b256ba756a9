import { MAX_LENGTH } from '../../../shared/domain/input-limits';
import { appendLineage } from '../../../shared/domain/global-id';
import type { RecordStatus } from '../../../shared/domain/policy';
import { cutKey, fold, foldKey, LONG_KEY_LENGTH } from '../../../shared/domain/text';
import { toUtc } from '../../../shared/domain/time/date-input';
import type { EventSchedule, Publication } from './event-schedule';

/**
 * An event (CONTRACT §6.2, §9). Dates are wall-clock strings: `*Local` in the event's `timezone`, `*Utc` in UTC.
 * `dateLocal` is the publication date in the event's timezone. Links (venues, organizers, terms) live beside it.
 */
export interface CalendarEvent {
  id: number;
  authorId: number;
  status: RecordStatus;
  slug: string;
  title: string;
  description: string;
  excerpt: string;
  dateLocal: string;
  dateUtc: string;
  modifiedUtc: string;
  startLocal: string;
  endLocal: string;
  startUtc: string;
  endUtc: string;
  timezone: string;
  allDay: boolean;
  /** The cost as sent (JSON of a string/number/array), or null when never set / cleared. */
  costInput: string | null;
  websiteSet: boolean;
  website: string;
  showMap: boolean;
  showMapLink: boolean;
  hideFromListings: boolean;
  sticky: boolean;
  featured: boolean;
  imageId: number | null;
  postPassword: string;
  ticketed: boolean;
  postParent: number;
  /**
   * How many times the event was changed since it was created: 0 on create, one more on every update and trash. The
   * iCalendar SEQUENCE (issue 16): it only grows, whatever the clock does and however close two updates come.
   */
  revision: number;
  /** Global ids of the records this event is a copy of (`npm run import`), shown after its own in `global_id_lineage`. */
  lineage?: string[];
}

/**
 * What a list needs to know of an event shown from its rendered fragment (issue 18): the fragment's key (id, revision,
 * status as shown) and who may see it unlocked (§6.11), without its text.
 */
export type EventStamp = Pick<CalendarEvent, 'id' | 'authorId' | 'status' | 'dateUtc' | 'postPassword' | 'revision'>;

/** The stamp of an event read whole. */
export const stampOfEvent = ({ id, authorId, status, dateUtc, postPassword, revision }: EventStamp): EventStamp => ({ id, authorId, status, dateUtc, postPassword, revision });

/** The flags a write may set (§9.2). */
export type EventFlags = Pick<CalendarEvent, 'showMap' | 'showMapLink' | 'hideFromListings' | 'sticky' | 'featured' | 'ticketed'>;

/** What a checked write sets; an undefined member keeps the current value. Schedule, publication and status are resolved. */
export interface EventChanges {
  authorId?: number;
  status: RecordStatus;
  title?: string;
  description?: string;
  excerpt?: string;
  schedule: EventSchedule;
  publication: Publication;
  /** JSON of the cost as sent; null clears. */
  costInput?: string | null;
  /** `""` clears (the event then shows its own URL, §6.2). */
  website?: string;
  postPassword?: string;
  postParent?: number;
  imageId?: number | null;
  flags: Partial<EventFlags>;
  /** Global ids this write names the event a copy of (import): appended to its lineage, never removed. */
  lineage?: readonly string[];
}

/** A new event's values before its first write: map flags on (#32), everything else empty or off. */
const NEW_EVENT_DEFAULTS = {
  slug: '',
  title: '',
  description: '',
  excerpt: '',
  costInput: null,
  websiteSet: false,
  website: '',
  showMap: true,
  showMapLink: true,
  hideFromListings: false,
  sticky: false,
  featured: false,
  imageId: null,
  postPassword: '',
  ticketed: false,
  postParent: 0,
  revision: 0,
} as const;

/** Behaviour of events: creating one and applying a checked change. `nowUtc` becomes the modification date. */
export const CalendarEvent = {
  create(id: number, authorId: number, changes: EventChanges, nowUtc: string): CalendarEvent {
    const { schedule, publication } = changes;
    const blank: CalendarEvent = {
      ...NEW_EVENT_DEFAULTS,
      id,
      authorId,
      status: changes.status,
      dateLocal: publication.local,
      dateUtc: publication.utc,
      modifiedUtc: nowUtc,
      startLocal: schedule.startLocal,
      endLocal: schedule.endLocal,
      // Stryker disable next-line StringLiteral: equivalent, withChanges computes startUtc from the schedule
      startUtc: '',
      // Stryker disable next-line StringLiteral: equivalent, withChanges computes endUtc from the schedule
      endUtc: '',
      timezone: schedule.zone,
      // Stryker disable next-line BooleanLiteral: equivalent, withChanges takes allDay from the schedule
      allDay: false,
    };
    // The first write makes revision 0: withChanges counts the changes made to an existing event.
    return { ...CalendarEvent.withChanges(blank, changes, nowUtc), revision: 0 };
  },

  withChanges(current: CalendarEvent, changes: EventChanges, nowUtc: string): CalendarEvent {
    const { schedule, publication, flags } = changes;
    const keep = <K extends keyof CalendarEvent>(key: K, value: CalendarEvent[K] | undefined) => (value === undefined ? current[key] : value);
    return {
      ...current,
      authorId: keep('authorId', changes.authorId),
      status: changes.status,
      title: keep('title', changes.title),
      description: keep('description', changes.description),
      excerpt: keep('excerpt', changes.excerpt),
      dateLocal: publication.local,
      dateUtc: publication.utc,
      modifiedUtc: nowUtc,
      startLocal: schedule.startLocal,
      endLocal: schedule.endLocal,
      startUtc: toUtc(schedule.startLocal, schedule.zone),
      endUtc: toUtc(schedule.endLocal, schedule.zone),
      timezone: schedule.zone,
      allDay: schedule.allDay,
      costInput: keep('costInput', changes.costInput),
      websiteSet: changes.website === undefined ? current.websiteSet : true,
      website: keep('website', changes.website),
      showMap: keep('showMap', flags.showMap),
      showMapLink: keep('showMapLink', flags.showMapLink),
      hideFromListings: keep('hideFromListings', flags.hideFromListings),
      sticky: keep('sticky', flags.sticky),
      featured: keep('featured', flags.featured),
      ticketed: keep('ticketed', flags.ticketed),
      postPassword: keep('postPassword', changes.postPassword),
      postParent: keep('postParent', changes.postParent),
      imageId: keep('imageId', changes.imageId),
      revision: current.revision + 1,
      ...(changes.lineage?.length ? { lineage: appendLineage(current.lineage, changes.lineage) } : {}),
    };
  },

  /** §9.10: moved to the trash now. */
  trashed(current: CalendarEvent, nowUtc: string): CalendarEvent {
    return { ...current, status: 'trash', modifiedUtc: nowUtc, revision: current.revision + 1 };
  },
};

/** Links of one event, in link order. */
export interface EventLinks {
  venueIds: number[];
  organizerIds: number[];
  termIds: number[];
}

/** The folded search key: title, description and excerpt separated by a newline (search words never contain one). */
export function searchKeyOf(e: Pick<CalendarEvent, 'title' | 'description' | 'excerpt'>): string {
  return cutKey([fold(e.title), fold(e.description), fold(e.excerpt)].join('\n'), LONG_KEY_LENGTH);
}

/**
 * What a search by a caller who cannot read a protected event's text may match (§8.4, §6.11): null when the event is
 * not protected (all of `searchKeyOf` is readable), its folded title when it is.
 */
export function publicSearchKeyOf(e: Pick<CalendarEvent, 'title' | 'postPassword'>): string | null {
  return isProtected(e) ? foldKey(e.title, LONG_KEY_LENGTH) : null;
}

/** The text of an event a search by this reader may match: all of it, or only what `publicSearchKeyOf` keeps. */
export function searchableKeyOf(e: CalendarEvent, reader: ProtectedTextReader): string {
  // A protected event's password is a non-empty string: a reader without one (null) never matches it.
  const readable = reader === 'all' || !isProtected(e) || e.authorId === reader.authorId || reader.password === e.postPassword;
  return readable ? searchKeyOf(e) : publicSearchKeyOf(e)!;
}

/**
 * Whose protected text a search reads (§6.11: who may see a protected event unlocked): every event's ('all': editors
 * and administrators), or only the caller's own events' and those whose password is the one the request sent.
 */
export type ProtectedTextReader = 'all' | { authorId: number | null; password: string | null };

export class EventRuleError extends Error {
  constructor(readonly rule: 'end-before-start') {
    super(rule);
  }
}

/** Invariant: end ≥ start (compared as wall clocks of the same zone). */
export function assertDateOrder(startLocal: string, endLocal: string): void {
  if (endLocal < startLocal) throw new EventRuleError('end-before-start');
}

/** All-day normalization of local wall clocks (§9.3). */
export function allDayBounds(startLocal: string, endLocal: string): { startLocal: string; endLocal: string } {
  return { startLocal: `${startLocal.slice(0, 10)} 00:00:00`, endLocal: `${endLocal.slice(0, 10)} 23:59:59` };
}

/** §9.9: the longest `post_password`. */
export const MAX_POST_PASSWORD_LENGTH = MAX_LENGTH.password;

export const isProtected = (e: Pick<CalendarEvent, 'postPassword'>) => e.postPassword !== '';
