import type { EventStamp } from '../domain/calendar-event';
import type { EventCriteria, EventPageRequest } from '../domain/event-query';

/** A page of a list as read at one data version (issue 18): its events' stamps in list order, and the total. */
export interface KeptPage {
  stamps: EventStamp[];
  total: number;
}

/**
 * What a list request whose answer the read cache may keep can reuse from earlier requests (issue 18): the rendered
 * fragments of events, and pages read at the current data version (a calendar asking for its own day sends its own
 * address, yet the same page as the calendar before it whenever the criteria come out the same: the hours of one
 * `start_date` day, a cache-busting parameter).
 */
export interface ListReuse {
  /** Whether the event is held rendered as shown (its stamp as shown; `masked`: §6.11): it need not be read. */
  hasFragment(e: EventStamp, masked: boolean): boolean;
  /** The page last kept under this key, and the data version it was read at. */
  page(key: string): { page: KeptPage; dataVersion: number } | undefined;
  keepPage(key: string, dataVersion: number, page: KeptPage): void;
}

/**
 * The key of a page: everything the statements that find it depend on — the planned criteria (which name the reader
 * wherever the answer depends on who reads) and the page's place.
 */
export const pageKey = (c: EventCriteria, page: EventPageRequest): string => `${JSON.stringify(c)} ${page.offset} ${page.limit}`;
