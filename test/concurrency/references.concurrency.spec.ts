import { raceApp, RACE_DAY } from './support/race-app';
import { RaceRequest, ROUNDS, statusCounts } from './support/race';

/**
 * References checked by a write must still hold when it commits, whatever write races it: an event's `post_parent`
 * (no cycle, no parent deleted under it), a category or tag named by an event write (deleted meanwhile: resolved
 * again, §9.6), a category's parent (deleted meanwhile). Each race is sent at once on separate sockets; the database is
 * checked after every test (`raceApp`).
 */
/** The two taxonomies an event write names terms of: their route and the event's field. */
const TERM_ROUTES = [
  { route: 'categories', field: 'categories' },
  { route: 'tags', field: 'tags' },
];

describe('references racing the writes that change or delete them', () => {
  const app = raceApp();
  let seq = 0;
  const { run } = app;
  const as = () => ({ Authorization: app.admin });
  const event = async (extra: object = {}) => (await app.t.createEvent({ ...RACE_DAY, title: `Ref event ${++seq}`, ...extra }, app.admin)).id as number;
  const get = async (path: string) => app.t.http().get(`${app.t.api}${path}`).set(as());
  const patch = (id: number, body: object): RaceRequest => ({ method: 'PATCH', path: `${app.t.api}/events/${id}`, headers: as(), body });

  it('concurrent post_parent changes never close a cycle: one wins, the others get the cycle error', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      for (const size of [2, 3, 5]) {
        const ring: number[] = [];
        for (let i = 0; i < size; i++) ring.push(await event());
        // Each event of the ring made the child of the next one, all at once: the last to commit would close it.
        const answers = await run(ring.map((id, i) => patch(id, { post_parent: ring[(i + 1) % size] })));
        expect(statusCounts(answers)).toEqual({ 200: size - 1, 400: 1 });
        const refused = answers.find((a) => a.status === 400)!;
        expect([refused.body.code, refused.body.data.details.post_parent.code]).toEqual(['rest_invalid_param', 'rest_invalid_parent']);
        // The same answer as the same request sent alone now.
        const again = await app.t.http().patch(refused.request.path).set(as()).send(refused.request.body as object);
        expect([again.status, again.body]).toEqual([400, refused.body]);
        const parents = new Map<number, number>();
        for (const id of ring) parents.set(id, (await get(`/events/${id}`)).body.post_parent);
        expect(closesCycle(parents)).toBe(false);
      }
    }
  });

  it('a child written while its parent is deleted for good: refused, or kept and then cut loose (post_parent 0)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const parent = await event();
      const others = [await event(), await event()];
      const requests: RaceRequest[] = [
        ...Array.from({ length: 6 }, (_, i): RaceRequest => ({
          method: 'POST',
          path: `${app.t.api}/events`,
          headers: as(),
          body: { ...RACE_DAY, title: `Child ${++seq}`, post_parent: parent, categories: [`Child cat ${i % 3}`], tags: ['Child tag'] },
        })),
        ...others.map((id) => patch(id, { post_parent: parent })),
      ];
      requests.splice(round % requests.length, 0, { method: 'DELETE', path: `${app.t.api}/events/${parent}?force=true`, headers: as() });
      const answers = await run(requests);
      const deleted = answers.find((a) => a.request.method === 'DELETE')!;
      expect(deleted.status).toBe(200);
      for (const a of answers.filter((x) => x.request.method !== 'DELETE')) {
        if (a.status === 400) expect([a.body.code, a.body.data.details.post_parent?.code]).toEqual(['rest_invalid_param', 'rest_unknown_reference']);
        else expect([200, 201]).toContain(a.status);
      }
      const [{ n }] = await app.t.dataSource.query('SELECT COUNT(*) AS n FROM events WHERE post_parent = ?', [parent]);
      expect(Number(n)).toBe(0);
    }
  });

  describe.each(TERM_ROUTES)('a $route name in an event write racing the deletion of that term', ({ route, field }) => {
    it('succeeds either way: linked then unlinked by the delete, or linked to a new term of that name', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const names = [`Named ${route} ${++seq}`, `Named ${route} ${++seq}`];
        const terms: number[] = [];
        for (const name of names) {
          const res = await app.t.http().post(`${app.t.api}/${route}`).set(as()).send({ name });
          expect(res.status).toBe(201);
          terms.push(res.body.id);
        }
        const target = await event();
        const requests: RaceRequest[] = [
          { method: 'POST', path: `${app.t.api}/events`, headers: as(), body: { ...RACE_DAY, title: `Named ${++seq}`, [field]: [names[0]] } },
          patch(target, { [field]: [names[1], names[0]] }),
          { method: 'POST', path: `${app.t.api}/events`, headers: as(), body: { ...RACE_DAY, title: `Named ${++seq}`, [field]: [names[1]] } },
        ];
        for (const [i, id] of terms.entries()) requests.splice(round % 2 === 0 ? i * 2 : 3 - i, 0, { method: 'DELETE', path: `${app.t.api}/${route}/${id}`, headers: as() });
        const answers = await run(requests);
        expect(answers.map((a) => `${a.request.method} ${a.status}`).sort()).toEqual(['DELETE 200', 'DELETE 200', 'PATCH 200', 'POST 201', 'POST 201']);
        // Whatever the order, no event is left linked to a deleted term (`raceApp` checks the link rows) and every
        // event written keeps only live terms of the names it sent.
        for (const a of answers.filter((x) => x.request.method !== 'DELETE')) {
          const sent = (a.request.body as Record<string, string[]>)[field];
          const linked = (await get(`/events/${a.body.id}`)).body[field] as Array<{ id: number; name: string }>;
          expect(linked.length).toBeLessThanOrEqual(sent.length);
          for (const term of linked) {
            expect(sent).toContain(term.name);
            expect((await get(`/${route}/${term.id}`)).status).toBe(200);
          }
        }
      }
    });
  });

  describe.each(TERM_ROUTES)('a $route name in event writes racing a rename of that term', ({ route, field }) => {
    it('links only a term that has the name when the write commits: the renamed one before, a new one after (§9.6)', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const name = `Renamed ${route} ${++seq}`;
        const made = await app.t.http().post(`${app.t.api}/${route}`).set(as()).send({ name });
        expect(made.status).toBe(201);
        const requests: RaceRequest[] = Array.from({ length: 4 }, () => ({ method: 'POST', path: `${app.t.api}/events`, headers: as(), body: { ...RACE_DAY, title: `Named ${++seq}`, [field]: [name] } }));
        requests.splice(round % requests.length, 0, { method: 'PATCH', path: `${app.t.api}/${route}/${made.body.id}`, headers: as(), body: { name: `${name} (new)` } });
        const answers = await run(requests);
        expect(answers.map((a) => `${a.request.method} ${a.status}`).sort()).toEqual(['PATCH 200', 'POST 201', 'POST 201', 'POST 201', 'POST 201']);
        for (const a of answers.filter((x) => x.request.method === 'POST')) {
          expect((a.body[field] as Array<{ name: string }>).map((t) => t.name)).toEqual([name]);
        }
      }
    });
  });

  it('a category created under a parent being deleted: refused, or moved up to the parent’s parent', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const category = async (name: string, parent = 0) => {
        const res = await app.t.http().post(`${app.t.api}/categories`).set(as()).send({ name, parent });
        expect(res.status).toBe(201);
        return res.body.id as number;
      };
      const grand = await category(`Grand ${++seq}`);
      const doomed: number[] = [];
      for (let i = 0; i < 6; i++) doomed.push(await category(`Doomed ${++seq}`, grand));
      const requests: RaceRequest[] = doomed.flatMap((parent, i) => {
        const creates = Array.from({ length: 6 }, (): RaceRequest => ({
          method: 'POST',
          path: `${app.t.api}/categories`,
          headers: as(),
          body: { name: `Under ${++seq}`, parent },
        }));
        creates.splice((round + i) % creates.length, 0, { method: 'DELETE', path: `${app.t.api}/categories/${parent}`, headers: as() });
        return creates;
      });
      const answers = await run(requests);
      expect(answers.filter((a) => a.request.method === 'DELETE').map((a) => a.status)).toEqual(doomed.map(() => 200));
      for (const a of answers.filter((x) => x.request.method === 'POST')) {
        if (a.status === 400) {
          expect([a.body.code, a.body.data.details.parent?.code]).toEqual(['rest_invalid_param', 'rest_unknown_reference']);
          continue;
        }
        expect(a.status).toBe(201);
        expect((await get(`/categories/${a.body.id}`)).body.parent).toBe(grand);
      }
      const [{ n }] = await app.t.dataSource.query(`SELECT COUNT(*) AS n FROM terms WHERE parent IN (${doomed.join(', ')})`);
      expect(Number(n)).toBe(0);
    }
  });
});

/** Does following the parents from any event come back to it? */
function closesCycle(parents: Map<number, number>): boolean {
  for (const start of parents.keys()) {
    const seen = new Set<number>();
    for (let id = start; id !== 0 && parents.has(id); id = parents.get(id)!) {
      if (seen.has(id)) return true;
      seen.add(id);
    }
  }
  return false;
}
