import { FixedClock } from '../../src/shared/domain/clock';
import { startTestApp, TestApp } from './support/test-app';

/** Every filter of `GET /events` (CONTRACT §8.1, §8.4–§8.6, §6.11, §7.3) on the real database. */
describe('events: list filters', () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let author: string;
  let contributor: string;
  const clock = new FixedClock(new Date('2026-11-22T15:00:00Z'));
  const base = { start_date: '2026-12-05 20:00', end_date: '2026-12-05 23:00' };
  const ids = (res: { body: { events: Array<{ id: number }> } }) => res.body.events.map((e) => e.id);

  beforeAll(async () => {
    t = await startTestApp({}, clock);
    [admin, editor, author, contributor] = await Promise.all(
      (['administrator', 'editor', 'author', 'contributor'] as const).map((r) => t.auth(r)),
    );
  });
  afterAll(async () => t.close());

  const create = (body: Record<string, unknown>, auth = editor) => t.createEvent({ ...base, ...body }, auth);
  const list = (query: Record<string, unknown>, auth?: string) => {
    const req = t.http().get(`${t.api}/events`).query(query);
    return auth ? req.set('Authorization', auth) : req;
  };

  it('search: words anywhere in title, description or excerpt; quoted phrases; -words; case and accents ignored', async () => {
    const a = await create({ title: 'Søren Café Nights', description: 'Late show with <em>guests</em>' });
    const b = await create({ title: 'Cafe matinee', excerpt: 'An early show', start_date: '2026-12-06 10:00', end_date: '2026-12-06 12:00' });
    const c = await create({ title: 'CAFÉ late', description: 'show late', start_date: '2026-12-07 10:00', end_date: '2026-12-07 12:00' });
    expect(ids(await list({ search: 'cafe' }))).toEqual([a.id, b.id, c.id]);
    expect(ids(await list({ search: 'CAFÉ SHOW' }))).toEqual([a.id, b.id, c.id]);
    expect(ids(await list({ search: '"late show"' }))).toEqual([a.id]);
    expect(ids(await list({ search: 'cafe -matinee' }))).toEqual([a.id, c.id]);
    expect(ids(await list({ search: 'cafe -"late show"' }))).toEqual([b.id, c.id]);
    expect(ids(await list({ search: 'soren nights guests' }))).toEqual([a.id]);
    expect(ids(await list({ search: '100%' }))).toEqual([]);
    const empty = await list({ search: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.data.details.search.code).toBe('rest_empty_value');
  });

  it('categories by id or slug with their descendants; tags (any of them); names are refused', async () => {
    const parent = (await t.http().post(`${t.api}/categories`).set('Authorization', admin).send({ name: 'Music filter' })).body;
    const child = (await t.http().post(`${t.api}/categories`).set('Authorization', admin).send({ name: 'Jazz filter', parent: parent.id })).body;
    const grandchild = (await t.http().post(`${t.api}/categories`).set('Authorization', admin).send({ name: 'Bebop filter', parent: child.id })).body;
    const p = await create({ title: 'Cat parent', categories: [parent.id] });
    const g = await create({ title: 'Cat grandchild', categories: [grandchild.slug], start_date: '2026-12-06 10:00', end_date: '2026-12-06 11:00' });
    const tg = await create({ title: 'Tagged one', tags: ['Tag filter one'], start_date: '2026-12-07 10:00', end_date: '2026-12-07 11:00' }, admin);
    const tg2 = await create({ title: 'Tagged two', tags: ['Tag filter two'], start_date: '2026-12-08 10:00', end_date: '2026-12-08 11:00' }, admin);
    expect(ids(await list({ categories: 'music-filter' }))).toEqual([p.id, g.id]);
    expect(ids(await list({ categories: String(child.id) }))).toEqual([g.id]);
    expect(ids(await list({ 'categories[]': ['bebop-filter', String(parent.id)] }))).toEqual([p.id, g.id]);
    expect(ids(await list({ tags: 'tag-filter-one,tag-filter-two' }))).toEqual([tg.id, tg2.id]);
    expect(ids(await list({ tags: 'tag-filter-two', categories: 'music-filter' }))).toEqual([]);
    const byName = await list({ categories: 'Music filter' });
    expect(byName.status).toBe(400);
    expect(byName.body.data.details.categories.code).toBe('rest_unknown_reference');
  });

  it('venue and organizer (any of the ids), featured, ticketed, geoloc, post_parent', async () => {
    const v1 = (await t.http().post(`${t.api}/venues`).set('Authorization', editor).send({ venue: 'Filter hall A', geo_lat: 40.4168, geo_lng: -3.7038 })).body;
    const v2 = (await t.http().post(`${t.api}/venues`).set('Authorization', editor).send({ venue: 'Filter hall B' })).body;
    const o1 = (await t.http().post(`${t.api}/organizers`).set('Authorization', editor).send({ organizer: 'Filter org' })).body;
    const e1 = await create({ title: 'Kilo one', venue: v1.id, featured: true, ticketed: true });
    const e2 = await create({ title: 'Kilo two', venue: [v2.id, v1.id], organizer: o1.id, start_date: '2026-12-06 10:00', end_date: '2026-12-06 11:00' });
    const e3 = await create({ title: 'Kilo three', venue: v2.id, post_parent: e1.id, start_date: '2026-12-07 10:00', end_date: '2026-12-07 11:00' });
    expect(ids(await list({ search: 'kilo', venue: `${v1.id}` }))).toEqual([e1.id, e2.id]);
    expect(ids(await list({ search: 'kilo', venue: `${v2.id}` }))).toEqual([e2.id, e3.id]);
    expect(ids(await list({ search: 'kilo', organizer: `${o1.id}` }))).toEqual([e2.id]);
    expect(ids(await list({ search: 'kilo', featured: 'true' }))).toEqual([e1.id]);
    expect(ids(await list({ search: 'kilo', featured: '0' }))).toEqual([e2.id, e3.id]);
    expect(ids(await list({ search: 'kilo', ticketed: '1' }))).toEqual([e1.id]);
    expect(ids(await list({ search: 'kilo', geoloc: 'false' }))).toEqual([e3.id]);
    expect(ids(await list({ search: 'kilo', geoloc_lat: 40.42, geoloc_lng: -3.7 }))).toEqual([e1.id, e2.id]);
    expect(ids(await list({ search: 'kilo', post_parent: e1.id }))).toEqual([e3.id]);
    for (const [query, param] of [
      [{ venue: 987654 }, 'venue'],
      [{ organizer: 987654 }, 'organizer'],
      [{ post_parent: v1.id }, 'post_parent'],
    ] as const) {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.body.data.details[param].code).toBe('rest_unknown_reference');
    }
  });

  it('post_parent naming an event the caller may not see is an unknown reference, as an unused id is', async () => {
    const draft = await create({ title: 'November draft parent', status: 'draft' }, contributor);
    const privateParent = await create({ title: 'November private parent', status: 'private' }, author);
    for (const parent of [draft, privateParent]) {
      const anonymous = await list({ post_parent: parent.id });
      expect(anonymous.status).toBe(400);
      expect(anonymous.body.data.details.post_parent.code).toBe('rest_unknown_reference');
      expect((await list({ post_parent: parent.id }, editor)).status).toBe(200);
    }
    expect((await list({ post_parent: draft.id }, contributor)).status).toBe(200); // its own draft
    expect((await list({ post_parent: draft.id }, author)).status).toBe(400);
  });

  it('status: anonymous only publish; contributors and authors see their own non-public events, editors all', async () => {
    const draftByContributor = await create({ title: 'Lima draft', status: 'draft' }, contributor);
    const privateByAuthor = await create({ title: 'Lima private', status: 'private' }, author);
    const published = await create({ title: 'Lima published' }, author);
    const trashed = await create({ title: 'Lima trashed', status: 'trash' }, contributor);
    expect(ids(await list({ search: 'lima' }))).toEqual([published.id]);
    expect(ids(await list({ search: 'lima' }, contributor))).toEqual([draftByContributor.id, published.id]);
    expect(ids(await list({ search: 'lima' }, author))).toEqual([privateByAuthor.id, published.id]);
    expect(ids(await list({ search: 'lima', status: 'any' }, editor))).toEqual([draftByContributor.id, privateByAuthor.id, published.id]);
    expect(ids(await list({ search: 'lima', status: 'trash' }, contributor))).toEqual([trashed.id]);
    expect(ids(await list({ search: 'lima', status: 'trash' }, author))).toEqual([]);
    expect(ids(await list({ search: 'lima', status: 'draft,private' }, editor))).toEqual([draftByContributor.id, privateByAuthor.id]);
    for (const status of ['draft', 'any', 'publish,draft']) {
      const res = await list({ search: 'lima', status });
      expect(res.status).toBe(400);
      expect(res.body.data.details.status.code).toBe('rest_not_allowed_value');
    }
    const unknown = await list({ search: 'lima', status: 'bogus' }, editor);
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.details.status.code).toBe('rest_not_in_enum');
  });

  it('hidden events never appear, include lists exactly the visible ids ignoring dates', async () => {
    const hidden = await create({ title: 'Mike hidden', hide_from_listings: true });
    const past = await create({ title: 'Mike past', start_date: '2020-01-01 10:00', end_date: '2020-01-01 11:00' });
    const draft = await create({ title: 'Mike draft', status: 'draft' });
    expect(ids(await list({ search: 'mike' }, editor))).toEqual([draft.id]);
    expect(ids(await list({ include: `${hidden.id},${past.id},${draft.id},987654` }))).toEqual([past.id]);
    expect(ids(await list({ include: `${hidden.id},${past.id},${draft.id}` }, editor))).toEqual([past.id, draft.id]);
    expect((await t.http().get(`${t.api}/events/${hidden.id}`)).status).toBe(200);
    expect((await list({ include: 'abc' })).status).toBe(400);
  });

  it('password-protected items are masked unless unlocked; the password is never copied into links', async () => {
    // Every masked key holds a value of its own here, so that a key left unmasked shows (issue 19: with an empty
    // description, excerpt, image, tags, venue and organizer, six of the keys were checked against empty values).
    const e = await create(
      {
        title: 'November secret', post_password: 'open sesame', cost: '$10', featured: true, sticky: true, all_day: true,
        hide_from_listings: false, show_map: true, show_map_link: true, ticketed: true, categories: ['Secret cat'], tags: ['secret-tag'],
        description: '<p>The hidden plan</p>', excerpt: 'Hidden summary', website: 'https://secret.example/',
        image: 'https://img.example/secret.jpg', venue: { venue: 'Secret Hall' }, organizer: [{ organizer: 'Secret Org' }],
      },
      admin,
    );
    const masked = (await list({ search: 'november secret' })).body.events[0];
    expect(masked).toMatchObject({
      id: e.id, title: 'November secret', description: '', excerpt: '', image: false, all_day: null, cost: '',
      cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] }, website: '',
      show_map: null, show_map_link: null, hide_from_listings: null, sticky: null, featured: null, categories: [], tags: [],
      venue: [], organizer: [], custom_fields: [], ticketed: null,
    });
    expect(Object.keys(masked)).toEqual(Object.keys(e));
    const unlocked = await list({ search: 'november secret', password: 'open sesame', per_page: 1 });
    expect(unlocked.body.events[0]).toMatchObject({ featured: true, cost: '$10' });
    const MASKED_KEYS = ['description', 'excerpt', 'image', 'all_day', 'cost', 'cost_details', 'website', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured', 'categories', 'tags', 'venue', 'organizer', 'ticketed'];
    for (const key of MASKED_KEYS) {
      expect({ key, differs: JSON.stringify(unlocked.body.events[0][key]) !== JSON.stringify(masked[key]) }).toEqual({ key, differs: true });
    }
    expect(unlocked.body.rest_url).not.toContain('password');
    expect((await list({ search: 'november secret' }, admin)).body.events[0].featured).toBe(true);
    expect((await list({ search: 'november secret' }, author)).body.events[0].featured).toBeNull();
  });

  it('links keep every filter sent, in the parameter-table order, encoded; page 2 links back without page', async () => {
    for (let i = 0; i < 3; i++) await create({ title: `Oscar, linked ${i}` });
    const res = await list({ per_page: 1, page: 2, featured: 'FALSE', search: 'oscar, linked', status: 'publish', strict_dates: 'on', start_date: '2026-11-22 10:00' });
    expect(res.status).toBe(200);
    const rest = 'per_page=1&start_date=2026-11-22%2010%3A00%3A00&end_date=2028-11-22%2023%3A59%3A59&strict_dates=1&search=oscar%2C%20linked&featured=0&status=publish';
    expect(res.body.rest_url).toBe(`${t.publicApi}/events/?page=2&${rest}`);
    expect(res.body.next_rest_url).toBe(`${t.publicApi}/events/?page=3&${rest}`);
    expect(res.body.previous_rest_url).toBe(`${t.publicApi}/events/?${rest}`);
    expect(Object.keys(res.body)).toEqual(['events', 'rest_url', 'next_rest_url', 'previous_rest_url', 'total', 'total_pages']);
    expect(res.headers['x-tec-total']).toBe('3');
    expect(res.headers['x-tec-totalpages']).toBe('3');
  });
});
