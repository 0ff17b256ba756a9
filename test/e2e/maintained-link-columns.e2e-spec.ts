import { FixedClock } from '../../src/shared/domain/clock';
import { startTestApp, TestApp } from './support/test-app';
import { ScheduledPublishing } from '../../src/modules/publishing/scheduled-publishing';

/**
 * Issue 8: each event link row carries its event's status and start, and `terms.event_count` is the number of a term's
 * published events (the API's term `count`). Both are maintained by the write transactions; after every kind of write
 * (create, update of links, status and dates, trash, restore, scheduled publication, force delete, term delete) they
 * must equal what a full recount from the events table gives, and the API must show that count.
 */
describe('maintained link columns and term counts', () => {
  let t: TestApp;
  let admin: string;
  const clock = new FixedClock(new Date('2026-11-22T15:00:00Z'));

  beforeAll(async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '0' }, clock);
    admin = await t.auth('administrator');
  });
  afterAll(async () => t.close());

  const base = { start_date: '2026-12-05 20:00', end_date: '2026-12-05 23:00' };
  const send = async (method: 'post' | 'put' | 'delete', path: string, body?: Record<string, unknown>) => {
    const res = await t.http()[method](`${t.api}/${path}`).set('Authorization', admin).send(body ?? {});
    expect([200, 201]).toContain(res.status);
    return res.body as Record<string, any>;
  };

  /** Every link row's carried columns against its event, and every term's count against a recount. */
  const expectConsistent = async () => {
    for (const table of ['event_venues', 'event_organizers', 'event_terms']) {
      const stale = await t.dataSource.query(
        `SELECT l.event_id FROM ${table} l JOIN events e ON e.id = l.event_id
          WHERE l.event_status <> e.status OR l.event_start_local <> e.start_local OR l.event_start_utc <> e.start_utc`,
      );
      expect({ table, stale }).toEqual({ table, stale: [] });
    }
    const wrong = await t.dataSource.query(
      `SELECT t.id, t.event_count, (SELECT COUNT(*) FROM event_terms l JOIN events e ON e.id = l.event_id
          WHERE l.term_id = t.id AND e.status = 'publish') AS recount
         FROM terms t`,
    );
    expect(wrong.filter((r: any) => Number(r.event_count) !== Number(r.recount))).toEqual([]);
  };
  const apiCount = async (taxonomy: 'categories' | 'tags', id: number) =>
    (await t.http().get(`${t.api}/${taxonomy}/${id}`).set('Authorization', admin)).body.count as number;

  it('stay exact through every write', async () => {
    const a = await send('post', 'categories', { name: 'Counted A' });
    const b = await send('post', 'categories', { name: 'Counted B' });
    const tag = await send('post', 'tags', { name: 'counted-tag' });
    const org = await send('post', 'organizers', { organizer: 'Counted Org' });

    const first = await send('post', 'events', {
      ...base,
      title: 'First',
      categories: [a.id, b.id],
      tags: [tag.id],
      venue: { venue: 'Counted Hall' },
      organizer: [org.id],
    });
    const draft = await send('post', 'events', { ...base, title: 'Draft', status: 'draft', categories: [a.id] });
    await expectConsistent();
    expect([await apiCount('categories', a.id), await apiCount('categories', b.id), await apiCount('tags', tag.id)]).toEqual([1, 1, 1]);

    await send('post', `events/${draft.id}`, { status: 'publish' });
    await send('post', `events/${first.id}`, { categories: [a.id], start_date: '2026-12-06 10:00', end_date: '2026-12-06 12:00' });
    await expectConsistent();
    expect([await apiCount('categories', a.id), await apiCount('categories', b.id)]).toEqual([2, 0]);

    await send('delete', `events/${first.id}`); // to the trash
    await expectConsistent();
    expect([await apiCount('categories', a.id), await apiCount('tags', tag.id)]).toEqual([1, 0]);

    await send('post', `events/${first.id}`, { status: 'publish', tags: [tag.id, 'counted-new'] });
    await expectConsistent();
    expect([await apiCount('categories', a.id), await apiCount('tags', tag.id)]).toEqual([2, 1]);

    const scheduled = await send('post', 'events', { ...base, title: 'Scheduled', status: 'future', date: '2026-11-23 00:00:00', categories: [b.id] });
    expect(scheduled.status).toBe('future');
    await expectConsistent();
    expect(await apiCount('categories', b.id)).toBe(0);
    clock.set(new Date('2026-11-24T00:00:00Z')); // its date has come: published by the scheduled job (issue 18)
    await t.http().get(`${t.api}/events`);
    expect(await apiCount('categories', b.id)).toBe(0); // reads never write
    expect(await t.app.get(ScheduledPublishing).runOnce()).toBe(1);
    await expectConsistent();
    expect(await apiCount('categories', b.id)).toBe(1);

    await send('delete', `events/${draft.id}?force=true`);
    await send('delete', `tags/${tag.id}?force=true`);
    await send('delete', `categories/${b.id}?force=true`);
    await expectConsistent();
    expect(await apiCount('categories', a.id)).toBe(1);
  });
});
