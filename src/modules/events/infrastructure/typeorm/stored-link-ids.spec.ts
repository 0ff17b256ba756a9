import type { CalendarEvent } from '../../domain/calendar-event';
import { linkIdsText, parseLinkIds, rememberLinks, storedLinksOf } from './stored-link-ids';

describe('stored link ids', () => {
  it('are written venues and organizers in link order, terms by id, and read back', () => {
    const text = linkIdsText({ venueIds: [7], organizerIds: [9, 3], termIds: [12, 4, 8] });
    expect(text).toBe('[[7],[9,3],[4,8,12]]');
    expect(parseLinkIds(text)).toEqual({ venueIds: [7], organizerIds: [9, 3], termIds: [4, 8, 12] });
    expect(parseLinkIds('[[],[],[]]')).toEqual({ venueIds: [], organizerIds: [], termIds: [] });
  });

  it('unknown or unreadable ids are none (the reader then reads the link tables)', () => {
    for (const stored of [null, undefined, '', 'not json', '[[1],[2]]', '{"a":1}', '[1,2,3]']) expect(parseLinkIds(stored)).toBeNull();
  });

  it('travel with the event object read, not with a copy of it', () => {
    const event = { id: 1 } as CalendarEvent;
    expect(rememberLinks(event, '[[1],[],[2]]')).toBe(event);
    expect(storedLinksOf(event)).toEqual({ venueIds: [1], organizerIds: [], termIds: [2] });
    expect(storedLinksOf({ ...event })).toBeUndefined();
    const unknown = rememberLinks({ id: 2 } as CalendarEvent, null);
    expect(storedLinksOf(unknown)).toBeUndefined();
  });
});
