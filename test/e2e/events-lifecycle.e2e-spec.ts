import { FixedClock } from '../../src/shared/domain/clock';
import { startTestApp, TestApp } from './support/test-app';
import { ScheduledPublishing } from '../../src/modules/publishing/scheduled-publishing';

/**
 * An event's life over HTTP: scheduled publication (CONTRACT §3.5), dates and time zones on write (§9.3), trash, restore
 * and permanent deletion (§9.10), conditional requests (§9.11), on the real app and database.
 */
describe('events: lifecycle', () => {
  let t: TestApp;
  let editor: string;
  let author: string;
  let contributor: string;
  const clock = new FixedClock(new Date('2026-11-22T15:00:00Z'));
  const base = { title: 'Lifecycle', start_date: '2026-12-05 20:00', end_date: '2026-12-05 23:00' };

  beforeAll(async () => {
    t = await startTestApp({ CALENDAR_TIMEZONE: 'Europe/Madrid' }, clock);
    [editor, author, contributor] = await Promise.all((['editor', 'author', 'contributor'] as const).map((r) => t.auth(r)));
  });
  afterAll(async () => t.close());

  const create = (body: Record<string, unknown>, auth = editor) => t.createEvent(body, auth);
  const patch = (id: number, body: Record<string, unknown>, auth = editor) =>
    t.http().patch(`${t.api}/events/${id}`).set('Authorization', auth).send(body);

  it('a future publication date schedules the event; it is published once the date has passed', async () => {
    const category = (await t.http().post(`${t.api}/categories`).set('Authorization', editor).send({ name: 'Scheduled cat' })).body;
    const e = await create({ ...base, title: 'Scheduled quebec', date_utc: '2026-11-22 15:02:00', categories: [category.id] }, author);
    expect(e).toMatchObject({ status: 'future', date_utc: '2026-11-22 15:02:00', date: '2026-11-22 16:02:00' });
    expect((await t.http().get(`${t.api}/events`).query({ search: 'quebec' })).body.total).toBe(0);
    expect((await t.http().get(`${t.api}/events/${e.id}`)).body.code).toBe('event-not-accessible');
    expect((await t.http().get(`${t.api}/categories/${category.id}`)).body.count).toBe(0);
    clock.advance(3 * 60_000);
    // Issue 18: reads never write; until the scheduled job runs they show the due event as published already.
    const shown = async () => {
      const listed = await t.http().get(`${t.api}/events`).query({ search: 'quebec' });
      expect(listed.body.events.map((x: any) => [x.id, x.status])).toEqual([[e.id, 'publish']]);
      expect((await t.http().get(`${t.api}/events/${e.id}`)).body.status).toBe('publish');
    };
    await shown();
    expect((await t.http().get(`${t.api}/events/${e.id}`).set('Authorization', editor)).body.status).toBe('publish');
    expect(await t.app.get(ScheduledPublishing).runOnce()).toBe(1);
    await shown();
    expect((await t.http().get(`${t.api}/categories/${category.id}`)).body.count).toBe(1);
    expect(await t.app.get(ScheduledPublishing).runOnce()).toBe(0);
  });

  it('status on write: scale-back for contributors, future/publish by publication date for authors', async () => {
    expect((await create({ ...base, status: 'publish' }, contributor)).status).toBe('pending');
    expect((await create({ ...base, status: 'future', date: '2030-01-01' }, contributor)).status).toBe('pending');
    expect((await create(base, contributor)).status).toBe('draft');
    expect((await create({ ...base, status: 'future' }, author)).status).toBe('publish');
    expect((await create({ ...base, date: '+1 week' }, author)).status).toBe('future');
    const e = await create(base, author);
    let res = await patch(e.id, { date: '2030-01-01 10:00' }, author);
    expect(res.body).toMatchObject({ status: 'future', date: '2030-01-01 10:00:00', date_utc: '2030-01-01 09:00:00' });
    res = await patch(e.id, { date_utc: '2020-01-01 10:00' }, author);
    expect(res.body).toMatchObject({ status: 'publish', date: '2020-01-01 11:00:00', date_utc: '2020-01-01 10:00:00' });
    res = await patch(e.id, { status: 'bogus' }, author);
    expect(res.body.data.details.status.code).toBe('rest_not_in_enum');
  });

  it('dates: offsets, timestamps, all-day, a lone date, a time-zone change, DST gap and overlap', async () => {
    let e = await create({ ...base, start_date: '2026-12-05T19:00:00Z', end_date: 1796511600, timezone: 'UTC+5:30' });
    expect(e).toMatchObject({
      timezone: 'UTC+5:30', timezone_abbr: 'UTC+5:30', start_date: '2026-12-06 00:30:00', end_date: '2026-12-06 04:30:00',
      utc_start_date: '2026-12-05 19:00:00', utc_end_date: '2026-12-05 23:00:00',
    });
    e = await create({ ...base, timezone: '-0530' });
    expect(e).toMatchObject({ timezone: 'UTC-5:30', utc_start_date: '2026-12-06 01:30:00' });
    e = (await patch(e.id, { timezone: 'Europe/Madrid' })).body;
    expect(e).toMatchObject({ start_date: '2026-12-05 20:00:00', utc_start_date: '2026-12-05 19:00:00', timezone_abbr: 'CET' });
    e = (await patch(e.id, { all_day: true })).body;
    expect(e).toMatchObject({ all_day: true, start_date: '2026-12-05 00:00:00', end_date: '2026-12-05 23:59:59', utc_end_date: '2026-12-05 22:59:59' });
    e = (await patch(e.id, { end_date: '2026-12-07 10:00' })).body;
    expect(e).toMatchObject({ start_date: '2026-12-05 00:00:00', end_date: '2026-12-07 23:59:59' });
    e = (await patch(e.id, { all_day: false, start_date: '2026-03-29 02:30', end_date: '2026-10-25 02:30' })).body;
    expect(e).toMatchObject({
      all_day: false, start_date: '2026-03-29 03:30:00', utc_start_date: '2026-03-29 01:30:00', timezone_abbr: 'CEST',
      end_date: '2026-10-25 02:30:00', utc_end_date: '2026-10-25 00:30:00',
    });
    const res = await patch(e.id, { start_date: '2026-10-26' });
    expect(res.status).toBe(400);
    expect(res.body.data.details.end_date.code).toBe('rest_invalid_date_range');
    expect((await patch(e.id, { end_date: '2026-03-29 03:30' })).status).toBe(200);
  });

  it('timestamps sent as JSON numbers may carry a sign and a fraction (dropped); as text only digits (§8.2.2, README)', async () => {
    const e = await create({ ...base, timezone: 'UTC', start_date: 1796497200, end_date: 1796497300.9, date_utc: -1 });
    expect(e).toMatchObject({ utc_start_date: '2026-12-05 19:00:00', utc_end_date: '2026-12-05 19:01:40', date_utc: '1969-12-31 23:59:59' });
    const res = await patch(e.id, { end_date: '1796497300.5' });
    expect([res.status, res.body.data.details.end_date.code]).toEqual([400, 'rest_invalid_date']);
    const venue = await t.http().post(`${t.api}/venues`).set('Authorization', editor).send({ venue: 'Timestamp hall', date_utc: 86400.5 });
    expect([venue.status, venue.body.date_utc]).toEqual([201, '1970-01-02 00:00:00']);
  });

  it('trash, 410, restore by update, permanent deletion resets children; If-Match and If-None-Match', async () => {
    const parent = await create({ ...base, title: 'Lifecycle parent' });
    const child = await create({ ...base, title: 'Lifecycle child', post_parent: parent.id });
    let res = await t.http().delete(`${t.api}/events/${parent.id}`).set('Authorization', editor).set('If-Match', '"stale"');
    expect(res.status).toBe(412);
    const read = await t.http().get(`${t.api}/events/${parent.id}`);
    res = await t.http().head(`${t.api}/events/${parent.id}`).set('If-None-Match', read.headers.etag);
    expect(res.status).toBe(304);
    res = await t.http().delete(`${t.api}/events/${parent.id}`).set('Authorization', editor).set('If-Match', read.headers.etag);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: parent.id, status: 'trash' });
    expect(res.body.json_ld).toBeUndefined();
    expect((await t.http().get(`${t.api}/events/${parent.id}`).set('Authorization', editor)).body.code).toBe('event-no-longer-available');
    expect((await t.http().get(`${t.api}/events/${child.id}`)).body.post_parent).toBe(parent.id);
    res = await t.http().delete(`${t.api}/events/${parent.id}`).set('Authorization', editor).send({ force: false });
    expect(res.status).toBe(410);
    expect(res.body.code).toBe('event-is-in-trash');
    res = await patch(parent.id, { status: 'publish' });
    expect(res.body.status).toBe('publish');
    res = await t.http().delete(`${t.api}/events/${parent.id}`).set('Authorization', editor).set('If-Match', '*').send({ force: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: parent.id, status: 'publish' });
    expect((await t.http().get(`${t.api}/events/${parent.id}`)).status).toBe(404);
    expect((await t.http().get(`${t.api}/events/${child.id}`)).body.post_parent).toBe(0);
    res = await t.http().delete(`${t.api}/events/${parent.id}`).set('Authorization', editor).query({ force: 'true' });
    expect(res.status).toBe(404);
    res = await patch(child.id, { title: 'Not the tag' }).set('If-Match', '"stale"');
    expect(res.status).toBe(412);
    expect((await t.http().get(`${t.api}/events/${child.id}`)).body.title).toBe('Lifecycle child');
  });

  it('a permanent delete answers with the event as it was just before, venues, organizers and terms included (§9.10)', async () => {
    const e = await create({
      ...base,
      title: 'Deleted with links',
      venue: [{ venue: 'Gone hall' }, { venue: 'Gone annex' }],
      organizer: { organizer: 'Gone agency' },
      categories: ['Gone category'],
      tags: ['gone-tag'],
    });
    const read = await t.http().get(`${t.api}/events/${e.id}`);
    const deleted = await t.http().delete(`${t.api}/events/${e.id}`).set('Authorization', editor).query({ force: 'true' });
    expect(deleted.status).toBe(200);
    const { json_ld: _jsonLd, ...asRead } = read.body;
    const strip = (v: Record<string, any>) => {
      const { json_ld: _omit, ...rest } = v;
      return rest;
    };
    // Term counts are the terms' own, current figures: the deleted event no longer counts.
    const uncounted = (terms: Array<Record<string, any>>) => terms.map((term) => ({ ...term, count: term.count - 1 }));
    expect(deleted.body).toEqual({
      ...asRead,
      venue: asRead.venue.map(strip),
      organizer: asRead.organizer.map(strip),
      categories: uncounted(asRead.categories),
      tags: uncounted(asRead.tags),
    });
    expect(deleted.body.venue.map((v: any) => v.venue)).toEqual(['Gone hall', 'Gone annex']);
    expect(deleted.body.categories.map((c: any) => c.name)).toEqual(['Gone category']);
    expect(deleted.body.tags.map((c: any) => c.slug)).toEqual(['gone-tag']);
  });

  it('a contributor may trash its own draft but not its published event', async () => {
    const draft = await create({ ...base, title: 'Contrib draft' }, contributor);
    expect((await t.http().delete(`${t.api}/events/${draft.id}`).set('Authorization', contributor)).status).toBe(200);
    const published = await create({ ...base, title: 'Contrib published', author: 4 }, editor);
    expect((await t.http().delete(`${t.api}/events/${published.id}`).set('Authorization', contributor)).status).toBe(403);
    expect((await patch(published.id, { status: 'trash' }, contributor)).status).toBe(403);
  });
});
