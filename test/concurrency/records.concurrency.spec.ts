import { rowsOf } from './support/integrity';
import { RACE_DAY, raceApp, sameIfMatchWrites } from './support/race-app';
import { CLIENTS, RaceRequest, ROUNDS, statusCounts } from './support/race';

/**
 * Issue 13: writes of one venue or organizer are serialized, and so are the event writes that link them (a link is
 * written while the linked record is held, so a permanent delete cannot leave a link to a record that is gone).
 */
describe.each([
  { kind: 'venue' as const, route: 'venues', name: 'venue', fields: [{ city: 'Lyon' }, { phone: '555-0100' }], link: (id: number) => ({ venue: id }) },
  { kind: 'organizer' as const, route: 'organizers', name: 'organizer', fields: [{ phone: '555-0100' }, { website: 'https://org.example/' }], link: (id: number) => ({ organizer: [id] }) },
])('concurrent writes of $route', ({ kind, route, name, fields, link }) => {
  const app = raceApp();
  let seq = 0;
  const when = RACE_DAY;
  const { run } = app;

  const path = (id: number) => `${app.t.api}/${route}/${id}`;
  const as = () => ({ Authorization: app.admin });
  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await app.t.http().post(`${app.t.api}/${route}`).set('Authorization', app.admin).send({ [name]: `${route} ${++seq}`, ...extra });
    expect(res.status).toBe(201);
    return res.body as Record<string, any>;
  };
  const stored = async (id: number) => (await app.t.dataSource.query(`SELECT * FROM ${route} WHERE id = ?`, [id]))[0];

  it('N writes carrying the same If-Match: exactly one succeeds, the others get 412', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const record = await create();
      const etag = (await app.t.http().get(path(record.id))).headers.etag;
      const answers = await run(sameIfMatchWrites(path(record.id), as(), etag, round, (i) => ({ [name]: `Winner ${i}` })));
      expect(statusCounts(answers)).toEqual({ 200: 1, 412: CLIENTS - 1 });
      const winner = answers.find((a) => a.status === 200)!;
      const row = await stored(record.id);
      if (winner.request.method === 'DELETE') expect([row.status, row.name]).toEqual(['trash', record[name]]);
      else expect([row.status, row.name]).toEqual(['publish', (winner.request.body as Record<string, string>)[name]]);
    }
  });

  it('concurrent partial updates of different fields without If-Match: both values persist', async () => {
    const [a, b] = fields;
    const [fa] = Object.keys(a);
    const [fb] = Object.keys(b);
    for (let round = 0; round < ROUNDS; round++) {
      const records = await Promise.all(Array.from({ length: CLIENTS / 2 }, () => create()));
      const answers = await run(
        records.flatMap((r) => [
          { method: 'PATCH' as const, path: path(r.id), headers: as(), body: a },
          { method: 'PATCH' as const, path: path(r.id), headers: as(), body: b },
        ]),
      );
      expect(statusCounts(answers)).toEqual({ 200: CLIENTS });
      for (const r of records) {
        const now = (await app.t.http().get(path(r.id))).body;
        expect([now[fa], now[fb]]).toEqual([a[fa as keyof typeof a], b[fb as keyof typeof b]]);
      }
    }
  });

  it('a permanent delete racing updates and event writes linking it: gone for good, no link left behind', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const record = await create();
      const events = await Promise.all(Array.from({ length: 10 }, () => app.t.createEvent({ ...when, title: `Event ${++seq}` }, app.admin)));
      const deleteAt = 3 + round * 9;
      const answers = await run(
        Array.from({ length: CLIENTS }, (_, i): RaceRequest => {
          if (i === deleteAt) return { method: 'DELETE', path: `${path(record.id)}?force=true`, headers: as() };
          if (i % 2) return { method: 'PATCH', path: path(record.id), headers: as(), body: { description: `Late ${i}` } };
          return { method: 'PATCH', path: `${app.t.api}/events/${events[(i / 2) % events.length].id}`, headers: as(), body: link(record.id) };
        }),
      );
      expect(answers[deleteAt].status).toBe(200);
      const refused = answers.filter((a, i) => i !== deleteAt && a.status !== 200);
      // Too late: the record is gone (its own update: 404), or the event write's reference names nothing any more (400).
      for (const a of refused) {
        expect(a.request.path.includes(`/${route}/`) ? [404, `rest-${kind}-not-found`] : [400, 'rest_invalid_param']).toEqual([a.status, a.body.code]);
      }
      expect(Object.values(await rowsOf(app.t.dataSource, kind, record.id))).toEqual([0, 0]);
      expect((await app.t.http().get(path(record.id))).status).toBe(404);
    }
  });

  it('creates racing a rename of the record they would reuse: reused only while it still has their name (§10.4)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const record = await create();
      const creates: RaceRequest[] = Array.from({ length: 6 }, () => ({ method: 'POST', path: `${app.t.api}/${route}`, headers: as(), body: { [name]: record[name] } }));
      const rename: RaceRequest = { method: 'PATCH', path: path(record.id), headers: as(), body: { [name]: `Renamed ${route} ${round}` } };
      creates.splice(round % creates.length, 0, rename);
      const answers = await run(creates);
      expect(answers.map((a) => `${a.request.method} ${a.status}`).sort()).toEqual(['PATCH 200', ...Array(6).fill('POST 201')]);
      // A create answers the record it reused or made, as it left it: never one that no longer has the name it sent.
      for (const a of answers.filter((x) => x.request.method === 'POST')) expect(a.body[name]).toBe(record[name]);
      const [{ n }] = await app.t.dataSource.query(`SELECT COUNT(*) AS n FROM ${route} WHERE name = ?`, [record[name]]);
      expect(Number(n)).toBeLessThanOrEqual(1);
    }
  });

  it('identical creates: every one 201 with the same record (duplicate avoidance, §10.4)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const body = { [name]: `Same ${route} ${round}`, phone: '555-0199' };
      const answers = await run(Array.from({ length: CLIENTS }, () => ({ method: 'POST' as const, path: `${app.t.api}/${route}`, headers: as(), body })));
      expect(statusCounts(answers)).toEqual({ 201: CLIENTS });
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      const rows = await app.t.dataSource.query(`SELECT COUNT(*) AS n FROM ${route} WHERE name = ?`, [body[name]]);
      expect(Number(rows[0].n)).toBe(1);
    }
  });
});
