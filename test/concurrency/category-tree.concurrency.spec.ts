import { raceApp, RACE_DAY } from './support/race-app';
import { RaceRequest, ROUNDS, statusCounts } from './support/race';

/**
 * Issue 18: the per-category counts (`event_category_counts`, and the protected events' own) follow the category
 * tree. Moves and deletions of categories race event writes that link, re-date, hide, protect, unprotect and delete
 * events of their subtrees; after each race every
 * bucket equals a recount (`raceApp` checks `inconsistencies` after each test) and the list totals agree with the
 * events listed.
 */
describe('category moves and deletions racing event writes', () => {
  const app = raceApp();
  let seq = 0;
  const { run } = app;
  const as = () => ({ Authorization: app.admin });
  const category = async (parent = 0) => {
    const res = await app.t.http().post(`${app.t.api}/categories`).set(as()).send({ name: `Tree ${++seq}`, parent });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  it('the subtree totals stay exact whichever write wins', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = [await category(), await category()];
      const c = await category(a);
      const d = await category(c);
      const doomed = await category(c);
      const events = [];
      for (let i = 0; i < 8; i++) {
        const categories = [[d], [c], [a, d], [doomed], [b], [doomed, d], [c, b], [a]][i];
        // Some protected (a password): they count in the protected events' buckets too, which the races must keep.
        const password = [0, 3, 5].includes(i) ? { post_password: 'race' } : {};
        events.push(await app.t.createEvent({ ...RACE_DAY, title: `Tree event ${++seq}`, categories, ...password }, app.admin));
      }
      const event = (i: number, body: object): RaceRequest => ({ method: 'PATCH', path: `${app.t.api}/events/${events[i].id}`, headers: as(), body });
      const requests: RaceRequest[] = [
        event(0, { start_date: '2027-04-01 10:00', end_date: '2027-04-02 10:00' }),
        { method: 'PATCH', path: `${app.t.api}/categories/${c}`, headers: as(), body: { parent: b } },
        event(1, { categories: [d, b] }),
        { method: 'DELETE', path: `${app.t.api}/categories/${doomed}`, headers: as() },
        event(2, { status: 'draft' }),
        event(3, { categories: [doomed, a] }),
        { method: 'DELETE', path: `${app.t.api}/events/${events[4].id}?force=true`, headers: as() },
        event(5, { hide_from_listings: true }),
        { method: 'PATCH', path: `${app.t.api}/categories/${d}`, headers: as(), body: { parent: round % 2 ? 0 : a } },
        event(6, { categories: [] }),
        event(7, { post_password: 'set in the race' }),
        event(3, { post_password: '' }),
        { method: 'POST', path: `${app.t.api}/events`, headers: as(), body: { ...RACE_DAY, title: `Tree event ${++seq}`, categories: [d] } },
      ];
      const answers = await run(requests);
      // Only event 3's re-link may lose its race (its category deleted first: 400); every other write succeeds.
      expect(answers.map((x, i) => (i === 5 && x.status === 400) || x.status === 200 || x.status === 201)).toEqual(answers.map(() => true));
      for (const root of [a, b, c, d]) {
        const listed = await app.t.http().get(`${app.t.api}/events`).query({ categories: root, start_date: '2027-01-01', per_page: 50 });
        expect(listed.status).toBe(200);
        expect(Number(listed.body.total)).toBe(listed.body.events?.length ?? 0);
      }
      expect(statusCounts(answers)[500]).toBeUndefined();
    }
  });
});
