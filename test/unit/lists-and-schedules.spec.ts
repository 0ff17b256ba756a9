import { dayCountPlan } from '../../src/modules/events/domain/day-count-plan';
import { isWallClockYear, scheduleAfter } from '../../src/modules/events/domain/event-schedule';
import { equalsSentFields, LinkedRecord } from '../../src/modules/records/domain/linked-record';
import { CountedTerm } from '../../src/modules/terms/domain/term';
import { listTerms, TermListQuery } from '../../src/modules/terms/domain/term-list';

describe('term lists (CONTRACT §11.2)', () => {
  const term = (id: number, name: string): CountedTerm => ({ id, taxonomy: 'tag', name, slug: name, description: '', parent: 0, count: 1 });
  const q = (over: Partial<TermListQuery>): TermListQuery => ({ order: 'asc', orderby: 'name', hideEmpty: false, hierarchical: false, ...over });
  it('equal sort keys fall back to the id, ascending', () => {
    const all = [term(3, 'a'), term(1, 'a'), term(2, 'a')];
    expect(listTerms(all, q({ orderby: 'term_group' }), { page: 1, perPage: 10 }).items.map((t) => t.id)).toEqual([1, 2, 3]);
    expect(listTerms(all, q({ orderby: 'name', order: 'desc' }), { page: 1, perPage: 10 }).items.map((t) => t.id)).toEqual([1, 2, 3]);
  });
});

describe('duplicate probes of linked records (CONTRACT §10.4)', () => {
  const record = { id: 1, status: 'publish', name: 'Hall', city: 'Paris' } as unknown as LinkedRecord & { city: string };
  it('fields sent empty or not at all match anything; others match folded', () => {
    expect(equalsSentFields(record, { name: 'HALL', city: '' }, ['name', 'city'])).toBe(true);
    expect(equalsSentFields(record, { name: 'hall' }, ['name', 'city'])).toBe(true);
    expect(equalsSentFields(record, { name: 'hall', city: 'Lyon' }, ['name', 'city'])).toBe(false);
  });
});

describe('day-level date plans (issue 18)', () => {
  it('each boundary day once per field', () => {
    const plan = dayCountPlan([
      { op: '>=', field: 'start', value: '2026-11-01 10:00:00' },
      { op: '<', field: 'start', value: '2026-11-01 18:00:00' },
      { op: '>', field: 'end', value: '2026-11-02 00:00:00' },
    ]);
    expect(plan).toEqual({
      startDays: [{ op: '>', day: '2026-11-01' }, { op: '<', day: '2026-11-01' }],
      endDays: [{ op: '>', day: '2026-11-02' }],
      startBoundaryDays: ['2026-11-01'],
      endBoundaryDays: ['2026-11-02'],
    });
  });
});

describe('schedule order (CONTRACT §9.3, #17)', () => {
  const change = (startLocal: string, endLocal: string) => ({ zone: 'UTC', startLocal, endLocal, allDay: false });
  it('an end equal to the start is fine, an earlier one is refused on end_date', () => {
    expect(scheduleAfter(null, change('2026-11-01 10:00:00', '2026-11-01 10:00:00'), false).problem).toBeNull();
    expect(scheduleAfter(null, change('2026-11-01 10:00:00', '2026-11-01 09:59:59'), false).problem).toEqual({ param: 'end_date', detail: 'rest_invalid_date_range' });
  });
  it('no order is judged once a date or the zone was refused', () => {
    expect(scheduleAfter(null, change('2026-11-01 10:00:00', '2026-11-01 09:59:59'), true).problem).toBeNull();
  });
});

describe('UTC copies inside years 0001–9999 (CONTRACT §6.1; a black-box probe, 2026-11-27)', () => {
  const current = { zone: 'UTC', startLocal: '9999-12-31 22:00:00', endLocal: '9999-12-31 23:00:00', allDay: false };
  it('an all-day end moved to 23:59:59 past UTC year 9999 is refused on end_date, a start before 0001 on start_date', () => {
    expect(scheduleAfter(null, { zone: 'America/New_York', startLocal: '9999-12-31 00:00:00', endLocal: '9999-12-31 00:00:00', allDay: true }, false).problem).toEqual({ param: 'end_date', detail: 'rest_invalid_date' });
    expect(scheduleAfter(null, { zone: 'Asia/Tokyo', startLocal: '0001-01-01 00:00:00', endLocal: '0001-01-02 00:00:00', allDay: false }, false).problem).toEqual({ param: 'start_date', detail: 'rest_invalid_date' });
    expect(scheduleAfter(null, { zone: 'America/New_York', startLocal: '9999-12-31 00:00:00', endLocal: '9999-12-31 18:59:59', allDay: false }, false).problem).toBeNull();
  });
  it('a zone change alone is judged on the dates kept; nothing is judged once a date or the zone was refused', () => {
    expect(scheduleAfter(current, { zone: 'America/New_York' }, false).problem).toEqual({ param: 'start_date', detail: 'rest_invalid_date' });
    expect(scheduleAfter(current, { zone: 'America/New_York', startLocal: '9999-12-31 10:00:00' }, false).problem).toEqual({ param: 'end_date', detail: 'rest_invalid_date' });
    expect(scheduleAfter(current, { zone: 'Europe/Madrid' }, false).problem).toBeNull();
    expect(scheduleAfter(current, { zone: 'America/New_York' }, true).problem).toBeNull();
  });
  it('a wall clock is in range from 0001-01-01 to 9999-12-31', () => {
    expect(['0001-01-01 00:00:00', '9999-12-31 23:59:59'].map(isWallClockYear)).toEqual([true, true]);
    expect(['0000-12-31 23:59:59', '10000-01-01 00:00:00', '-001-01-01 00:00:00'].map(isWallClockYear)).toEqual([false, false, false]);
  });
});
