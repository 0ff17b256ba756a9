import { InvalidParamsError } from '../../../shared/domain/errors';
import { computeDateWindow, DateFilterInput, DateWindow, defaultEndBound, defaultStartBound, matchesDateWindow } from './event-date-window';

const NOW = new Date('2026-11-22T15:00:00Z'); // a Sunday

interface Fixture {
  id: string;
  startLocal: string;
  endLocal: string;
  startUtc: string;
  endUtc: string;
  hidden?: boolean;
}

// CONTRACT §8.3 — sample events E1..E8 (ids increase from E1 to E8).
const EVENTS: Fixture[] = [
  { id: 'E1', startLocal: '2026-11-19 18:00:00', endLocal: '2026-11-19 21:00:00', startUtc: '2026-11-19 18:00:00', endUtc: '2026-11-19 21:00:00' },
  { id: 'E2', startLocal: '2026-11-21 10:00:00', endLocal: '2026-11-21 12:00:00', startUtc: '2026-11-21 10:00:00', endUtc: '2026-11-21 12:00:00' },
  { id: 'E3', startLocal: '2026-11-20 09:00:00', endLocal: '2026-11-23 17:00:00', startUtc: '2026-11-20 09:00:00', endUtc: '2026-11-23 17:00:00' },
  { id: 'E4', startLocal: '2026-11-23 09:00:00', endLocal: '2026-11-23 11:00:00', startUtc: '2026-11-23 14:00:00', endUtc: '2026-11-23 16:00:00' },
  { id: 'E5', startLocal: '2026-11-24 23:30:00', endLocal: '2026-11-25 01:00:00', startUtc: '2026-11-24 14:30:00', endUtc: '2026-11-24 16:00:00' },
  { id: 'E6', startLocal: '2029-01-10 10:00:00', endLocal: '2029-01-10 18:00:00', startUtc: '2029-01-10 10:00:00', endUtc: '2029-01-10 18:00:00' },
  { id: 'E7', startLocal: '2026-11-23 12:00:00', endLocal: '2026-11-23 13:00:00', startUtc: '2026-11-23 12:00:00', endUtc: '2026-11-23 13:00:00', hidden: true },
  { id: 'E8', startLocal: '2026-11-24 00:00:00', endLocal: '2026-11-24 23:59:59', startUtc: '2026-11-23 23:00:00', endUtc: '2026-11-24 22:59:59' },
];

/** What GET /events returns: visible events in the window, by start (local or UTC by mode), then id. */
function list(window: DateWindow, include?: string[]): string[] {
  const key = (e: Fixture) => (window.mode === 'site' ? e.startUtc : e.startLocal);
  return EVENTS.filter((e) => !e.hidden && (!include || include.includes(e.id)) && matchesDateWindow(window, e))
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : Number(a.id.slice(1)) - Number(b.id.slice(1))))
    .map((e) => e.id);
}

const DEFAULT_END_UTC = '2028-11-22 23:59:59';

interface Row {
  n: number;
  input: DateFilterInput & { includeIds?: string[] };
  zone: string;
  mode: 'event' | 'site';
  bounds: DateWindow['bounds'];
  applied: DateWindow['applied'];
  returned: string[];
}

