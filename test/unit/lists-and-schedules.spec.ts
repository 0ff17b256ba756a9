import { dayCountPlan } from '../../src/modules/events/domain/day-count-plan';
import { scheduleAfter } from '../../src/modules/events/domain/event-schedule';
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
