import { FixedClock } from '../../src/shared/domain/clock';
import { FragmentCache } from '../../src/shared/http/read-cache/fragment-cache';
import { startTestApp, TestApp } from './support/test-app';

/**
 * The read cache (README "Read cache"): repeated anonymous reads are answered from memory for READ_CACHE_TTL_MS, a
 * write through the API clears it at once, and every answer still carries its own per-request headers. A title changed
 * behind the service's back (straight in the database) shows which answers came from the cache; one changed as another
 * instance's unit of work changes it (a new revision, the data version raised) shows what that instance's writes do.
 */
describe('read cache (anonymous GET/HEAD of resource routes)', () => {
  const clock = new FixedClock(new Date('2026-11-22T15:00:00Z'));
  let t: TestApp;
  let editor: string;
  let eventId: number;

  beforeAll(async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '1000', RATE_LIMIT_MAX: '100' }, clock);
    editor = await t.auth('editor');
    const res = await t
      .http()
      .post(`${t.api}/events`)
      .set('Authorization', editor)
      .send({ title: 'Original', start_date: '2026-12-05 20:00', end_date: '2026-12-05 23:00' });
    expect(res.status).toBe(201);
    eventId = res.body.id;
  });
  afterAll(() => t.close());

  const renameBehindTheServicesBack = (title: string) =>
    t.dataSource.query('UPDATE events SET title = ? WHERE id = ?', [title, eventId]);
  const renameInAnotherInstance = async (title: string) => {
    await t.dataSource.query('UPDATE events SET title = ?, revision = revision + 1 WHERE id = ?', [title, eventId]);
    await t.dataSource.query('UPDATE data_version SET version = version + 1 WHERE id = 1');
  };
  const titleOf = async (path: string, auth?: string) => {
    const req = t.http().get(`${t.api}${path}`);
    if (auth) req.set('Authorization', auth);
    const res = await req;
    expect(res.status).toBe(200);
    return { res, title: path.startsWith('/events/') ? res.body.title : res.body.events[0].title };
  };

  it('answers a repeated anonymous read from memory until the lifetime is over', async () => {
    clock.advance(5_000);
    expect((await titleOf(`/events/${eventId}`)).title).toBe('Original');
    expect((await titleOf(`/events/${eventId}`)).title).toBe('Original'); // asked before: now kept (see below)
    await renameInAnotherInstance('Changed in another instance');
    const cached = await titleOf(`/events/${eventId}`);
    expect(cached.title).toBe('Original');
    clock.advance(1_000);
    expect((await titleOf(`/events/${eventId}`)).title).toBe('Changed in another instance');
    await renameInAnotherInstance('Original');
    clock.advance(1_000);
  });

  it('keeps single-event bodies (issue 18) by data version: past the lifetime while nothing is written, never after a write anywhere', async () => {
    clock.advance(5_000);
    expect((await titleOf(`/events/${eventId}?_=1`)).title).toBe('Original');
    await renameBehindTheServicesBack('By hand, no unit of work');
    clock.advance(10_000); // ten lifetimes: the address is new, the body kept at this data version is still served
    expect((await titleOf(`/events/${eventId}?_=2`)).title).toBe('Original');
    await renameInAnotherInstance('Written by another instance');
    expect((await titleOf(`/events/${eventId}?_=3`)).title).toBe('Written by another instance'); // at once
    await renameInAnotherInstance('Original');
    expect((await titleOf(`/events/${eventId}?_=4`)).title).toBe('Original');
  });

  it('stores an answer from the second request of its address on, within about two lifetimes (a doorkeeper)', async () => {
    const lookups = async () => {
      const text = (await t.http().get('/metrics').expect(200)).text;
      const count = (result: string) => Number(new RegExp(`^read_cache_lookups_total\\{result="${result}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
      return { hit: count('hit'), miss: count('miss') };
    };
    const read = () => t.http().get(`${t.api}/events?per_page=9`).expect(200);
    const counted = async (requests: number) => {
      const before = await lookups();
      for (let i = 0; i < requests; i++) await read();
      const after = await lookups();
      return { hit: after.hit - before.hit, miss: after.miss - before.miss };
    };
    clock.advance(5_000);
    expect(await counted(1)).toEqual({ hit: 0, miss: 1 }); // a first request: nothing kept
    expect(await counted(2)).toEqual({ hit: 1, miss: 1 }); // asked before: kept, then served
    clock.advance(1_000); // the entry expired; the address was asked for in the previous lifetime
    expect(await counted(2)).toEqual({ hit: 1, miss: 1 });
    clock.advance(2_000); // two lifetimes without a request: forgotten
    expect(await counted(3)).toEqual({ hit: 1, miss: 2 });
  });

  it('keeps per-request headers per request, and the handler headers of the stored answer', async () => {
    await t.http().get(`${t.api}/events`); // an answer is stored from the address' second request on
    const first = await t.http().get(`${t.api}/events`).set('X-Request-Id', 'first-request');
    const second = await t.http().get(`${t.api}/events`).set('X-Request-Id', 'second-request');
    expect(second.text).toBe(first.text);
    expect(first.headers['x-request-id']).toBe('first-request');
    expect(second.headers['x-request-id']).toBe('second-request');
    expect(Number(second.headers['ratelimit-remaining'])).toBe(Number(first.headers['ratelimit-remaining']) - 1);
    for (const name of ['x-tec-total', 'x-tec-totalpages', 'content-type', 'content-length', 'cache-control', 'content-security-policy']) {
      expect(second.headers[name]).toBe(first.headers[name]);
    }
    const head = await t.http().head(`${t.api}/events`);
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
    expect(head.headers['x-tec-total']).toBe(first.headers['x-tec-total']);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
  });

  it('is cleared by a write through the API before the write is answered', async () => {
    clock.advance(5_000);
    expect((await titleOf('/events')).title).toBe('Original');
    const update = await t.http().post(`${t.api}/events/${eventId}`).set('Authorization', editor).send({ title: 'Renamed' });
    expect(update.status).toBe(200);
    expect((await titleOf('/events')).title).toBe('Renamed');
    expect((await titleOf(`/events/${eventId}`)).title).toBe('Renamed');
  });

  it('does not keep a single body that shows a scheduled venue (it changes when the venue is due, with no write)', async () => {
    clock.advance(5_000);
    const soon = await t.http().post(`${t.api}/venues`).set('Authorization', editor).send({ venue: 'Soon hall', status: 'future', date: '2027-01-01 10:00:00' });
    expect([soon.status, soon.body.status]).toEqual([201, 'future']);
    expect((await t.http().post(`${t.api}/events/${eventId}`).set('Authorization', editor).send({ venue: soon.body.id })).status).toBe(200);
    const { res, title } = await titleOf(`/events/${eventId}?_=5`);
    expect(res.body.venue.venue).toBe('Soon hall');
    await renameBehindTheServicesBack('Not kept');
    expect((await titleOf(`/events/${eventId}?_=6`)).title).toBe('Not kept');
    await renameBehindTheServicesBack(title);
    expect((await t.http().post(`${t.api}/events/${eventId}`).set('Authorization', editor).send({ venue: 0 })).status).toBe(200);
  });

  it('record fragments (issue 18): a distinct address reuses rendered events, yet shows every write through the API at once', async () => {
    clock.advance(5_000);
    const venue = (await t.http().post(`${t.api}/venues`).set('Authorization', editor).send({ venue: 'Fragment hall' })).body;
    expect((await t.http().post(`${t.api}/events/${eventId}`).set('Authorization', editor).send({ venue: venue.id })).status).toBe(200);
    const listed = async (query: Record<string, string>) => (await t.http().get(`${t.api}/events`).query(query)).body.events[0];
    expect((await listed({ per_page: '5' })).venue.venue).toBe('Fragment hall');
    await renameBehindTheServicesBack('Fragment kept');
    expect((await listed({ per_page: '6' })).title).not.toBe('Fragment kept'); // a new address, the event's fragment
    expect((await listed({ per_page: '6' })).venue.venue).toBe('Fragment hall');
    expect((await t.http().post(`${t.api}/venues/${venue.id}`).set('Authorization', editor).send({ venue: 'Renamed hall' })).status).toBe(200);
    const fresh = await listed({ per_page: '7' });
    expect([fresh.title, fresh.venue.venue]).toEqual(['Fragment kept', 'Renamed hall']); // the venue write cleared it
    expect((await titleOf(`/events/${eventId}`, editor)).title).toBe('Fragment kept');
    await renameBehindTheServicesBack('Renamed');
    expect((await t.http().post(`${t.api}/events/${eventId}`).set('Authorization', editor).send({ title: 'Renamed' })).status).toBe(200);
  });

  it('record fragments are neither read nor stored by requests the read cache does not keep (a token, a password)', async () => {
    clock.advance(5_000);
    const fragments = t.app.get(FragmentCache);
    expect(fragments.generation).toBeGreaterThanOrEqual(0); // reading it drops what the writes above made stale
    const before = fragments.size;
    expect((await t.http().get(`${t.api}/events`).set('Authorization', editor).query({ per_page: '8' })).status).toBe(200);
    expect((await t.http().get(`${t.api}/events`).query({ per_page: '8', password: 'x' })).status).toBe(200);
    expect((await t.http().get(`${t.api}/events/${eventId}`).set('Authorization', editor)).status).toBe(200);
    expect(fragments.size).toBe(before);
    expect((await t.http().get(`${t.api}/events`).query({ per_page: '8' })).status).toBe(200); // anonymous: kept
    expect(fragments.size).toBeGreaterThan(before);
  });

  it('never serves callers with a token, conditional reads or password reads from it', async () => {
    clock.advance(5_000);
    expect((await titleOf(`/events/${eventId}`)).title).toBe('Renamed');
    await renameBehindTheServicesBack('Behind the back');
    expect((await titleOf(`/events/${eventId}`)).title).toBe('Renamed'); // anonymous: cached
    expect((await titleOf(`/events/${eventId}`, editor)).title).toBe('Behind the back');
    const conditional = await t.http().get(`${t.api}/events/${eventId}`).set('If-None-Match', '"nothing"');
    expect(conditional.body.title).toBe('Behind the back');
    expect((await titleOf(`/events/${eventId}?password=x`)).title).toBe('Behind the back');
  });

  it('labels answers from memory with their route in the metrics', async () => {
    clock.advance(5_000);
    for (let i = 0; i < 3; i++) await t.http().get(`${t.api}/events/${eventId}`); // the third from memory
    const metrics = await t.http().get('/metrics');
    expect(metrics.text).toMatch(/http_requests_total\{[^}]*route="\/calendar\/events\/v1\/events\/:id"[^}]*\}/);
    expect(metrics.text).not.toContain(`/events/${eventId}"`);
  });

  it('is off with READ_CACHE_TTL_MS=0', async () => {
    const off = await startTestApp({ READ_CACHE_TTL_MS: '0' });
    try {
      const created = await off
        .http()
        .post(`${off.api}/events`)
        .set('Authorization', await off.auth('editor'))
        .send({ title: 'Fresh', start_date: '2026-12-05 20:00', end_date: '2026-12-05 23:00' });
      await off.http().get(`${off.api}/events/${created.body.id}`);
      await off.dataSource.query('UPDATE events SET title = ? WHERE id = ?', ['Fresh from the database', created.body.id]);
      const again = await off.http().get(`${off.api}/events/${created.body.id}`);
      expect(again.body.title).toBe('Fresh from the database');
    } finally {
      await off.close();
    }
  });
});