const ROWS: Row[] = [
  {
    n: 1, input: {}, zone: 'UTC', mode: 'event',
    bounds: [{ op: '>=', field: 'start', value: '2026-11-21 00:00:00' }, { op: '<=', field: 'end', value: DEFAULT_END_UTC }],
    applied: [['start_date', '2026-11-21 00:00:00'], ['end_date', DEFAULT_END_UTC]],
    returned: ['E2', 'E4', 'E8', 'E5'],
  },
  {
    n: 2, input: {}, zone: 'Asia/Tokyo', mode: 'event',
    bounds: [{ op: '>=', field: 'start', value: '2026-11-22 00:00:00' }, { op: '<=', field: 'end', value: '2028-11-23 23:59:59' }],
    applied: [['start_date', '2026-11-22 00:00:00'], ['end_date', '2028-11-23 23:59:59']],
    returned: ['E4', 'E8', 'E5'],
  },
  {
    n: 3, input: { start_date: '2026-11-20' }, zone: 'UTC', mode: 'event',
    bounds: [{ op: '>=', field: 'start', value: '2026-11-20 00:00:00' }, { op: '<=', field: 'end', value: DEFAULT_END_UTC }],
    applied: [['start_date', '2026-11-20 00:00:00'], ['end_date', DEFAULT_END_UTC]],
    returned: ['E3', 'E2', 'E4', 'E8', 'E5'],
  },
  {
    n: 4, input: { start_date: '2026-11-20 12:00', strict: true }, zone: 'UTC', mode: 'event',
    bounds: [{ op: '>=', field: 'start', value: '2026-11-20 12:00:00' }, { op: '<=', field: 'end', value: DEFAULT_END_UTC }],
    applied: [['start_date', '2026-11-20 12:00:00'], ['end_date', DEFAULT_END_UTC]],
    returned: ['E2', 'E4', 'E8', 'E5'],
  },
  {
    n: 5, input: { end_date: '2026-11-23' }, zone: 'UTC', mode: 'event',
    bounds: [{ op: '>=', field: 'start', value: '2026-11-21 00:00:00' }, { op: '<=', field: 'end', value: '2026-11-23 23:59:59' }],
    applied: [['start_date', '2026-11-21 00:00:00'], ['end_date', '2026-11-23 23:59:59']],
    returned: ['E2', 'E4'],
  },
  {
    n: 6, input: { ends_after: '2026-11-22' }, zone: 'UTC', mode: 'event',
    bounds: [{ op: '>', field: 'end', value: '2026-11-22 23:59:59' }],
    applied: [['ends_after', '2026-11-22 23:59:59']],
    returned: ['E3', 'E4', 'E8', 'E5', 'E6'],
  },
  {
    n: 7, input: { starts_after: '2026-11-23' }, zone: 'UTC', mode: 'event',
    bounds: [{ op: '>', field: 'start', value: '2026-11-23 23:59:59' }],
    applied: [['starts_after', '2026-11-23 23:59:59']],
    returned: ['E8', 'E5', 'E6'],
  },
  {
    n: 8, input: { starts_after: '2026-11-23', strict: true }, zone: 'UTC', mode: 'event',
    bounds: [{ op: '>', field: 'start', value: '2026-11-23 00:00:00' }],
    applied: [['starts_after', '2026-11-23 00:00:00']],
    returned: ['E4', 'E8', 'E5', 'E6'],
  },
  {
    n: 9, input: { starts_before: '2026-11-21', ends_after: '2026-11-21 06:00', strict: true }, zone: 'UTC', mode: 'event',
    bounds: [{ op: '<', field: 'start', value: '2026-11-21 00:00:00' }, { op: '>', field: 'end', value: '2026-11-21 06:00:00' }],
    applied: [['starts_before', '2026-11-21 00:00:00'], ['ends_after', '2026-11-21 06:00:00']],
    returned: ['E3'],
  },
  {
    n: 10, input: { start_date: '2026-11-24', end_date: '2026-11-24' }, zone: 'UTC', mode: 'event',
    bounds: [{ op: '>=', field: 'start', value: '2026-11-24 00:00:00' }, { op: '<=', field: 'end', value: '2026-11-24 23:59:59' }],
    applied: [['start_date', '2026-11-24 00:00:00'], ['end_date', '2026-11-24 23:59:59']],
    returned: ['E8'],
  },
  {
    n: 11, input: { start_date: '2026-11-24', end_date: '2026-11-24' }, zone: 'UTC', mode: 'site',
    bounds: [{ op: '>=', field: 'start', value: '2026-11-24 00:00:00' }, { op: '<=', field: 'end', value: '2026-11-24 23:59:59' }],
    applied: [['start_date', '2026-11-24 00:00:00'], ['end_date', '2026-11-24 23:59:59']],
    returned: ['E5'],
  },
  {
    n: 12, input: { start_date: '2026-11-24', end_date: '2026-11-25' }, zone: 'Asia/Tokyo', mode: 'site',
    bounds: [{ op: '>=', field: 'start', value: '2026-11-23 15:00:00' }, { op: '<=', field: 'end', value: '2026-11-25 14:59:59' }],
    applied: [['start_date', '2026-11-24 00:00:00'], ['end_date', '2026-11-25 23:59:59']],
    returned: ['E8', 'E5'],
  },
  {
    n: 13, input: { start_date: 'today' }, zone: 'UTC', mode: 'event',
    bounds: [{ op: '>=', field: 'start', value: '2026-11-22 00:00:00' }, { op: '<=', field: 'end', value: DEFAULT_END_UTC }],
    applied: [['start_date', '2026-11-22 00:00:00'], ['end_date', DEFAULT_END_UTC]],
    returned: ['E4', 'E8', 'E5'],
  },
  {
    n: 14, input: { start_date: '2026-11-23T20:00:00-05:00', strict: true }, zone: 'UTC', mode: 'event',
    bounds: [{ op: '>=', field: 'start', value: '2026-11-24 01:00:00' }, { op: '<=', field: 'end', value: DEFAULT_END_UTC }],
    applied: [['start_date', '2026-11-24 01:00:00'], ['end_date', DEFAULT_END_UTC]],
    returned: ['E5'],
  },
  {
    n: 15, input: { include: true, includeIds: ['E1', 'E6', 'E7'], start_date: '2026-11-24' }, zone: 'Europe/Madrid', mode: 'event',
    bounds: [], applied: [], returned: ['E1', 'E6'],
  },
  {
    n: 15, input: { include: true, includeIds: ['E1', 'E6', 'E7'], start_date: '2026-11-24' }, zone: 'Asia/Tokyo', mode: 'site',
    bounds: [], applied: [], returned: ['E1', 'E6'],
  },
];

