import { FixedClock } from '../../src/shared/domain/clock';
import { startTestApp, TestApp } from './support/test-app';

/**
 * The worked example of CONTRACT §8.3 over HTTP, on the real database (SQLite, or MySQL with TEST_MYSQL_URL): every
 * row, in every site zone and comparison mode it names, including the effective bounds written into `rest_url`.
 */
const NOW = new Date('2026-11-22T15:00:00Z');

const SAMPLES = [
  { key: 'E1', start_date: '2026-11-19 18:00', end_date: '2026-11-19 21:00', timezone: 'UTC' },
  { key: 'E2', start_date: '2026-11-21 10:00', end_date: '2026-11-21 12:00', timezone: 'UTC' },
  { key: 'E3', start_date: '2026-11-20 09:00', end_date: '2026-11-23 17:00', timezone: 'UTC' },
  { key: 'E4', start_date: '2026-11-23 09:00', end_date: '2026-11-23 11:00', timezone: 'America/New_York' },
  { key: 'E5', start_date: '2026-11-24 23:30', end_date: '2026-11-25 01:00', timezone: 'Asia/Tokyo' },
  { key: 'E6', start_date: '2029-01-10 10:00', end_date: '2029-01-10 18:00', timezone: 'UTC' },
  { key: 'E7', start_date: '2026-11-23 12:00', end_date: '2026-11-23 13:00', timezone: 'UTC', hide_from_listings: true },
  { key: 'E8', start_date: '2026-11-24', end_date: '2026-11-24', timezone: 'Europe/Madrid', all_day: true },
] as const;

type Row = [row: number, query: Record<string, string>, expected: string[]];

describe.each([
  {
    zone: 'UTC',
    mode: 'event',
    rows: [
      [1, {}, ['E2', 'E4', 'E8', 'E5']],
      [3, { start_date: '2026-11-20' }, ['E3', 'E2', 'E4', 'E8', 'E5']],
      [4, { start_date: '2026-11-20 12:00', strict_dates: 'true' }, ['E2', 'E4', 'E8', 'E5']],
      [5, { end_date: '2026-11-23' }, ['E2', 'E4']],
      [6, { ends_after: '2026-11-22' }, ['E3', 'E4', 'E8', 'E5', 'E6']],
      [7, { starts_after: '2026-11-23' }, ['E8', 'E5', 'E6']],
      [8, { starts_after: '2026-11-23', strict_dates: '1' }, ['E4', 'E8', 'E5', 'E6']],
      [9, { starts_before: '2026-11-21', ends_after: '2026-11-21 06:00', strict_dates: 'yes' }, ['E3']],
      [10, { start_date: '2026-11-24', end_date: '2026-11-24' }, ['E8']],
      [13, { start_date: 'today' }, ['E4', 'E8', 'E5']],
      [14, { start_date: '2026-11-23T20:00:00-05:00', strict_dates: 'true' }, ['E5']],
      [15, { include: 'E1,E6,E7', start_date: '2026-11-24' }, ['E1', 'E6']],
    ] as Row[],
  },
  { zone: 'UTC', mode: 'site', rows: [[11, { start_date: '2026-11-24', end_date: '2026-11-24' }, ['E5']]] as Row[] },
  { zone: 'Asia/Tokyo', mode: 'event', rows: [[2, {}, ['E4', 'E8', 'E5']]] as Row[] },
  {
    zone: 'Asia/Tokyo',
    mode: 'site',
    rows: [
      [12, { start_date: '2026-11-24', end_date: '2026-11-25' }, ['E8', 'E5']],
      [15, { include: 'E1,E6,E7', start_date: '2026-11-24' }, ['E1', 'E6']],
    ] as Row[],
  },
])('§8.3 worked example, site zone $zone, mode $mode', ({ zone, mode, rows }) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const names = new Map<number, string>();

  beforeAll(async () => {
    t = await startTestApp({ CALENDAR_TIMEZONE: zone, TIMEZONE_MODE: mode }, new FixedClock(NOW));
    const editor = await t.auth('editor');
    for (const { key, ...body } of SAMPLES) {
      const res = await t.http().post(`${t.api}/events`).set('Authorization', editor).send({ title: `Worked ${key}`, ...body });
      expect(res.status).toBe(201);
      ids[key] = res.body.id;
      names.set(res.body.id, key);
    }
  });
  afterAll(async () => t.close());

  it.each(rows)('row %i: %j', async (_row, query, expected) => {
    const sent = { ...query };
    if (sent.include) sent.include = sent.include.split(',').map((k) => String(ids[k])).join(',');
    const res = await t.http().get(`${t.api}/events`).query(sent);
    expect(res.status).toBe(200);
    expect(res.body.events.map((e: { id: number }) => names.get(e.id))).toEqual(expected);
    expect(res.body.total).toBe(expected.length);
  });

  if (zone === 'UTC' && mode === 'event') {
    it('row 16: an unreadable date is 400 rest_invalid_date', async () => {
      const res = await t.http().get(`${t.api}/events`).query({ start_date: 'next blursday' });
      expect(res.status).toBe(400);
      expect(res.body.data.details.start_date.code).toBe('rest_invalid_date');
    });

    it('links carry the effective bounds (defaults and widening), then the other parameters', async () => {
      const link = async (query: Record<string, string>) =>
        (await t.http().get(`${t.api}/events`).query(query)).body.rest_url.replace(`${t.publicApi}/events/?`, '');
      expect(await link({})).toBe('page=1&per_page=10&start_date=2026-11-21%2000%3A00%3A00&end_date=2028-11-22%2023%3A59%3A59');
      expect(await link({ end_date: '2026-11-23' })).toBe(
        'page=1&per_page=10&start_date=2026-11-21%2000%3A00%3A00&end_date=2026-11-23%2023%3A59%3A59',
      );
      expect(await link({ starts_after: '2026-11-23', strict_dates: '1' })).toBe(
        'page=1&per_page=10&starts_after=2026-11-23%2000%3A00%3A00&strict_dates=1',
      );
      expect(await link({ start_date: '2026-11-23T20:00:00-05:00', strict_dates: 'true' })).toBe(
        'page=1&per_page=10&start_date=2026-11-24%2001%3A00%3A00&end_date=2028-11-22%2023%3A59%3A59&strict_dates=1',
      );
      expect(await link({ include: `${ids.E1},${ids.E6}`, start_date: '2026-11-24' })).toBe(`page=1&per_page=10&include=${ids.E1},${ids.E6}`);
    });
  }
});
