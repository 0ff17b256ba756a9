import { FEED_MAX_EVENTS } from '../../src/modules/events/application/events.service';
import { expectSameEvents } from './support/ical-parsers';
import { SeededApp, startSeededApp } from './support/seeded-app';

/**
 * Issue 16 at scale: a feed holds the whole filtered window up to FEED_MAX_EVENTS (1,000), not a page, and
 * `X-TEC-Total` counts every matching event. Seeded data (`npm run seed`'s code): events in eleven zones with and
 * without daylight saving over five years, all-day and multi-day events, protected events, several venues. Every
 * VEVENT is read by ical.js and node-ical as the JSON pages of the same list show it.
 */
describe('iCalendar feed of a large list (issue 16)', () => {
  let s: SeededApp;
  const ALL = { start_date: '2000-01-01', end_date: '2100-12-31' };

  beforeAll(async () => {
    s = await startSeededApp({ events: 1400 });
  });
  afterAll(async () => s.t.close());

  const page = async (n: number, query: Record<string, unknown> = {}) =>
    (await s.t.http().get(`${s.t.api}/events`).query({ ...ALL, ...query, per_page: 50, page: n }).expect(200)).body;

  it(`holds the first ${FEED_MAX_EVENTS} events in list order, X-TEC-Total counting them all`, async () => {
    const first = await page(1);
    expect(first.total).toBeGreaterThan(FEED_MAX_EVENTS);
    const started = Date.now();
    const res = await s.t.http().get(`${s.t.api}/events`).query({ ...ALL, ical: 1 }).expect(200);
    const took = Date.now() - started;
    if (process.env.FEED_TIMING) console.log(`1,000-event feed: ${took} ms, ${res.text.length} characters`);
    expect(res.headers['x-tec-total']).toBe(String(first.total));
    expect(res.headers['x-tec-totalpages']).toBe('1');
    const events = [];
    const unlocked = new Map<number, Record<string, unknown>>();
    for (let n = 1; n <= FEED_MAX_EVENTS / 50; n++) {
      events.push(...(await page(n)).events);
      // The seeder protects some events with the password `sesame`: their unmasked copies say whether they are all-day.
      for (const e of (await page(n, { password: 'sesame' })).events) unlocked.set(e.id, e);
    }
    expect(events.some((e) => e.all_day === null)).toBe(true);
    expectSameEvents(res.text, events, unlocked);
    // A generous bound on a shared machine: the feed is built in one pass (three queries for its links).
    expect(took).toBeLessThan(15_000);
    // A poll of the unchanged feed: the same bytes (its text is kept, not written again), and 304 with its ETag.
    const polled = Date.now();
    const again = await s.t.http().get(`${s.t.api}/events`).query({ ...ALL, ical: 1 }).expect(200);
    expect(again.text).toBe(res.text);
    expect(again.headers.etag).toBe(res.headers.etag);
    await s.t.http().get(`${s.t.api}/events`).query({ ...ALL, ical: 1 }).set('If-None-Match', res.headers.etag).expect(304);
    if (process.env.FEED_TIMING) console.log(`two polls of the unchanged feed: ${Date.now() - polled} ms`);
  });
});