describe('computeDateWindow — worked example (CONTRACT §8.3)', () => {
  it.each(ROWS.map((r) => [r.n, r.zone, r.mode, r] as const))('row %d (%s, %s)', (_n, _zone, _mode, row) => {
    const { includeIds, ...input } = row.input;
    const window = computeDateWindow(input, NOW, row.zone, row.mode);
    expect(window.mode).toBe(row.mode);
    expect(window.bounds).toEqual(row.bounds);
    expect(window.applied).toEqual(row.applied);
    expect(list(window, includeIds)).toEqual(row.returned);
  });

  it.each(['UTC', 'Asia/Tokyo', 'America/New_York'])('row 16: start_date=next blursday → rest_invalid_date (%s)', (zone) => {
    expect(() => computeDateWindow({ start_date: 'next blursday' }, NOW, zone, 'event')).toThrow(InvalidParamsError);
    try {
      computeDateWindow({ start_date: 'next blursday' }, NOW, zone, 'site');
      throw new Error('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidParamsError);
      expect((e as InvalidParamsError).problems).toEqual([{ param: 'start_date', detail: 'rest_invalid_date' }]);
      expect((e as InvalidParamsError).code).toBe('rest_invalid_param');
    }
  });

  it('E7 never appears, E1 is excluded by every default window', () => {
    for (const zone of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      for (const mode of ['event', 'site'] as const) {
        const ids = list(computeDateWindow({}, NOW, zone, mode));
        expect(ids).not.toContain('E1');
        expect(ids).not.toContain('E7');
        expect(ids).not.toContain('E6');
      }
    }
  });
});

describe('computeDateWindow — errors', () => {
  it('reports every unparsable parameter in one error, in parameter order', () => {
    try {
      computeDateWindow(
        { ends_after: 'soon', start_date: 'next blursday', end_date: '2026-11-30', starts_before: '', strict: true },
        NOW, 'UTC', 'event',
      );
      throw new Error('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidParamsError);
      expect((e as InvalidParamsError).problems.map((p) => [p.param, p.detail])).toEqual([
        ['start_date', 'rest_invalid_date'],
        ['starts_before', 'rest_invalid_date'],
        ['ends_after', 'rest_invalid_date'],
      ]);
    }
  });

  it('does not validate dates when include is given', () => {
    expect(computeDateWindow({ include: true, start_date: 'next blursday' }, NOW, 'UTC', 'event')).toEqual({
      mode: 'event', bounds: [], applied: [],
    });
  });
});

describe('computeDateWindow — defaults (CONTRACT §8.2.4)', () => {
  it('no date parameter: yesterday 00:00:00 to the day 24 months ahead 23:59:59 (site zone)', () => {
    expect(computeDateWindow({}, NOW, 'America/New_York', 'event').applied).toEqual([
      ['start_date', '2026-11-21 00:00:00'], ['end_date', '2028-11-22 23:59:59'],
    ]);
    // Tokyo: already Monday 2026-11-23
    expect(computeDateWindow({}, NOW, 'Asia/Tokyo', 'event').applied).toEqual([
      ['start_date', '2026-11-22 00:00:00'], ['end_date', '2028-11-23 23:59:59'],
    ]);
    // 2026-11-22 15:00Z is 2026-11-22 04:00 in Pago Pago (UTC-11), 2026-11-23 05:00 in Kiritimati (UTC+14)
    expect(computeDateWindow({}, NOW, 'Pacific/Pago_Pago', 'event').applied[0]).toEqual(['start_date', '2026-11-21 00:00:00']);
    expect(computeDateWindow({}, NOW, 'Pacific/Kiritimati', 'event').applied[0]).toEqual(['start_date', '2026-11-22 00:00:00']);
  });

  it('same defaults in strict mode', () => {
    expect(computeDateWindow({ strict: true }, NOW, 'Europe/Madrid', 'event').applied).toEqual([
      ['start_date', '2026-11-21 00:00:00'], ['end_date', '2028-11-22 23:59:59'],
    ]);
  });

  it('24 months ahead of a day that does not exist then → last day of the month', () => {
    expect(defaultEndBound(new Date('2028-02-29T12:00:00Z'), 'UTC')).toBe('2030-02-28 23:59:59');
    expect(defaultEndBound(new Date('2026-03-31T12:00:00Z'), 'UTC')).toBe('2028-03-31 23:59:59');
    expect(defaultEndBound(new Date('2026-11-22T15:00:00Z'), 'UTC')).toBe('2028-11-22 23:59:59');
  });

  it('the defaults follow the zone and the minute they are asked in (they are remembered per zone and minute)', () => {
    const evening = new Date('2026-11-22T22:59:30Z'); // 23:59:30 in Madrid, 22:59:30 in UTC
    expect(defaultStartBound(evening, 'Europe/Madrid')).toBe('2026-11-21 00:00:00');
    expect(defaultStartBound(evening, 'UTC')).toBe('2026-11-21 00:00:00');
    expect(defaultEndBound(evening, 'Asia/Tokyo')).toBe('2028-11-23 23:59:59'); // 07:59 on the 23rd there
    expect(defaultEndBound(evening, 'Europe/Madrid')).toBe('2028-11-22 23:59:59');
    const past = new Date('2026-11-22T23:00:10Z'); // 40 s later: midnight has passed in Madrid, not in UTC
    expect([defaultStartBound(past, 'Europe/Madrid'), defaultEndBound(past, 'Europe/Madrid')]).toEqual(['2026-11-22 00:00:00', '2028-11-23 23:59:59']);
    expect(defaultStartBound(past, 'UTC')).toBe('2026-11-21 00:00:00');
    expect(() => defaultEndBound(past, 'Nowhere/Land')).toThrow('unknown site time zone');
  });

  it('only start_date sent → default end; only end_date sent → default start', () => {
    expect(computeDateWindow({ start_date: '2026-12-01' }, NOW, 'UTC', 'event').applied).toEqual([
      ['start_date', '2026-12-01 00:00:00'], ['end_date', '2028-11-22 23:59:59'],
    ]);
    expect(computeDateWindow({ end_date: '2026-12-01' }, NOW, 'UTC', 'event').applied).toEqual([
      ['start_date', '2026-11-21 00:00:00'], ['end_date', '2026-12-01 23:59:59'],
    ]);
  });

  it.each(['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const)('%s sent → no defaults', (name) => {
    const w = computeDateWindow({ [name]: '2026-12-01' }, NOW, 'UTC', 'event');
    expect(w.applied).toEqual([[name, '2026-12-01 23:59:59']]);
    const w2 = computeDateWindow({ [name]: '2026-12-01', start_date: '2026-11-01' }, NOW, 'UTC', 'event');
    expect(w2.applied).toEqual([['start_date', '2026-11-01 00:00:00'], [name, '2026-12-01 23:59:59']]);
  });

  it('lists applied bounds in parameter-table order', () => {
    const w = computeDateWindow(
      { ends_after: '2026-01-06', ends_before: '2026-01-05', starts_after: '2026-01-04', starts_before: '2026-01-03', end_date: '2026-01-02', start_date: '2026-01-01' },
      NOW, 'UTC', 'event',
    );
    expect(w.applied.map(([k]) => k)).toEqual(['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after']);
    expect(w.bounds.map((b) => `${b.field}${b.op}`)).toEqual(['start>=', 'end<=', 'start<', 'start>', 'end<', 'end>']);
  });
});

describe('computeDateWindow — strict vs not strict (CONTRACT §8.2.3)', () => {
  it.each([
    ['start_date', false, '2026-11-30 00:00:00'],
    ['end_date', false, '2026-11-30 23:59:59'],
    ['starts_before', false, '2026-11-30 23:59:59'],
    ['starts_after', false, '2026-11-30 23:59:59'],
    ['ends_before', false, '2026-11-30 23:59:59'],
    ['ends_after', false, '2026-11-30 23:59:59'],
    ['start_date', true, '2026-11-30 14:15:16'],
    ['end_date', true, '2026-11-30 14:15:16'],
    ['starts_before', true, '2026-11-30 14:15:16'],
    ['ends_after', true, '2026-11-30 14:15:16'],
  ] as const)('%s strict=%s → %s', (name, strict, value) => {
    const w = computeDateWindow({ [name]: '2026-11-30 14:15:16', strict }, NOW, 'UTC', 'event');
    expect(w.applied.find(([k]) => k === name)).toEqual([name, value]);
  });

  it('reads values in the site zone and converts instants into it before taking the day', () => {
    // 2026-11-24T02:00Z is still the 23rd in New York
    const w = computeDateWindow({ start_date: '2026-11-24T02:00:00Z' }, NOW, 'America/New_York', 'event');
    expect(w.applied[0]).toEqual(['start_date', '2026-11-23 00:00:00']);
    const strict = computeDateWindow({ start_date: '2026-11-24T02:00:00Z', strict: true }, NOW, 'America/New_York', 'event');
    expect(strict.applied[0]).toEqual(['start_date', '2026-11-23 21:00:00']);
    // a timestamp (2026-12-05T19:00Z) in Tokyo is the 6th
    expect(computeDateWindow({ end_date: '1796497200' }, NOW, 'Asia/Tokyo', 'event').applied[1]).toEqual(['end_date', '2026-12-06 23:59:59']);
  });

  it('strict relative values use the exact time', () => {
    const w = computeDateWindow({ starts_after: 'now', strict: true }, NOW, 'Europe/Madrid', 'event');
    expect(w.applied).toEqual([['starts_after', '2026-11-22 16:00:00']]);
    const w2 = computeDateWindow({ starts_after: 'now' }, NOW, 'Europe/Madrid', 'event');
    expect(w2.applied).toEqual([['starts_after', '2026-11-22 23:59:59']]);
  });
});

describe('computeDateWindow — site zones and modes (CONTRACT §8.2.5)', () => {
  const tokyoEvent = { startLocal: '2026-11-24 10:00:00', endLocal: '2026-11-24 12:00:00', startUtc: '2026-11-24 01:00:00', endUtc: '2026-11-24 03:00:00' };

  it('mode event compares the event’s own local wall clock, whatever the site zone', () => {
    for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
      const w = computeDateWindow({ start_date: '2026-11-24 10:00', end_date: '2026-11-24 12:00', strict: true }, NOW, zone, 'event');
      expect(matchesDateWindow(w, tokyoEvent)).toBe(true);
    }
  });

  it('mode site converts bounds to UTC with the site zone (west of UTC)', () => {
    const w = computeDateWindow({ start_date: '2026-11-23', end_date: '2026-11-23' }, NOW, 'America/New_York', 'site');
    expect(w.bounds).toEqual([
      { op: '>=', field: 'start', value: '2026-11-23 05:00:00' },
      { op: '<=', field: 'end', value: '2026-11-24 04:59:59' },
    ]);
    expect(w.applied).toEqual([['start_date', '2026-11-23 00:00:00'], ['end_date', '2026-11-23 23:59:59']]);
    // the Tokyo event is 2026-11-23 20:00–22:00 in New York
    expect(matchesDateWindow(w, tokyoEvent)).toBe(true);
    expect(matchesDateWindow(computeDateWindow({ start_date: '2026-11-24', end_date: '2026-11-24' }, NOW, 'America/New_York', 'site'), tokyoEvent)).toBe(false);
  });

  it('mode site, east of UTC', () => {
    const w = computeDateWindow({ start_date: '2026-11-24', end_date: '2026-11-24' }, NOW, 'Asia/Kolkata', 'site');
    expect(w.bounds).toEqual([
      { op: '>=', field: 'start', value: '2026-11-23 18:30:00' },
      { op: '<=', field: 'end', value: '2026-11-24 18:29:59' },
    ]);
    expect(matchesDateWindow(w, tokyoEvent)).toBe(true);
  });

  it('mode site on DST days uses the offset in force at each bound (Madrid, New York)', () => {
    const madridStart = computeDateWindow({ start_date: '2026-03-29', end_date: '2026-03-29' }, NOW, 'Europe/Madrid', 'site');
    expect(madridStart.bounds.map((b) => b.value)).toEqual(['2026-03-28 23:00:00', '2026-03-29 21:59:59']);
    const madridEnd = computeDateWindow({ start_date: '2026-10-25', end_date: '2026-10-25' }, NOW, 'Europe/Madrid', 'site');
    expect(madridEnd.bounds.map((b) => b.value)).toEqual(['2026-10-24 22:00:00', '2026-10-25 22:59:59']);
    const nyEnd = computeDateWindow({ start_date: '2026-11-01', end_date: '2026-11-01' }, NOW, 'America/New_York', 'site');
    expect(nyEnd.bounds.map((b) => b.value)).toEqual(['2026-11-01 04:00:00', '2026-11-02 04:59:59']);
    // strict bound inside the gap moves forward; ambiguous takes the earlier instant
    const gap = computeDateWindow({ starts_after: '2026-03-08 02:30', strict: true }, NOW, 'America/New_York', 'site');
    expect(gap.applied).toEqual([['starts_after', '2026-03-08 03:30:00']]);
    expect(gap.bounds).toEqual([{ op: '>', field: 'start', value: '2026-03-08 07:30:00' }]);
    const ambiguous = computeDateWindow({ starts_after: '2026-11-01 01:30', strict: true }, NOW, 'America/New_York', 'site');
    expect(ambiguous.bounds).toEqual([{ op: '>', field: 'start', value: '2026-11-01 05:30:00' }]);
  });

  it('multi-day and all-day events are compared by their start and end', () => {
    const multi = { startLocal: '2026-11-20 09:00:00', endLocal: '2026-11-23 17:00:00', startUtc: '2026-11-20 09:00:00', endUtc: '2026-11-23 17:00:00' };
    const running = computeDateWindow({ ends_after: 'now', strict: true }, NOW, 'UTC', 'event');
    expect(matchesDateWindow(running, multi)).toBe(true);
    expect(matchesDateWindow(computeDateWindow({ start_date: '2026-11-21' }, NOW, 'UTC', 'event'), multi)).toBe(false);
    const allDay = { startLocal: '2026-11-24 00:00:00', endLocal: '2026-11-24 23:59:59', startUtc: '2026-11-23 23:00:00', endUtc: '2026-11-24 22:59:59' };
    expect(matchesDateWindow(computeDateWindow({ start_date: '2026-11-24', end_date: '2026-11-24' }, NOW, 'UTC', 'event'), allDay)).toBe(true);
    expect(matchesDateWindow(computeDateWindow({ ends_before: '2026-11-24' }, NOW, 'UTC', 'event'), allDay)).toBe(false);
    expect(matchesDateWindow(computeDateWindow({ ends_before: '2026-11-25', strict: true }, NOW, 'UTC', 'event'), allDay)).toBe(true);
  });

  it('boundary operators: >= and <= include equality, < and > exclude it', () => {
    const e = { startLocal: '2026-12-01 10:00:00', endLocal: '2026-12-01 11:00:00', startUtc: '2026-12-01 10:00:00', endUtc: '2026-12-01 11:00:00' };
    const at = (input: DateFilterInput) => matchesDateWindow(computeDateWindow({ ...input, strict: true }, NOW, 'UTC', 'event'), e);
    expect(at({ start_date: '2026-12-01 10:00' })).toBe(true);
    expect(at({ end_date: '2026-12-01 11:00' })).toBe(true);
    expect(at({ starts_after: '2026-12-01 10:00' })).toBe(false);
    expect(at({ starts_before: '2026-12-01 10:00' })).toBe(false);
    expect(at({ ends_after: '2026-12-01 11:00' })).toBe(false);
    expect(at({ ends_before: '2026-12-01 11:00' })).toBe(false);
    expect(at({ ends_before: '2026-12-01 11:00:01' })).toBe(true);
  });
});
