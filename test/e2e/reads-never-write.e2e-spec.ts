import { UnitOfWork } from '../../src/shared/domain/unit-of-work';
import { FixedClock } from '../../src/shared/domain/clock';
import { ScheduledPublishing } from '../../src/modules/publishing/scheduled-publishing';
import { promiseHooksOn, trackAsyncLocalStorages } from '../support/promise-hooks';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Issue 18: a GET never opens a write transaction. Due `future` records are published by the scheduled job; until it
 * runs, every read shows them as published already (§3.5) — lists, single reads, venue and organizer lists, embeds.
 */
describe('reads never write; due records are published by the scheduled job', () => {
  let t: TestApp;
  let editor: string;
  const clock = new FixedClock(new Date('2026-11-22T15:00:00Z'));
  const status = async (table: string, id: number) =>
    ((await t.dataSource.query(`SELECT status FROM ${table} WHERE id = ?`, [id])) as Array<{ status: string }>)[0]?.status;

  let tracked: ReturnType<typeof trackAsyncLocalStorages>;
  let hooksBefore: boolean;

  beforeAll(async () => {
    hooksBefore = await promiseHooksOn(); // an earlier test file in this jest worker may have left them on
    tracked = trackAsyncLocalStorages();
    t = await startTestApp({ PUBLISH_DUE_INTERVAL_MS: '0' }, clock); // the job runs only when the test says
    editor = await t.auth('editor');
  });
  afterAll(async () => {
    tracked.restore();
    await t.close();
  });

  it('shows due records as published without writing them, until the job publishes them', async () => {
    const send = async (path: string, body: Record<string, unknown>) => {
      const res = await t.http().post(`${t.api}/${path}`).set('Authorization', editor).send(body);
      expect(res.status).toBe(201);
      return res.body;
    };
    const venue = await send('venues', { venue: 'Scheduled hall', date_utc: '2026-11-22 15:05:00' });
    const organizer = await send('organizers', { organizer: 'Scheduled people', date_utc: '2026-11-22 15:05:00' });
    const event = await send('events', {
      title: 'Scheduled premiere',
      date_utc: '2026-11-22 15:05:00',
      start_date: '2026-12-05 20:00',
      end_date: '2026-12-05 23:00',
      venue: venue.id,
      organizer: organizer.id,
    });
    expect([event.status, venue.status, organizer.status]).toEqual(['future', 'future', 'future']);
    const anonymousSees = async () => ({
      list: (await t.http().get(`${t.api}/events`)).body.events?.map((e: any) => [e.id, e.status]),
      single: (await t.http().get(`${t.api}/events/${event.id}`)).body.status,
      venues: (await t.http().get(`${t.api}/venues`)).body.venues?.map((v: any) => [v.id, v.status]),
      organizer: (await t.http().get(`${t.api}/organizers/${organizer.id}`)).body.status,
      feed: (await t.http().get(`${t.api}/events`).query({ ical: 1 })).text.includes('Scheduled premiere'),
    });
    expect(await anonymousSees()).toEqual({ list: [], single: undefined, venues: [], organizer: undefined, feed: false });

    clock.advance(10 * 60_000);
    const run = jest.spyOn(t.app.get(UnitOfWork), 'run');
    expect(await anonymousSees()).toEqual({
      list: [[event.id, 'publish']],
      single: 'publish',
      venues: [[venue.id, 'publish']],
      organizer: 'publish',
      feed: true,
    });
    expect((await t.http().get(`${t.api}/events`).set('Authorization', editor).query({ status: 'future' })).body.events).toEqual([]);
    expect(run).not.toHaveBeenCalled();
    expect([await status('events', event.id), await status('venues', venue.id), await status('organizers', organizer.id)]).toEqual(['future', 'future', 'future']);
    run.mockRestore();

    expect(await t.app.get(ScheduledPublishing).runOnce()).toBe(3);
    expect([await status('events', event.id), await status('venues', venue.id), await status('organizers', organizer.id)]).toEqual(['publish', 'publish', 'publish']);
    expect((await anonymousSees()).list).toEqual([[event.id, 'publish']]);
    expect(await t.app.get(ScheduledPublishing).runOnce()).toBe(0);
  });

  it("takes a due record's tag from a GET as If-Match before the job publishes it (§9.11: the tag of the body a GET returns)", async () => {
    const create = async (path: string, body: Record<string, unknown>) => {
      const res = await t.http().post(`${t.api}/${path}`).set('Authorization', editor).send({ ...body, date_utc: '2026-11-22 15:15:00' });
      expect([res.status, res.body.status]).toEqual([201, 'future']);
      return res.body.id as number;
    };
    const kinds: Array<[string, string, Record<string, unknown>]> = [
      ['events', 'title', { title: 'Due premiere', start_date: '2026-12-07 20:00', end_date: '2026-12-07 23:00' }],
      ['venues', 'venue', { venue: 'Due hall' }],
      ['organizers', 'organizer', { organizer: 'Due people' }],
    ];
    const ids = [];
    for (const [path, , body] of kinds) ids.push([await create(path, body), await create(path, { ...body, [Object.keys(body)[0]]: `${Object.values(body)[0]} 2` })]);
    clock.advance(20 * 60_000); // due now; the job has not run
    for (const [i, [path, nameParam]] of kinds.entries()) {
      const [updated, deleted] = ids[i];
      const tagOf = async (id: number) => {
        const res = await t.http().get(`${t.api}/${path}/${id}`).set('Authorization', editor);
        expect([res.status, res.body.status]).toEqual([200, 'publish']);
        return res.headers.etag as string;
      };
      const update = await t.http().patch(`${t.api}/${path}/${updated}`).set('Authorization', editor).set('If-Match', await tagOf(updated)).send({ [nameParam]: 'Renamed while due' });
      expect([update.status, update.body.status]).toEqual([200, 'publish']);
      const removal = await t.http().delete(`${t.api}/${path}/${deleted}`).set('Authorization', editor).set('If-Match', await tagOf(deleted));
      expect(removal.status).toBe(200);
      // A tag of another body is still refused.
      await t.http().patch(`${t.api}/${path}/${updated}`).set('Authorization', editor).set('If-Match', '"stale"').send({ [nameParam]: 'Again' }).expect(412);
    }
  });

  // Only transactions need async context; with it on, Node runs promise hooks for every promise of every request.
  it('leaves no async context on for the reads after writes and scheduled publishing', async () => {
    const res = await t.http().post(`${t.api}/events`).set('Authorization', editor).send({ title: 'Written', start_date: '2026-12-06 20:00', end_date: '2026-12-06 21:00' });
    expect(res.status).toBe(201);
    await t.http().patch(`${t.api}/events/${res.body.id}`).set('Authorization', editor).send({ title: 'Rewritten' }).expect(200);
    await t.app.get(ScheduledPublishing).runOnce();
    expect(tracked.enabled()).toBe(0);
    expect(await promiseHooksOn()).toBe(hooksBefore);
  });
});
