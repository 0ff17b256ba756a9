import { ResponseCache } from '../../src/shared/http/read-cache/response-cache';
import { captureQueries, SeededApp, startSeededApp } from './support/seeded-app';

/** Runs `work` with every statement advancing the app's injected clock by `ms` first (a slow database). */
async function slowly<T>(app: SeededApp, ms: number, work: () => Promise<T>): Promise<T> {
  let result: T | undefined;
  await captureQueries(app.t.dataSource, async () => {
    // Every statement is told to the logger before it runs (TypeORM's runners and `readRows` alike).
    const logger = app.t.dataSource.logger;
    const counted = logger.logQuery;
    logger.logQuery = function (this: unknown, ...args: Parameters<typeof counted>) {
      app.clock.advance(ms);
      return counted.apply(this, args);
    };
    try {
      result = await work();
    } finally {
      logger.logQuery = counted;
    }
  });
  return result as T;
}

const venueIdsOf = (events: Array<{ venue: unknown }>) =>
  events.flatMap((e) => (Array.isArray(e.venue) ? e.venue : [e.venue])).flatMap((v) => (v && typeof v === 'object' && 'id' in v ? [Number(v.id)] : []));

/**
 * Issue 18: a list page whose events were rendered lately (record fragments, under the read cache's rules) reads neither
 * their links nor presents them again; on SQLite it reads only their stamps — revision, status as shown, publication
 * date, author and password — not their rows (on MySQL the rows come with the page's one statement: a second statement
 * would cost a round trip). The answer is the one the database path gives. Different addresses showing the same
 * events, as a calendar asking for its own day.
 */
