import { seedDatabase } from '../../src/tools/seed/seeder';
import { captureQueries, SEED_ANCHOR, SeededApp, startSeededApp } from './support/seeded-app';

/**
 * Issue 5: listing the default window with 10,000 events in the database costs a fixed number of SQL queries per
 * request — the same at per_page 1, 10 and 50, and for pages whose events have many links or none (no N+1).
 */
describe('event list: a fixed number of SQL queries on 10,000 events', () => {
  let s: SeededApp;
  /** "Now" of a second data set, twenty years later: its default window holds only events without any link. */
  const LATER = '2046-11-22';

  beforeAll(async () => {
    // No scheduled publishing in this process: its statements would be counted with a request's.
    s = await startSeededApp({ events: 10_000, venues: 200, organizers: 200, categories: 40, tags: 100 }, { PUBLISH_DUE_INTERVAL_MS: '0' });
    await seedDatabase(
      s.t.dataSource,
      { events: 500, venues: 0, organizers: 0, categories: 0, tags: 0, seed: 2, anchor: LATER },
      { siteZone: s.t.config.calendarTimezone },
    );
  }, 120_000);
  afterAll(async () => s.t.close());

  const queriesOf = async (perPage: number, search?: string) => {
    const go = () => s.t.http().get(`${s.t.api}/events`).query({ per_page: perPage, ...(search ? { search } : {}) });
    await go(); // periodic work (publishing due records) is not part of a list request
    let body: { events: Array<Record<string, any>>; total: number } = { events: [], total: 0 };
    const queries = await captureQueries(s.t.dataSource, async () => {
      const res = await go();
      expect(res.status).toBe(200);
      body = res.body;
    });
    expect(body.events).toHaveLength(perPage);
    return { count: queries.length, events: body.events, total: body.total };
  };

  it('is the same at per_page 1, 10 and 50 and for pages with many links or none', async () => {
    s.clock.set(new Date(`${SEED_ANCHOR}T12:00:00Z`));
    const one = await queriesOf(1);
    const ten = await queriesOf(10);
    const fifty = await queriesOf(50);
    expect(one.total).toBeGreaterThan(2_000);
    const links = (e: Record<string, any>) => e.organizer.length + e.categories.length + e.tags.length + (Array.isArray(e.venue) ? e.venue.length : 1);
    expect(fifty.events.reduce((n, e) => n + links(e), 0)).toBeGreaterThan(150);

    s.clock.set(new Date(`${LATER}T12:00:00Z`));
    const bare = await queriesOf(10);
    expect(bare.events.every((e) => links(e) === 0)).toBe(true);

    expect([one.count, ten.count, fifty.count]).toEqual([one.count, one.count, one.count]);
    // the page (its ids from the index alone, then their rows, which carry their link ids) with its total in one
    // statement, then the venues, organizers, and terms with their counts by id (issue 18: the read model's plain
    // SQL; the counts are columns of the terms): one UNION ALL on MySQL, where each statement is a round trip, three
    // statements on SQLite. Events without any link need no second statement.
    expect(one.count).toBe(s.t.db === 'mysql' ? 2 : 4);
    expect(bare.count).toBe(1);
  });

  it('is the same for a search at per_page 1, 10 and 50', async () => {
    s.clock.set(new Date(`${SEED_ANCHOR}T12:00:00Z`));
    const counts = [];
    for (const perPage of [1, 10, 50]) counts.push((await queriesOf(perPage, 'jazz')).count);
    expect(counts).toEqual([counts[0], counts[0], counts[0]]);
    // MySQL: the page's ids with the total in one query of the search index, then the rows; SQLite: the page (narrowed
    // by the FTS5 index) with its rows and its total in one statement. Then the venues, organizers, and terms with
    // their counts (one statement on MySQL, three on SQLite).
    expect(counts[0]).toBe(s.t.db === 'mysql' ? 3 : 4);
  });
  // Issue 18: a single event with its venues, organizers and terms: its row (with its link ids), then the records by
  // id — one UNION ALL on MySQL, three reads on SQLite. The seeder gives no images.
  it('a single event costs two statements on MySQL, four on SQLite, by id and by slug, with the same answer', async () => {
    s.clock.set(new Date(`${SEED_ANCHOR}T12:00:00Z`));
    const page = await s.t.http().get(`${s.t.api}/events`).query({ per_page: 50 });
    const linked = page.body.events.find((e: Record<string, any>) => e.organizer.length > 1 && e.categories.length > 0 && !Array.isArray(e.venue));
    expect(linked).toBeDefined();
    const bodies: unknown[] = [];
    for (const path of [`/events/${linked.id}`, `/events/by-slug/${linked.slug.toUpperCase()}`]) {
      const queries = await captureQueries(s.t.dataSource, async () => {
        const res = await s.t.http().get(`${s.t.api}${path}`);
        expect(res.status).toBe(200);
        bodies.push(res.body);
      });
      expect({ path, count: queries.length }).toEqual({ path, count: s.t.db === 'mysql' ? 2 : 4 });
    }
    const single = bodies[0] as Record<string, any>;
    const embedded = (e: Record<string, any>) => ({
      venue: e.venue.id,
      organizers: e.organizer.map((o: { id: number }) => o.id), // in link order
      categories: e.categories.map((t: { id: number; count: number }) => [t.id, t.count]),
      tags: e.tags.map((t: { id: number }) => t.id),
    });
    expect(embedded(single)).toEqual(embedded(linked));
    expect(bodies[1]).toEqual(bodies[0]);
    const missing = await captureQueries(s.t.dataSource, async () => {
      expect((await s.t.http().get(`${s.t.api}/events/by-slug/no-such-event-here`)).status).toBe(404);
    });
    expect(missing.length).toBeGreaterThan(0);
  });

  // Issue 18: venue, organizer and term reads are plain SQL; their statements do not grow with the page either.
  it.each([
    // the total and the page (images only when a listed record has one: the seeder gives none)
    ['venues', 2],
    ['organizers', 2],
    // the taxonomy's terms and their maintained counts, then the pure list rules
    ['categories', 2],
    ['tags', 2],
  ])('a %s list costs %i statements at per_page 1, 10 and 50', async (path, expected) => {
    const counts: number[] = [];
    for (const perPage of [1, 10, 50]) {
      const queries = await captureQueries(s.t.dataSource, async () => {
        const res = await s.t.http().get(`${s.t.api}/${path}`).query({ per_page: perPage });
        expect(res.status).toBe(200);
      });
      counts.push(queries.length);
    }
    expect(counts).toEqual([expected, expected, expected]);
  });
});
