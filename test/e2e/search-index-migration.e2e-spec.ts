import { SearchIndex1764000017000 } from '../../src/database/migrations/1764000017000-search-index';
import type { CalendarEvent } from '../../src/modules/events/domain/calendar-event';
import { fold } from '../../src/shared/domain/text';
import { SeededApp, startSeededApp } from './support/seeded-app';

/**
 * Issue 18: the search index is built by the seeder's bulk load (MySQL) or by triggers (SQLite) as events are written,
 * and by its migration for the events already stored. Both must answer as the plain rule does, written out here: every
 * word in an anonymous reader's text (the title alone of a protected event, §8.4), no excluded word in it.
 */
describe('search index: seeded and built by its migration for existing events', () => {
  let s: SeededApp;
  const FROM = '2020-01-01';
  const TO = '2030-12-31';
  const SEARCHES = ['jazz', 'azz', 'cafe night', 'music -food', 'ja', 'creme brulee', 'seno', 'sesame'];

  beforeAll(async () => {
    s = await startSeededApp({ events: 1_500 });
  }, 120_000);
  afterAll(async () => s.t.close());

  const expected = (search: string) => {
    const words = search.split(' ').filter((w) => !w.startsWith('-'));
    const excluded = search.split(' ').filter((w) => w.startsWith('-')).map((w) => w.slice(1));
    const searchable = (e: CalendarEvent) => (e.postPassword === '' ? [e.title, e.description, e.excerpt].map(fold).join('\n') : fold(e.title));
    const matching = s.events
      .map(({ event }) => event)
      .filter((e) => e.status === 'publish' && !e.hideFromListings && e.startLocal >= `${FROM} 00:00:00` && e.endLocal <= `${TO} 23:59:59`)
      .filter((e) => words.every((w) => searchable(e).includes(w)) && !excluded.some((w) => searchable(e).includes(w)))
      .sort((a, b) => (a.startLocal < b.startLocal ? -1 : a.startLocal > b.startLocal ? 1 : a.id - b.id));
    return { search, total: matching.length, ids: matching.slice(0, 50).map((e) => e.id) };
  };

  const answer = async (search: string) => {
    const res = await s.t.http().get(`${s.t.api}/events`).query({ search, per_page: 50, start_date: FROM, end_date: TO });
    expect(res.status).toBe(200);
    return { search, total: res.body.total as number, ids: (res.body.events as Array<{ id: number }>).map((e) => e.id) };
  };

  it('answers as the plain rule once seeded, and again once dropped and built from the stored rows', async () => {
    const wanted = SEARCHES.map(expected);
    expect(wanted.filter((w) => w.total > 0).length).toBeGreaterThanOrEqual(6);
    for (const w of wanted) expect(await answer(w.search)).toEqual(w);

    const runner = s.t.dataSource.createQueryRunner();
    try {
      const migration = new SearchIndex1764000017000();
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    for (const w of wanted) expect(await answer(w.search)).toEqual(w);
  });
});
