import { linkIdInconsistencies } from '../concurrency/support/integrity';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Issue 18: event views take their links from the events rows' stored `link_ids` (records read by id, no link table).
 * Whatever an event links to — nothing, only categories, only tags, only organizers, everything — its single and list
 * answers are byte for byte those of the link tables' path (taken when `link_ids` is unknown), and every write that
 * changes link rows (event writes, deleting a venue, an organizer or a category) keeps `link_ids` equal to them.
 */
describe('events read through their stored link ids', () => {
  let t: TestApp;
  let admin: string;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '0' });
    admin = await t.auth('administrator');
    const post = async (route: string, body: object) => {
      const res = await t.http().post(`${t.api}/${route}`).set('Authorization', admin).send(body);
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const venue = await post('venues', { venue: 'Hall' });
    const [first, second] = [await post('organizers', { organizer: 'First' }), await post('organizers', { organizer: 'Second' })];
    const music = await post('categories', { name: 'Music' });
    const nested = await post('categories', { name: 'Jazz', parent: music });
    const tag = await post('tags', { name: 'late' });
    const day = (d: number) => ({ start_date: `2027-05-${10 + d} 20:00`, end_date: `2027-05-${10 + d} 22:00` });
    const links = [
      {},
      { categories: [nested] },
      { tags: [tag] },
      { organizer: [second, first] },
      { venue, organizer: [first, second], categories: [music, nested], tags: [tag] },
      { venue, categories: [music] },
    ];
    for (const [i, extra] of links.entries()) ids.push((await t.createEvent({ title: `Linked ${i}`, ...day(i), ...extra }, admin)).id);
  }, 60_000);
  afterAll(async () => t.close());

  const answers = async () => {
    const out: string[] = [];
    for (const id of ids) out.push((await t.http().get(`${t.api}/events/${id}`)).text);
    out.push((await t.http().get(`${t.api}/events`).query({ start_date: '2027-05-01', per_page: 50 })).text);
    return out;
  };

  it('answers as the link tables do, for every mix of links', async () => {
    const stored = await answers();
    expect(stored.slice(0, -1).map((text) => JSON.parse(text).id)).toEqual(ids);
    expect(JSON.parse(stored[stored.length - 1]).events).toHaveLength(ids.length);
    await t.dataSource.query('UPDATE events SET link_ids = NULL');
    expect(await answers()).toEqual(stored);
    await t.dataSource.query('UPDATE events SET link_ids = ?', ['[[],[],[]]']); // what the stored path would show
    expect(await answers()).not.toEqual(stored);
  });

  it('stays equal to the link rows through event writes and deletions of linked records', async () => {
    const patch = (id: number, body: object) => t.http().patch(`${t.api}/events/${id}`).set('Authorization', admin).send(body);
    await t.dataSource.query('UPDATE events SET link_ids = NULL');
    const event = JSON.parse((await t.http().get(`${t.api}/events/${ids[4]}`)).text);
    for (const id of ids) expect((await patch(id, { title: `Rewritten ${id}`, tags: [] })).status).toBe(200);
    expect(await linkIdInconsistencies(t.dataSource)).toEqual([]);
    expect((await patch(ids[0], { organizer: [event.organizer[1].id, event.organizer[0].id], venue: event.venue.id })).status).toBe(200);
    const remove = (route: string, id: number) => t.http().delete(`${t.api}/${route}/${id}?force=true`).set('Authorization', admin);
    expect((await remove('venues', event.venue.id)).status).toBe(200);
    expect((await remove('organizers', event.organizer[0].id)).status).toBe(200);
    expect((await remove('categories', event.categories[0].id)).status).toBe(200);
    expect(await linkIdInconsistencies(t.dataSource)).toEqual([]);
    const stored = await answers();
    await t.dataSource.query('UPDATE events SET link_ids = NULL');
    expect(await answers()).toEqual(stored);
  });
});
