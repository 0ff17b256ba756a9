import type { RecordStatus } from '../../../shared/domain/policy';
import { fold } from '../../../shared/domain/text';

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
}

/** Links of one event, in link order. */
export interface EventLinks {
  venueIds: number[];
  organizerIds: number[];
  termIds: number[];
}

export const NO_LINKS: EventLinks = Object.freeze({ venueIds: [], organizerIds: [], termIds: [] }) as EventLinks;

/** The folded search key: title, description and excerpt separated by a newline (search words never contain one). */
export function searchKeyOf(e: Pick<CalendarEvent, 'title' | 'description' | 'excerpt'>): string {
  return [fold(e.title), fold(e.description), fold(e.excerpt)].join('\n');
}

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
export const MAX_POST_PASSWORD_LENGTH = 255;

/** §9.2: an event `website` is an absolute `http`/`https` URL with a host (`""` clears it and is checked apart). */
export function isWebsiteUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

export const isProtected = (e: Pick<CalendarEvent, 'postPassword'>) => e.postPassword !== '';
