import { rowsOf } from './support/integrity';
import { RACE_DAY, raceApp, sameIfMatchWrites } from './support/race-app';
import { CLIENTS, RaceRequest, ROUNDS, statusCounts } from './support/race';

/** Issue 13: writes of one category or tag are serialized, and so are the event writes that change its count. */
describe.each([
  { route: 'categories', eventField: 'categories' },
  { route: 'tags', eventField: 'tags' },
])('concurrent writes of $route', ({ route, eventField }) => {
  const app = raceApp();
  let seq = 0;
  const when = RACE_DAY;
  const { run } = app;

  const path = (id: number) => `${app.t.api}/${route}/${id}`;
  const as = () => ({ Authorization: app.admin });
  const create = async () => {
    const res = await app.t.http().post(`${app.t.api}/${route}`).set('Authorization', app.admin).send({ name: `${route} ${++seq}` });
    expect(res.status).toBe(201);
    return res.body as Record<string, any>;
  };

  it('N writes carrying the same If-Match: exactly one succeeds, the others get 412 (404 once a delete won)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const term = await create();
      const etag = (await app.t.http().get(path(term.id))).headers.etag;
      const answers = await run(sameIfMatchWrites(path(term.id), as(), etag, round, (i) => ({ name: `Winner ${round}-${i}` })));
      const winner = answers.find((a) => a.status === 200)!;
      // Terms are deleted permanently: after a winning DELETE the others find nothing to compare their tag with.
      expect(statusCounts(answers)).toEqual({ 200: 1, [winner?.request.method === 'DELETE' ? 404 : 412]: CLIENTS - 1 });
      const rows = await app.t.dataSource.query(`SELECT name FROM terms WHERE id = ?`, [term.id]);
      expect(rows.map((r: { name: string }) => r.name)).toEqual(winner.request.method === 'DELETE' ? [] : [(winner.request.body as { name: string }).name]);
    }
  });

  it('concurrent partial updates of name and description without If-Match: both persist', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const terms = await Promise.all(Array.from({ length: CLIENTS / 2 }, () => create()));
      const answers = await run(
        terms.flatMap((term) => [
          { method: 'PATCH' as const, path: path(term.id), headers: as(), body: { name: `Renamed ${term.id}` } },
          { method: 'PATCH' as const, path: path(term.id), headers: as(), body: { description: `About ${term.id}` } },
        ]),
      );
      expect(statusCounts(answers)).toEqual({ 200: CLIENTS });
      for (const term of terms) {
        const now = (await app.t.http().get(path(term.id))).body;
        expect([now.name, now.description]).toEqual([`Renamed ${term.id}`, `About ${term.id}`]);
      }
    }
  });

  it('a delete racing event writes that assign the term: gone for good, no assignment left, counts exact', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const term = await create();
      const events = await Promise.all(Array.from({ length: CLIENTS - 1 }, () => app.t.createEvent({ ...when, title: `Event ${++seq}` }, app.admin)));
      const deleteAt = 4 + round * 9;
      const requests = events.map((e): RaceRequest => ({ method: 'PATCH', path: `${app.t.api}/events/${e.id}`, headers: as(), body: { [eventField]: [term.id] } }));
      requests.splice(deleteAt, 0, { method: 'DELETE', path: path(term.id), headers: as() });
      const answers = await run(requests);
      expect(answers[deleteAt].status).toBe(200);
      // Before the delete: assigned (and unassigned by it); after: the reference names nothing any more (400).
      for (const a of answers.filter((_, i) => i !== deleteAt && _.status !== 200)) expect([a.status, a.body.code]).toEqual([400, 'rest_invalid_param']);
      expect(await rowsOf(app.t.dataSource, 'term', term.id)).toEqual({ terms: 0, event_terms: 0 });
    }
  });

  it('a term assigned by many concurrent event writes counts each of them exactly once', async () => {
    const term = await create();
    const events = await Promise.all(Array.from({ length: CLIENTS }, () => app.t.createEvent({ ...when, title: `Counted ${++seq}` }, app.admin)));
    const answers = await run(events.map((e) => ({ method: 'PATCH' as const, path: `${app.t.api}/events/${e.id}`, headers: as(), body: { [eventField]: [term.id] } })));
    expect(statusCounts(answers)).toEqual({ 200: CLIENTS });
    expect((await app.t.http().get(path(term.id))).body.count).toBe(CLIENTS);
  });

  it('identical creates: exactly one 201, the others 400 term_exists naming it; one row', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const body = { name: `Same ${route} ${round}` };
      const answers = await run(Array.from({ length: CLIENTS }, () => ({ method: 'POST' as const, path: `${app.t.api}/${route}`, headers: as(), body })));
      expect(statusCounts(answers)).toEqual({ 201: 1, 400: CLIENTS - 1 });
      const created = answers.find((a) => a.status === 201)!.body;
      expect(new Set(answers.filter((a) => a.status === 400).map((a) => `${a.body.code} ${a.body.data.term_id}`))).toEqual(new Set([`term_exists ${created.id}`]));
      const rows = await app.t.dataSource.query(`SELECT COUNT(*) AS n FROM terms WHERE name = ?`, [body.name]);
      expect(Number(rows[0].n)).toBe(1);
    }
  });
});
