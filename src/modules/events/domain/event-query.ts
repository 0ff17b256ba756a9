import type { ProtectedTextReader } from './calendar-event';
import type { RecordStatus } from '../../../shared/domain/policy';
import type { DateBound } from './event-date-window';

/** Criteria of the event list (CONTRACT §8), already resolved to ids and bounds. Every filter ANDs. */
export interface EventCriteria {
  mode: 'event' | 'site';
  bounds: DateBound[];
  statuses: RecordStatus[];
  /** When not null, records whose status is not 'publish' must have this author. */
  restrictNonPublishToAuthor: number | null;
  /**
   * §3.5 read-time rule: when set, `future` events whose publication date is at or before this UTC wall clock count as
   * `publish` (set only while such events exist: the scheduled job has not published them yet).
   */
  dueUntilUtc?: string;
  /** Each word must occur in the folded search key; each excluded word must not. Already folded. */
  searchWords?: string[];
  excludedWords?: string[];
  /** Whose protected description and excerpt the search words may match (default: nobody's but the title). */
  protectedTextReader?: ProtectedTextReader;
  /** Events carrying any of these term ids (categories with descendants already expanded). */
  categoryIds?: number[];
  /** The one category whose subtree (itself and its descendants) `categoryIds` is, when a single one was asked. */
  categoryTree?: number;
  tagIds?: number[];
  venueIds?: number[];
  organizerIds?: number[];
  featured?: boolean;
  ticketed?: boolean;
  /** true: at least one linked venue with coordinates; false: none. */
  geoloc?: boolean;
  /** Events linked to any of these venues (venues within a radius). */
  nearVenueIds?: number[];
  include?: number[];
  postParent?: number;
  /**
   * §6.11, §8.1: who reads the list when it filters on a field a protected event's list item masks (terms, venue,
   * organizer, featured, ticketed, geoloc) and the caller is not an editor: the protected events this reader may not see
   * unlocked (not their own, another password) match those filters as their masked values would (`lockedMatches`).
   * Undefined: every event matches on its own values.
   */
  maskedFor?: { authorId: number | null; password: string | null };
}

/**
 * How a protected event the reader may not see unlocked fares under the criteria's masked-field filters (§6.11: its list
 * item shows `categories`, `tags`, `venue`, `organizer` `[]`, `featured`, `ticketed` `null`): 'never' when a filter
 * can match no masked item (a term, venue, organizer or place filter; `featured` or `ticketed` either way: `null` is
 * neither true nor false; `geoloc=1`), 'always' when the only such filter is `geoloc=0` (no venue: no coordinates),
 * null when the criteria have no masked-field filter (or no `maskedFor`). The same answer whatever the hidden values.
 */
export function lockedMatches(c: EventCriteria): 'never' | 'always' | null {
  if (c.maskedFor === undefined) return null;
  const never =
    [c.categoryIds, c.tagIds, c.venueIds, c.organizerIds, c.nearVenueIds].some((ids) => ids !== undefined) ||
    c.featured !== undefined ||
    c.ticketed !== undefined ||
    c.geoloc === true;
  if (never) return 'never';
  return c.geoloc === false ? 'always' : null;
}

export interface EventPageRequest {
  offset: number;
  limit: number;
}

/** Splits a search text into words (double-quoted parts are one word); `-word` excludes. Words are folded. */
export function parseSearch(text: string, foldFn: (s: string) => string): { words: string[]; excluded: string[] } {
  const words: string[] = [];
  const excluded: string[] = [];
  const re = /(-?)"([^"]*)"|(\S+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    let neg = false;
    let word: string;
    if (m[2] !== undefined) {
      neg = m[1] === '-';
      word = m[2];
    } else {
      word = m[3];
      if (word.startsWith('-') && word.length > 1) {
        neg = true;
        word = word.slice(1);
      }
      word = word.replace(/"/g, '');
    }
    word = foldFn(word.trim());
    if (word === '') continue;
    (neg ? excluded : words).push(word);
  }
  return { words, excluded };
}

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}
