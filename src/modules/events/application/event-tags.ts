import type { CalendarEvent } from '../domain/calendar-event';

/**
 * PORT: the strong tag of an event (CONTRACT §9.11) — the hash of the body a single GET of it returns at an address —
 * which a write's `If-Match` is compared with once the write holds the event. The HTTP layer, which owns the body,
 * implements it.
 */
export abstract class EventTags {
  abstract tagOf(event: CalendarEvent, address: string): Promise<string>;
}
