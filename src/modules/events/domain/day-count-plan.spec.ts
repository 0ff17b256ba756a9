import { boundaryMonths, dayCountPlan, dayLevelMatch, monthLevelMatch } from './day-count-plan';
import { Random } from '../../../tools/seed/random';
import { DATE_PARAMS, matchesDateWindow } from './event-date-window';

describe('dayCountPlan', () => {
  it('turns each bound inside a day into a day condition that excludes its own day, and that day into a boundary day', () => {
    const plan = dayCountPlan([
      { op: '>=', field: 'start', value: '2026-11-21 00:00:01' },
      { op: '<=', field: 'end', value: '2028-11-22 23:59:58' },
      { op: '<', field: 'start', value: '2027-01-01 12:00:00' },
      { op: '>', field: 'end', value: '2026-11-21 06:00:00' },
    ]);
    expect(plan).toEqual({
      startDays: [
        { op: '>', day: '2026-11-21' },
        { op: '<', day: '2027-01-01' },
      ],
      endDays: [
        { op: '<', day: '2028-11-22' },
        { op: '>', day: '2026-11-21' },
      ],
      startBoundaryDays: ['2026-11-21', '2027-01-01'],
      endBoundaryDays: ['2028-11-22', '2026-11-21'],
    });
  });

  it('decides a bound at a day\'s edge by the day alone: no boundary day', () => {
    const plan = dayCountPlan([
      { op: '>=', field: 'start', value: '2027-03-01 00:00:00' }, // from the 1st: after the day before
      { op: '<=', field: 'end', value: '2028-12-31 23:59:59' }, // through the 31st: before the next day
      { op: '>', field: 'end', value: '2026-11-21 23:59:59' }, // after the 21st's last second: after the 21st
      { op: '<', field: 'start', value: '2028-02-29 00:00:00' }, // before the 29th's first second: before the 29th
    ]);
    expect(plan).toEqual({
      startDays: [
        { op: '>', day: '2027-02-28' },
        { op: '<', day: '2028-02-29' },
      ],
      endDays: [
        { op: '<', day: '2029-01-01' },
        { op: '>', day: '2026-11-21' },
      ],
      startBoundaryDays: [],
      endBoundaryDays: [],
    });
    // the other edges (>= at the last second, <= at the first, > at the first, < at the last) are inside a day
    for (const [op, time] of [['>=', '23:59:59'], ['<=', '00:00:00'], ['>', '00:00:00'], ['<', '23:59:59']] as const) {
      expect(dayCountPlan([{ op, field: 'start', value: `2027-03-01 ${time}` }]).startBoundaryDays).toEqual(['2027-03-01']);
    }
  });

  it('keeps a boundary day where the next or previous day would leave years 0001–9999', () => {
    expect(dayCountPlan([{ op: '<=', field: 'end', value: '9999-12-31 23:59:59' }])).toMatchObject({ endDays: [{ op: '<', day: '9999-12-31' }], endBoundaryDays: ['9999-12-31'] });
    expect(dayCountPlan([{ op: '>=', field: 'start', value: '0001-01-01 00:00:00' }])).toMatchObject({ startDays: [{ op: '>', day: '0001-01-01' }], startBoundaryDays: ['0001-01-01'] });
    expect(dayCountPlan([{ op: '>=', field: 'start', value: '0050-01-01 00:00:00' }]).startDays).toEqual([{ op: '>', day: '0049-12-31' }]);
    expect(dayCountPlan([{ op: '>=', field: 'start', value: '0001-01-02 00:00:00' }])).toMatchObject({ startDays: [{ op: '>', day: '0001-01-01' }], startBoundaryDays: [] });
    expect(dayCountPlan([{ op: '<=', field: 'end', value: '9999-12-30 23:59:59' }])).toMatchObject({ endDays: [{ op: '<', day: '9999-12-31' }], endBoundaryDays: [] });
  });

  it('has nothing to check without bounds (include lists): every day matches', () => {
    const plan = dayCountPlan([]);
    expect(dayLevelMatch(plan, '2020-01-01', '2030-01-01')).toBe(true);
  });

  it('never contradicts the exact date predicate: the day alone decides whenever no boundary day is involved', () => {
    // A deterministic pseudo-random sweep over bounds of every operator and events around them.
    const r = new Random(7);
    const next = (n: number) => r.int(0, n - 1);
    // Times on the hour and half hour, and a day's first and last second (where a bound is decided by the day alone).
    const time = () => [() => '00:00:00', () => '23:59:59', () => `${String(next(24)).padStart(2, '0')}:${next(2) ? '00' : '30'}:00`][next(3)]();
    const wall = () => `2026-11-${String(1 + next(30)).padStart(2, '0')} ${time()}`;
    // Every operator of the six date parameters (§8.2.1).
    const ops = DATE_PARAMS.map(({ op, field }) => ({ op, field }));
    let decided = 0;
    for (let round = 0; round < 300; round++) {
      const bounds = Array.from({ length: 1 + next(3) }, () => ({ ...ops[next(ops.length)], value: wall() }));
      const plan = dayCountPlan(bounds);
      for (let i = 0; i < 40; i++) {
        const [a, b] = [wall(), wall()].sort();
        const verdict = dayLevelMatch(plan, a.slice(0, 10), b.slice(0, 10));
        if (verdict === null) continue;
        decided++;
        const exact = matchesDateWindow({ mode: 'event', bounds, applied: [] }, { startLocal: a, endLocal: b, startUtc: a, endUtc: b });
        expect({ bounds, start: a, end: b, verdict }).toEqual({ bounds, start: a, end: b, verdict: exact });
      }
    }
    expect(decided).toBeGreaterThan(1000);
  });

  it('names each month holding a condition\'s day once', () => {
    expect(boundaryMonths([])).toEqual([]);
    expect(
      boundaryMonths([
        { op: '>', day: '2026-11-21' },
        { op: '<', day: '2026-11-30' },
        { op: '<', day: '2027-01-01' },
      ]),
    ).toEqual(['2026-11', '2027-01']);
  });

  it('decides by month only outside the boundary months, and then as every day of those months would', () => {
    const plan = dayCountPlan([
      { op: '>=', field: 'start', value: '2026-11-21 00:00:00' },
      { op: '<=', field: 'end', value: '2027-02-10 23:59:59' },
    ]);
    expect(monthLevelMatch(plan, '2026-11', '2026-12')).toBeNull(); // starts in a boundary month
    expect(monthLevelMatch(plan, '2026-12', '2027-02')).toBeNull(); // ends in one
    expect(monthLevelMatch(plan, '2026-12', '2027-01')).toBe(true);
    expect(monthLevelMatch(plan, '2026-10', '2027-01')).toBe(false); // starts before the lower bound's month
    expect(monthLevelMatch(plan, '2026-12', '2027-03')).toBe(false); // ends after the upper bound's month
    expect(monthLevelMatch(dayCountPlan([]), '2020-01', '2030-01')).toBe(true);
  });

  it('never contradicts the day-level verdict of any day in the months it decides', () => {
    const r = new Random(11);
    const next = (n: number) => r.int(0, n - 1);
    const day = () => `202${6 + next(2)}-${String(1 + next(12)).padStart(2, '0')}-${String(1 + next(28)).padStart(2, '0')}`;
    const ops = DATE_PARAMS.map(({ op, field }) => ({ op, field }));
    let decided = 0;
    for (let round = 0; round < 300; round++) {
      const bounds = Array.from({ length: 1 + next(3) }, () => ({ ...ops[next(ops.length)], value: `${day()} 12:00:00` }));
      const plan = dayCountPlan(bounds);
      for (let i = 0; i < 40; i++) {
        const [a, b] = [day(), day()].sort();
        const verdict = monthLevelMatch(plan, a.slice(0, 7), b.slice(0, 7));
        if (verdict === null) continue;
        decided++;
        expect({ bounds, start: a, end: b, verdict }).toEqual({ bounds, start: a, end: b, verdict: dayLevelMatch(plan, a, b) });
      }
    }
    expect(decided).toBeGreaterThan(1000);
  });
});
