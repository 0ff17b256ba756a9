import { rowsOf } from './support/integrity';
import { RACE_DAY, raceApp, sameIfMatchWrites } from './support/race-app';
import { CLIENTS, RaceRequest, ROUNDS, statusCounts } from './support/race';

/**
 * Issue 13: writes of one event are serialized on SQLite and MySQL alike. Each race sends CLIENTS requests at once, on
 * as many sockets (well over MySQL's pool of 10), ROUNDS times; the answers are checked, then the database itself.
 */
describe('concurrent writes of events', () => {
  const app = raceApp();
  let seq = 0;
  const when = RACE_DAY;
  const { run } = app;

  const path = (id: number) => `${app.t.api}/events/${id}`;
  const as = (headers: Record<string, string> = {}) => ({ Authorization: app.admin, ...headers });
  const read = (id: number) => app.t.http().get(path(id)).set('Authorization', app.admin);
  /** The stored row (a trashed event cannot be read through the API: 403 event-no-longer-available). */
  const stored = async (id: number) => (await app.t.dataSource.query(`SELECT status, title FROM events WHERE id = ?`, [id]))[0];
  /** A published event linked to a venue, an organizer, a category and a tag, all new. */
  const linkedEvent = async () => {
    const n = ++seq;
    return app.t.createEvent(
      { ...when, title: `Linked ${n}`, venue: { venue: `Hall ${n}` }, organizer: [{ organizer: `Org ${n}` }], categories: [`cat-${n}`], tags: [`tag-${n}`] },
      app.admin,
    );
  };

  it('N writes carrying the same If-Match: exactly one succeeds, the others get 412 and change nothing', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const event = await linkedEvent();
      const etag = (await read(event.id)).headers.etag;
      const answers = await run(sameIfMatchWrites(path(event.id), as(), etag, round, (i) => ({ title: `Winner ${i}` })));
      expect(statusCounts(answers)).toEqual({ 200: 1, 412: CLIENTS - 1 });
      expect(answers.filter((a) => a.status === 412).every((a) => a.body.code === 'rest_precondition_failed')).toBe(true);
      const winner = answers.find((a) => a.status === 200)!;
      const now = await stored(event.id);
      if (winner.request.method === 'DELETE') expect([now.status, now.title]).toEqual(['trash', event.title]);
      else expect([now.status, now.title]).toEqual(['publish', (winner.request.body as { title: string }).title]);
    }
  });

  it('concurrent partial updates of different fields without If-Match: every value persists', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const events = await Promise.all(Array.from({ length: CLIENTS / 2 }, () => app.t.createEvent({ ...when, title: `Plain ${++seq}`, cost: '5' }, app.admin)));
      const answers = await run(
        events.flatMap((e, i) => [
          { method: 'PATCH' as const, path: path(e.id), headers: as(), body: { title: `Retitled ${round}-${i}` } },
          { method: 'PATCH' as const, path: path(e.id), headers: as(), body: { cost: `${round * 100 + i}` } },
        ]),
      );
      expect(statusCounts(answers)).toEqual({ 200: CLIENTS });
      for (const [i, e] of events.entries()) {
        const now = (await read(e.id)).body;
        expect([now.title, now.cost_details.values]).toEqual([`Retitled ${round}-${i}`, [`${round * 100 + i}`]]);
      }
    }
  });

  it('a permanent delete racing updates: once it answered 200 the event and its links are gone for good', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const event = await linkedEvent();
      const other = await linkedEvent();
      const deleteAt = 5 + round * 7;
      const answers = await run(
        Array.from({ length: CLIENTS }, (_, i): RaceRequest =>
          i === deleteAt
            ? { method: 'DELETE', path: `${path(event.id)}?force=true`, headers: as() }
            : { method: 'PATCH', path: path(event.id), headers: as(), body: { title: `Late ${i}`, venue: other.venue.id, categories: [other.categories[0].id] } },
        ),
      );
      expect(answers[deleteAt].status).toBe(200);
      const updates = answers.filter((_, i) => i !== deleteAt);
      expect(updates.filter((a) => a.status !== 200 && !(a.status === 404 && a.body.code === 'rest-event-not-found'))).toEqual([]);
      expect(await rowsOf(app.t.dataSource, 'event', event.id)).toEqual({ events: 0, event_venues: 0, event_organizers: 0, event_terms: 0 });
      expect((await read(event.id)).status).toBe(404);
    }
  });

  it('trash racing updates: the event ends in the trash with all its links, every answer 200', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const event = await linkedEvent();
      const answers = await run(
        Array.from({ length: CLIENTS }, (_, i): RaceRequest =>
          i === 10 ? { method: 'DELETE', path: path(event.id), headers: as() } : { method: 'PATCH', path: path(event.id), headers: as(), body: { cost: `${i}` } },
        ),
      );
      expect(statusCounts(answers)).toEqual({ 200: CLIENTS });
      expect((await stored(event.id)).status).toBe('trash');
      expect(await rowsOf(app.t.dataSource, 'event', event.id)).toEqual({ events: 1, event_venues: 1, event_organizers: 1, event_terms: 2 });
    }
  });

  it('identical creates: every one 201, distinct slugs, one inline venue, organizer and term each, exact counts', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const body = {
        ...when,
        title: `Race Night ${round}`,
        venue: { venue: `Race Hall ${round}` },
        organizer: [{ organizer: `Race Org ${round}` }],
        categories: [`race-cat-${round}`],
        tags: [`race-tag-${round}`],
      };
      const answers = await run(Array.from({ length: CLIENTS }, () => ({ method: 'POST' as const, path: `${app.t.api}/events`, headers: as(), body })));
      expect(statusCounts(answers)).toEqual({ 201: CLIENTS });
      const bodies = answers.map((a) => a.body);
      expect(new Set(bodies.map((b) => b.slug)).size).toBe(CLIENTS);
      for (const pick of [(b: any) => b.venue.id, (b: any) => b.organizer[0].id, (b: any) => b.categories[0].id, (b: any) => b.tags[0].id]) {
        expect(new Set(bodies.map(pick)).size).toBe(1);
      }
      const venues = await app.t.dataSource.query(`SELECT COUNT(*) AS n FROM venues WHERE name = ?`, [`Race Hall ${round}`]);
      expect(Number(venues[0].n)).toBe(1);
      const category = (await app.t.http().get(`${app.t.api}/categories/${bodies[0].categories[0].id}`)).body;
      expect(category.count).toBe(CLIENTS);
    }
  });
});
