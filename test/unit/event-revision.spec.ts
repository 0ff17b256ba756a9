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

describe('CalendarEvent changes (CONTRACT §6.2, §9.2)', () => {
  const changesOf = (e: CalendarEvent, over: Partial<EventChanges> = {}): EventChanges => ({
    status: e.status,
    schedule: { zone: e.timezone, startLocal: e.startLocal, endLocal: e.endLocal, allDay: e.allDay },
    publication: { local: e.dateLocal, utc: e.dateUtc },
    flags: {},
    ...over,
  });

  it('a website sent (even "") is set from then on; one not sent keeps what was', () => {
    const e = { ...anEvent(7), websiteSet: false, website: '' };
    expect(CalendarEvent.withChanges(e, changesOf(e), '2026-11-01 10:00:00').websiteSet).toBe(false);
    const set = CalendarEvent.withChanges(e, changesOf(e, { website: '' }), '2026-11-01 10:00:00');
    expect(set.websiteSet).toBe(true);
    expect(CalendarEvent.withChanges(set, changesOf(set), '2026-11-01 10:00:00').websiteSet).toBe(true);
  });

  it('a new event takes its UTC dates and all-day flag from its schedule', () => {
    const e = anEvent(7);
    const created = CalendarEvent.create(7, 1, changesOf(e, { schedule: { zone: 'UTC+2', startLocal: '2026-11-01 10:00:00', endLocal: '2026-11-01 12:00:00', allDay: true } }), '2026-11-01 10:00:00');
    expect(created).toMatchObject({ startUtc: '2026-11-01 08:00:00', endUtc: '2026-11-01 10:00:00', allDay: true, websiteSet: false });
  });

  it('a write naming copies appends their global ids to the lineage; one naming none keeps it', () => {
    const e = { ...anEvent(7), lineage: ['a?id=1'] };
    expect(CalendarEvent.withChanges(e, changesOf(e, { lineage: ['b?id=2', 'a?id=1'] }), '2026-11-01 10:00:00').lineage).toEqual(['a?id=1', 'b?id=2']);
    expect(CalendarEvent.withChanges(e, changesOf(e, { lineage: [] }), '2026-11-01 10:00:00').lineage).toEqual(['a?id=1']);
  });
});
