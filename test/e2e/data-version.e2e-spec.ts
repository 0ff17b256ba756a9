import { VenuesService } from '../../src/modules/venues/application/venues.service';
import { FixedClock } from '../../src/shared/domain/clock';
import { captureQueries } from './support/seeded-app';
import { startTestApp, TestApp } from './support/test-app';

/**
 * The data version (issue 18): every unit of work that commits raises it, and nothing else does — not a refused write,
 * not a read, not the publishing job when nothing is due —, so single-event bodies kept under it stay as long as they
 * are current and no longer.
 */
describe('data version', () => {
  const clock = new FixedClock(new Date('2026-11-22T15:00:00Z'));
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp({ PUBLISH_DUE_INTERVAL_MS: '0', READ_CACHE_TTL_MS: '1000' }, clock);
    editor = await t.auth('editor');
  });
  afterAll(() => t.close());

  const version = async () => Number(((await t.dataSource.query('SELECT version FROM data_version WHERE id = 1')) as Array<{ version: unknown }>)[0].version);

  it('moves with every committed write and with nothing else', async () => {
    const start = await version();
    const venue = await t.http().post(`${t.api}/venues`).set('Authorization', editor).send({ venue: 'Versioned hall', status: 'future', date: '2026-11-22 15:10:00' });
    expect(venue.status).toBe(201);
    expect(await version()).toBe(start + 1);
    expect((await t.http().post(`${t.api}/venues`).set('Authorization', editor).send({ venue: '' })).status).toBe(400);
    expect((await t.http().get(`${t.api}/venues/${venue.body.id}`).set('Authorization', editor)).status).toBe(200);
    expect((await t.http().get(`${t.api}/events`)).status).toBe(200);
    const venues = t.app.get(VenuesService);
    expect(await venues.publishDue()).toBe(0); // nothing due yet: no unit of work
    expect(await version()).toBe(start + 1);
    clock.advance(10 * 60_000);
    expect(await venues.publishDue()).toBe(1);
    expect(await version()).toBe(start + 2);
  });

  it('answers a single read from its body kept at the data version with one statement, the stamp and the version', async () => {
    const created = await t.http().post(`${t.api}/events`).set('Authorization', editor).send({ title: 'Counted', start_date: '2026-12-05 20:00', end_date: '2026-12-05 23:00' });
    expect(created.status).toBe(201);
    const read = async (query: string) => {
      let body: Record<string, unknown> = {};
      const statements = await captureQueries(t.dataSource, async () => {
        const res = await t.http().get(`${t.api}/events/${created.body.id}?_=${query}`);
        expect(res.status).toBe(200);
        body = res.body;
      });
      return { body, statements: statements.map((q) => q.sql) };
    };
    const rendered = await read('1');
    expect(rendered.statements.length).toBeGreaterThan(1); // the stamp, then the row and its records to render it
    const kept = await read('2'); // a new address, ten lifetimes later: no read-cache answer, the kept body
    clock.advance(10_000);
    const later = await read('3');
    expect([kept.body, later.body]).toEqual([rendered.body, rendered.body]);
    for (const { statements } of [kept, later]) {
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/data_version/);
      expect(statements[0]).not.toMatch(/description/);
    }
    expect((await t.http().post(`${t.api}/events/${created.body.id}`).set('Authorization', editor).send({ title: 'Recounted' })).status).toBe(200);
    const written = await read('4');
    expect(written.body.title).toBe('Recounted');
    expect(written.statements.length).toBeGreaterThan(1);
  });

  it("answers a list page asked for again under another address from the page kept at the data version: one statement, the version's", async () => {
    const ids: number[] = [];
    for (const [title, day] of [['Kept page first', '2026-12-10'], ['Kept page second', '2026-12-11']]) {
      const created = await t.http().post(`${t.api}/events`).set('Authorization', editor).send({ title, start_date: `${day} 20:00`, end_date: `${day} 21:00` });
      ids.push(created.body.id);
    }
    const draft = await t.http().post(`${t.api}/events`).set('Authorization', editor).send({ title: 'Kept page draft', status: 'draft', start_date: '2026-12-10 19:00', end_date: '2026-12-10 20:00' });
    expect(draft.status).toBe(201);
    const list = async (hour: string, as?: string) => {
      let body: { events: Array<{ id: number; title: string }>; total: number } = { events: [], total: 0 };
      const statements = await captureQueries(t.dataSource, async () => {
        const req = t.http().get(`${t.api}/events?start_date=2026-12-10%20${hour}:00&end_date=2026-12-11&per_page=5`);
        const res = as === undefined ? await req : await req.set('Authorization', as);
        expect(res.status).toBe(200);
        body = res.body;
      });
      return { titles: body.events.map((e) => e.title), total: body.total, statements: statements.map((q) => q.sql) };
    };
    const first = await list('01');
    expect(first).toMatchObject({ titles: ['Kept page first', 'Kept page second'], total: 2 });
    expect(first.statements.some((sql) => /data_version/.test(sql) && /FROM events/.test(sql))).toBe(true); // read with the page
    const again = await list('02'); // the same day: the same page, under a new address
    expect(again).toMatchObject({ titles: first.titles, total: 2 });
    expect(again.statements).toHaveLength(1);
    expect(again.statements[0]).toMatch(/data_version/);
    expect(again.statements[0]).not.toMatch(/events/);
    // An editor's request (a token: no part in the read cache) is never answered from the kept page: it shows the
    // draft, and the anonymous page kept meanwhile still does not.
    expect((await list('03', editor)).titles).toEqual(['Kept page draft', 'Kept page first', 'Kept page second']);
    expect((await list('04')).titles).toEqual(first.titles);
    // Another process renames the second event (and raises the version, as every unit of work does): the next page
    // is read again and shows it; a write here does the same for the first.
    await t.dataSource.query(`UPDATE events SET title = 'Renamed elsewhere', revision = revision + 1 WHERE id = ${ids[1]}`);
    await t.dataSource.query('UPDATE data_version SET version = version + 1 WHERE id = 1');
    const elsewhere = await list('05');
    expect(elsewhere.titles).toEqual(['Kept page first', 'Renamed elsewhere']);
    expect(elsewhere.statements.length).toBeGreaterThan(1);
    expect((await t.http().delete(`${t.api}/events/${ids[0]}`).set('Authorization', editor)).status).toBe(200);
    expect(await list('06')).toMatchObject({ titles: ['Renamed elsewhere'], total: 1 });
    expect((await list('07')).statements).toHaveLength(1);
  });

  it('answers reads of different events at once each with its own event (on MySQL they may share a statement)', async () => {
    const ids: number[] = [];
    for (const title of ['First at once', 'Second at once', 'Third at once']) {
      const created = await t.http().post(`${t.api}/events`).set('Authorization', editor).send({ title, start_date: '2026-12-06 20:00', end_date: '2026-12-06 21:00' });
      ids.push(created.body.id);
    }
    for (const round of ['a', 'b']) {
      const answers = await Promise.all([...ids, ...ids].map((id) => t.http().get(`${t.api}/events/${id}?_=${round}${id}`)));
      expect(answers.map((a) => [a.status, a.body.id])).toEqual([...ids, ...ids].map((id) => [200, id]));
    }
    const missing = await Promise.all([t.http().get(`${t.api}/events/${ids[0]}?_=c`), t.http().get(`${t.api}/events/987654`)]);
    expect(missing.map((a) => a.status)).toEqual([200, 404]);
  });
});