describe('event list pages from kept fragments', () => {
  let s: SeededApp;

  beforeAll(async () => {
    s = await startSeededApp({ events: 300 }, { READ_CACHE_TTL_MS: '60000', PUBLISH_DUE_INTERVAL_MS: '0' });
  }, 120_000);
  afterAll(async () => s.t.close());

  const list = (query: Record<string, string | number>) => s.t.http().get(`${s.t.api}/events`).query(query);

  it('reads the page and its total in one statement, no links, and answers what the database path answers', async () => {
    await list({ per_page: 20 }); // renders the first twenty events
    const queries = await captureQueries(s.t.dataSource, async () => {
      const res = await list({ per_page: 10, page: 2 }); // another address, the same events (11–20)
      expect(res.status).toBe(200);
    });
    const sql = queries.map((q) => q.sql);
    expect(sql).toHaveLength(1);
    expect(sql.some((q) => /\bdescription\b/.test(q))).toBe(s.t.db === 'mysql'); // SQLite: no event row read
    expect(sql.some((q) => /event_venues|event_organizers|event_terms/.test(q))).toBe(false); // no links read
    const stamps = queries.find((q) => /pageTotal/.test(q.sql) && /e\.revision/.test(q.sql));
    expect(stamps).toBeDefined();
    // the page's events are joined by key (the page query's own plan is list-query-plans' subject)
    if (s.t.db === 'mysql') {
      const plan = (await s.t.dataSource.query(`EXPLAIN ${stamps!.sql}`, stamps!.params)) as Array<{ table: string; type: string; key: string | null }>;
      expect(plan.filter((row) => row.table === 'e' && row.key === 'PRIMARY' && row.type === 'eq_ref')).toHaveLength(1);
    } else {
      const plan = ((await s.t.dataSource.query(`EXPLAIN QUERY PLAN ${stamps!.sql}`, stamps!.params)) as Array<{ detail: string }>).map((r) => r.detail);
      expect(plan.some((d) => /^SEARCH e USING (INDEX|PRIMARY KEY|INTEGER PRIMARY KEY)/.test(d))).toBe(true);
    }

    // A request with a password takes no part in the read cache: every event is read and presented from the database
    // (a wrong password unlocks nothing, so the answer is the anonymous one).
    const fromFragments = await list({ per_page: 10, page: 2 });
    const fromDatabase = await list({ per_page: 10, page: 2, password: 'not-the-password' });
    expect(fromFragments.body.events).toHaveLength(10);
    expect(fromFragments.text).toBe(fromDatabase.text.replace(/&password=not-the-password/g, ''));
  });

  it('reads the rows (SQLite) and links of the events it has not rendered only, and only the linked records it has not read lately', async () => {
    s.t.app.get(ResponseCache).invalidate(); // nothing kept from the test before
    const earlier = await list({ per_page: 5, page: 9 }); // events 41–45
    const venuesReadEarlier = new Set(venueIdsOf(earlier.body.events));
    const queries = await captureQueries(s.t.dataSource, async () => {
      expect((await list({ per_page: 6, page: 7 })).status).toBe(200); // events 37–42: 37–40 new
    });
    const rows = queries.find((q) => /\bdescription\b/.test(q.sql) && /FROM events e WHERE e\.id IN/.test(q.sql));
    if (s.t.db === 'mysql') expect(rows).toBeUndefined();
    else expect(rows?.params).toHaveLength(4);
    // The records of the new events' links by id (their stored link ids, no link table read): one venue each, but not
    // those the page before read (LinkedRecordCache).
    const venues = queries.find((q) => /FROM venues r WHERE r\.id IN/.test(q.sql));
    const linked = await s.t.dataSource.query(
      `SELECT DISTINCT venue_id FROM event_venues WHERE event_id IN (${rows ? rows.params.map(() => '?').join(', ') : 'NULL'})`,
      rows?.params ?? [],
    );
    const sorted = (ids: unknown[]) => [...new Set(ids.map(Number))].sort((a, b) => a - b);
    const unread = linked.map((r: { venue_id: unknown }) => Number(r.venue_id)).filter((id: number) => !venuesReadEarlier.has(id));
    if (s.t.db === 'sqlite') expect(sorted(venues?.params ?? [])).toEqual(sorted(unread));
    expect(queries.some((q) => /FROM event_(venues|organizers|terms)\b/.test(q.sql))).toBe(false);
  });

  it('reads no linked record it read lately, yet never serves one older than the read cache lifetime', async () => {
    const ttlApp = await startSeededApp({ events: 60 }, { READ_CACHE_TTL_MS: '1000', PUBLISH_DUE_INTERVAL_MS: '0' });
    try {
      type Listed = { id: number; venue: { id?: number; venue?: string } };
      const get = async (query: Record<string, number>) => (await ttlApp.t.http().get(`${ttlApp.t.api}/events`).query(query).expect(200)).body.events as Listed[];
      ttlApp.clock.advance(5_000);
      await get({ per_page: 10 });
      const venue = (await get({ per_page: 10 })).map((e) => e.venue).find((v) => v && v.id)!; // stored from the 2nd request
      // Another instance renames the venue (no Redis between them): this process is not told.
      await ttlApp.t.dataSource.query('UPDATE venues SET name = ? WHERE id = ?', ['Renamed elsewhere', venue.id]);
      ttlApp.clock.advance(600);
      const queries = await captureQueries(ttlApp.t.dataSource, () => get({ per_page: 10, page: 2 })); // rendered now
      const read = queries.filter((q) => /FROM venues r WHERE r\.id IN/.test(q.sql)).flatMap((q) => q.params.map(Number));
      expect(read).not.toContain(venue.id); // taken from the records read 600 ms ago
      await get({ per_page: 10, page: 2 }); // this answer is stored, made of the venue read 600 ms ago
      // 1 s after the venue was read, nothing made from it is served: not the records, fragments or stored answers.
      ttlApp.clock.advance(400);
      const shown = [...(await get({ per_page: 10 })), ...(await get({ per_page: 10, page: 2 })), ...(await get({ per_page: 20 }))];
      const withVenue = shown.filter((e) => e.venue?.id === venue.id);
      expect(withVenue.length).toBeGreaterThan(0);
      expect(new Set(withVenue.map((e) => e.venue.venue))).toEqual(new Set(['Renamed elsewhere']));
    } finally {
      await ttlApp.t.close();
    }
  });

  it('dates what a slow request keeps by its start, so slow statements do not make old data look young', async () => {
    const ttlApp = await startSeededApp({ events: 30 }, { READ_CACHE_TTL_MS: '1000', PUBLISH_DUE_INTERVAL_MS: '0' });
    try {
      type Listed = { id: number; venue: { id?: number; venue?: string } };
      const get = async () => (await ttlApp.t.http().get(`${ttlApp.t.api}/events`).query({ per_page: 10 }).expect(200)).body.events as Listed[];
      ttlApp.clock.advance(5_000);
      const startedAt = ttlApp.clock.now().getTime();
      // Every statement of the first request takes 100 ms on the injected clock: its venue is read 100–300 ms after
      // the request began, and its fragments are kept several statements later.
      const first = await slowly(ttlApp, 100, get);
      const tookMs = ttlApp.clock.now().getTime() - startedAt;
      expect(tookMs).toBeGreaterThanOrEqual(300); // page (and rows), links, images
      await get(); // joined from the kept fragments: stored
      const venue = first.map((e) => e.venue).find((v) => v && v.id)!;
      await ttlApp.t.dataSource.query('UPDATE venues SET name = ? WHERE id = ?', ['Renamed elsewhere', venue.id]);
      // More than a lifetime after the venue was read (not in the last statement: the images come after the links),
      // less than one after the first request's fragments were kept (at its end).
      ttlApp.clock.set(new Date(startedAt + 1000 + tookMs - 50));
      const names = (await get()).filter((e) => e.venue?.id === venue.id).map((e) => e.venue.venue);
      expect(new Set(names)).toEqual(new Set(['Renamed elsewhere']));
    } finally {
      await ttlApp.t.close();
    }
  });

  it('never takes a fragment rendered before a change of its event, even one this process was not told of', async () => {
    const first = await list({ per_page: 3 });
    const event = first.body.events[0] as { id: number; title: string };
    // Another instance's write (no Redis between them): the row changes, this process' caches are not cleared.
    await s.t.dataSource.query('UPDATE events SET title = ?, revision = revision + 1 WHERE id = ?', ['Renamed elsewhere', event.id]);
    const after = await list({ per_page: 4 });
    expect(after.body.events[0]).toMatchObject({ id: event.id, title: 'Renamed elsewhere' });
  });
});
