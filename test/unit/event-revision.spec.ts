import { CalendarEvent, EventChanges } from '../../src/modules/events/domain/calendar-event';
import { anEvent } from '../factories/event.factory';

/** Issue 16: `revision` (the iCalendar SEQUENCE) is 0 on create and grows by one with every change and the trash. */
describe('CalendarEvent revision', () => {
  const changesOf = (e: CalendarEvent, over: Partial<EventChanges> = {}): EventChanges => ({
    status: e.status,
    schedule: { zone: e.timezone, startLocal: e.startLocal, endLocal: e.endLocal, allDay: e.allDay },
    publication: { local: e.dateLocal, utc: e.dateUtc },
    flags: {},
    ...over,
  });

  it('starts at 0 and counts every update and the trash, whatever the clock says', () => {
    const created = CalendarEvent.create(7, 1, changesOf(anEvent(7), { title: 'New' }), '2026-11-01 10:00:00');
    expect(created.revision).toBe(0);
    const once = CalendarEvent.withChanges(created, changesOf(created, { title: 'Renamed' }), '2026-11-01 10:00:00');
    const twice = CalendarEvent.withChanges(once, changesOf(once), '2026-10-01 09:00:00'); // same second, then a clock set back
    expect([once.revision, twice.revision]).toEqual([1, 2]);
    expect(CalendarEvent.trashed(twice, '2026-11-02 00:00:00').revision).toBe(3);
  });
});
