import type { CalendarEvent } from '../../src/modules/events/domain/calendar-event';

/** A valid published UTC event; override what the test cares about. */
export function anEvent(id: number, over: Partial<CalendarEvent> = {}): CalendarEvent {
  const start = over.startLocal ?? '2026-12-01 10:00:00';
  const end = over.endLocal ?? '2026-12-01 12:00:00';
  return {
    id,
    authorId: 1,
    status: 'publish',
    slug: `event-${id}`,
    title: `Event ${id}`,
    description: '',
    excerpt: '',
    dateLocal: '2026-11-01 00:00:00',
    dateUtc: '2026-11-01 00:00:00',
    modifiedUtc: '2026-11-01 00:00:00',
    startLocal: start,
    endLocal: end,
    startUtc: over.startUtc ?? start,
    endUtc: over.endUtc ?? end,
    timezone: 'UTC',
    allDay: false,
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
    ...over,
  };
}
