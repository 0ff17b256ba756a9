import { seedDatabase } from '../../src/tools/seed/seeder';
import { expectCopied, snapshotOf } from './support/calendar-snapshot';
import { ALL_BUT_TRASH, ALL_DATES, importInto, ImportRun, readAll, tallyOf } from './support/import-support';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Issue 15: `npm run import` between two instances of this service, over HTTP. A is seeded as `npm run seed -- --events
 * 500` seeds (drafts, private, trashed, hidden and password-protected events, nested categories, several venues per
 * event…); B starts empty. Every listable record of A gets a copy in B with equal fields; a second run changes nothing;
 * after 5 events change on A, a third run updates exactly those 5.
 */
describe('import from another instance (round trip)', () => {
  let a: TestApp;
  let b: TestApp;
  let adminA: string;
  let adminB: string;
  let from: string;
  let first: ImportRun;

  const KINDS = ['categories', 'tags', 'venues', 'organizers', 'events'] as const;

  beforeAll(async () => {
    // Reads must reach the database: the read cache would answer the comparisons from a copy of the first answer.
    a = await startTestApp({ PUBLIC_URL: 'http://calendar-a.test', READ_CACHE_TTL_MS: '0' });
    b = await startTestApp({ PUBLIC_URL: 'http://calendar-b.test', READ_CACHE_TTL_MS: '0' });
    await seedDatabase(a.dataSource, { events: 500, venues: 10, organizers: 10, categories: 40, tags: 100, seed: 1, anchor: '2026-11-22' }, {
      siteZone: a.config.calendarTimezone,
    });
    adminA = await a.auth('administrator');
    adminB = await b.auth('administrator');
    from = `${a.server}${a.api}`;
    first = await importInto(b, ['--from', from, '--token', adminA.replace(/^Bearer /, ''), '--protected-password', 'copy-secret']);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('copies every listable record with equal fields, the global id of its original in its lineage', async () => {
    expect({ code: first.code, stderr: first.stderr.split('\n').filter((l) => l.includes('failed')) }).toEqual({ code: 0, stderr: [] });
    for (const kind of KINDS) expect(tallyOf(first, kind)).toMatchObject({ updated: 0, failed: 0 });
    const source = await snapshotOf(a, adminA);
    expect(source.events.length).toBeGreaterThan(400);
    expect(['draft', 'pending', 'private'].every((status) => source.events.some((e) => e.status === status))).toBe(true);
    expectCopied(source, await snapshotOf(b, adminB));
  });

  it('also copies the events hidden from listings (found by id), hidden still', async () => {
    const hidden = (await a.dataSource.query("SELECT id, slug FROM events WHERE hide_from_listings = 1 AND status <> 'trash'")) as Array<{ slug: string }>;
    expect(hidden.length).toBeGreaterThan(0);
    for (const { slug } of hidden) {
      const [res, copy] = await Promise.all([
        a.http().get(`${a.api}/events/by-slug/${slug}`).set('Authorization', adminA),
        b.http().get(`${b.api}/events/by-slug/${slug}`).set('Authorization', adminB),
      ]);
      expect(copy.status).toBe(200);
      expect(copy.body.hide_from_listings).toBe(true);
      expect(copy.body.title).toBe(res.body.title);
    }
  });

  it('keeps password-protected events protected, with the password given', async () => {
    const masked = async (t: TestApp) =>
      (await readAll(t, 'events', 'events', ALL_DATES)).filter((e) => e.all_day === null).map((e) => e.slug).sort();
    const protectedInA = await masked(a);
    expect(protectedInA.length).toBeGreaterThan(0);
    expect(await masked(b)).toEqual(protectedInA);
    const slug = protectedInA[0];
    expect((await b.http().get(`${b.api}/events/by-slug/${slug}`)).body.code).toBe('event-password-protected');
    expect((await b.http().get(`${b.api}/events/by-slug/${slug}`).query({ password: 'copy-secret' })).status).toBe(200);
    expect(tallyOf(first, 'events')).toBeDefined();
    expect(first.stdout).toMatch(/\(events; \d+ password-protected/);
  });

  it('a second run creates and updates nothing', async () => {
    const again = await importInto(b, ['--from', from, '--token', adminA.replace(/^Bearer /, '')]);
    expect(again.code).toBe(0);
    for (const kind of KINDS) expect(tallyOf(again, kind)).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect(tallyOf(again, 'events').unchanged).toBe(tallyOf(first, 'events').created);
  });

  it('after 5 events change at the source, a run updates exactly those 5', async () => {
    const events = await readAll(a, 'events', 'events', { ...ALL_DATES, status: ALL_BUT_TRASH }, adminA);
    const changed = events.filter((e) => e.all_day !== null).slice(0, 5);
    const changes = [
      { title: 'Renamed at the source' },
      { description: '<p>New <strong>text</strong></p>' },
      { cost: '€ 12.50' },
      { featured: true, sticky: true },
      { timezone: 'UTC+5:30', start_date: '2027-03-01 09:00:00', end_date: '2027-03-02 18:00:00' },
    ];
    for (const [i, e] of changed.entries()) {
      const res = await a.http().patch(`${a.api}/events/${e.id}`).set('Authorization', adminA).send(changes[i]);
      expect(res.status).toBe(200);
    }
    const third = await importInto(b, ['--from', from, '--token', adminA.replace(/^Bearer /, '')]);
    expect(third.code).toBe(0);
    expect(tallyOf(third, 'events')).toMatchObject({ created: 0, updated: 5, failed: 0 });
    for (const kind of ['categories', 'tags', 'venues', 'organizers'] as const) expect(tallyOf(third, kind)).toMatchObject({ created: 0, updated: 0 });
    expectCopied(await snapshotOf(a, adminA), await snapshotOf(b, adminB));
    const copy = (await b.http().get(`${b.api}/events/by-slug/${changed[4].slug}`).set('Authorization', adminB)).body;
    expect({ timezone: copy.timezone, start: copy.start_date, utc: copy.utc_start_date }).toEqual({
      timezone: 'UTC+5:30',
      start: '2027-03-01 09:00:00',
      utc: '2027-03-01 03:30:00',
    });
  });

  it('leaves records created locally alone', async () => {
    const local = await b.createEvent({ title: 'Only here', start_date: '2027-01-01 10:00', end_date: '2027-01-01 11:00' }, adminB);
    const run = await importInto(b, ['--from', from, '--token', adminA.replace(/^Bearer /, '')]);
    expect(tallyOf(run, 'events')).toMatchObject({ created: 0, updated: 0 });
    const after = (await b.http().get(`${b.api}/events/${local.id}`).set('Authorization', adminB)).body;
    expect(after).toMatchObject({ title: 'Only here', modified_utc: local.modified_utc, global_id_lineage: [local.global_id] });
  });

  it('a venue whose copy was deleted here: events changed at the source later leave that link out and keep the others (found by a probe)', async () => {
    const events = await readAll(a, 'events', 'events', { ...ALL_DATES, status: ALL_BUT_TRASH }, adminA);
    const source = events.find((e) => e.all_day !== null && !Array.isArray(e.venue) && e.organizer.length > 0 && e.status === 'publish')!;
    expect(source).toBeDefined();
    const copy = (await b.http().get(`${b.api}/events/by-slug/${source.slug}`).set('Authorization', adminB).expect(200)).body;
    const organizers = copy.organizer.map((o: { id: number }) => o.id);
    await b.http().delete(`${b.api}/venues/${copy.venue.id}?force=true`).set('Authorization', adminB).expect(200);
    await a.http().patch(`${a.api}/events/${source.id}`).set('Authorization', adminA).send({ title: 'Changed after its venue copy went' }).expect(200);

    const run = await importInto(b, ['--from', from, '--token', adminA.replace(/^Bearer /, '')]);
    expect({ code: run.code, events: tallyOf(run, 'events') }).toMatchObject({ code: 0, events: { failed: 0 } });
    expect(run.stdout + run.stderr).toMatch(/links venue \d+ here, deleted since it was copied: link left out/);
    const after = (await b.http().get(`${b.api}/events/by-slug/${source.slug}`).set('Authorization', adminB).expect(200)).body;
    expect({ title: after.title, venue: after.venue, organizers: after.organizer.map((o: { id: number }) => o.id) }).toEqual({
      title: 'Changed after its venue copy went',
      venue: [],
      organizers,
    });
  });

  it('a copy trashed here stays in the trash when its source changes, with a note (found by a probe)', async () => {
    const events = await readAll(a, 'events', 'events', { ...ALL_DATES, status: ALL_BUT_TRASH }, adminA);
    const source = events.find((e) => e.all_day !== null && e.status === 'publish' && e.title !== 'Changed after its venue copy went')!;
    const copy = (await b.http().get(`${b.api}/events/by-slug/${source.slug}`).set('Authorization', adminB).expect(200)).body;
    await b.http().delete(`${b.api}/events/${copy.id}`).set('Authorization', adminB).expect(200);
    await a.http().patch(`${a.api}/events/${source.id}`).set('Authorization', adminA).send({ title: 'Changed while its copy is in the trash' }).expect(200);

    const run = await importInto(b, ['--from', from, '--token', adminA.replace(/^Bearer /, '')]);
    // (Events that linked the venue deleted by the test before are written once more without it: not counted here.)
    expect({ code: run.code, events: tallyOf(run, 'events') }).toMatchObject({ code: 0, events: { skipped: 1, failed: 0 } });
    expect(run.stdout + run.stderr).toContain(`its copy (event ${copy.id}) is in the trash here: left there`);
    expect((await b.http().get(`${b.api}/events/${copy.id}`).set('Authorization', adminB)).body.code).toBe('event-no-longer-available');
    const trashed = await readAll(b, 'events', 'events', { ...ALL_DATES, status: 'trash' }, adminB);
    expect(trashed.find((e) => e.id === copy.id)?.title).toBe(copy.title);
    // Once every record linking the deleted venue was written without it, runs are stable again: nothing to write.
    const again = await importInto(b, ['--from', from, '--token', adminA.replace(/^Bearer /, '')]);
    expect(tallyOf(again, 'events')).toMatchObject({ created: 0, updated: 0, failed: 0, skipped: 1 });
  });
});
