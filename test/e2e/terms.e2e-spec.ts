import { startTestApp, TestApp } from './support/test-app';
import { replaceLinks } from '../../src/modules/events/infrastructure/typeorm/event-link-tables';

/** Categories and tags over HTTP (CONTRACT §5, §6.5–6.6, §7, §9.11, §11). Events are seeded directly in the tables. */
describe('terms: /categories and /tags', () => {
  let t: TestApp;
  let editor: string;
  let author: string;
  let contributor: string;
  let nextEvent = 5000;

  beforeAll(async () => {
    t = await startTestApp();
    [editor, author, contributor] = await Promise.all([t.auth('editor'), t.auth('author'), t.auth('contributor')]);
  });
  afterAll(async () => t.close());

  const d = '2026-01-01 00:00:00';
  async function seedEvent(status: string, termIds: number[]): Promise<number> {
    const id = ++nextEvent;
    await t.dataSource.query(
      `INSERT INTO events (id, author_id, status, slug, title, description, excerpt, search_key, date_local, date_utc,
        modified_utc, start_local, end_local, start_utc, end_utc, timezone) VALUES (?, 1, ?, ?, 't', '', '', '', ?, ?, ?, ?, ?, ?, ?, 'UTC')`,
      [id, status, `e-${id}`, d, d, d, d, d, d, d],
    );
    await replaceLinks(t.dataSource.manager, 'term', id, termIds); // the service's link writer (keeps term counts)
    return id;
  }
  const create = async (path: 'categories' | 'tags', body: Record<string, unknown>, auth = editor) => {
    const res = await t.http().post(`${t.api}/${path}`).set('Authorization', auth).send(body);
    expect(res.status).toBe(201);
    return res.body as { id: number; slug: string; name: string; parent?: number };
  };

  it('creates a category: 201, Location, ETag, standalone shape with ancestor slugs in url', async () => {
    const parent = await create('categories', { name: 'Concerts' });
    const res = await t
      .http()
      .post(`${t.api}/categories`)
      .set('Authorization', author)
      .send({ name: 'Jazz <script>x</script>', description: '<p onclick="x">Live</p>', parent: parent.id });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`${t.publicApi}/categories/${res.body.id}`);
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(Object.keys(res.body)).toEqual(['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'parent', 'meta', 'url', 'urls']);
    expect(res.body).toEqual({
      id: res.body.id,
      count: 0,
      description: '<p>Live</p>',
      name: 'Jazz',
      slug: 'jazz',
      taxonomy: 'tribe_events_cat',
      parent: parent.id,
      meta: [],
      url: `${t.config.publicUrl}/events/category/concerts/jazz/`,
      urls: {
        self: `${t.publicApi}/categories/${res.body.id}`,
        collection: `${t.publicApi}/categories`,
        up: `${t.publicApi}/categories/${parent.id}`,
      },
    });
  });

  it('creates a tag without parent; parent on a tag is refused', async () => {
    const res = await t.http().post(`${t.api}/tags`).set('Authorization', editor).send({ name: 'Outdoor' });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`${t.publicApi}/tags/${res.body.id}`);
    expect(res.body).not.toHaveProperty('parent');
    expect(res.body.url).toBe(`${t.config.publicUrl}/tag/outdoor/`);
    expect(res.body.urls).toEqual({ self: `${t.publicApi}/tags/${res.body.id}`, collection: `${t.publicApi}/tags` });
    const bad = await t.http().post(`${t.api}/tags`).set('Authorization', editor).send({ name: 'Other', parent: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_taxonomy_not_hierarchical');
    const upd = await t.http().patch(`${t.api}/tags/${res.body.id}`).set('Authorization', editor).send({ parent: 1 });
    expect(upd.body.code).toBe('rest_taxonomy_not_hierarchical');
  });

  it('checks roles before validation: categories need author, tags need editor', async () => {
    let res = await t.http().post(`${t.api}/categories`).send({});
    expect([res.status, res.body.code]).toEqual([401, 'rest_forbidden']);
    res = await t.http().post(`${t.api}/categories`).set('Authorization', contributor).send({});
    expect([res.status, res.body.code]).toEqual([403, 'rest_forbidden']);
    res = await t.http().post(`${t.api}/tags`).set('Authorization', author).send({ name: 'x' });
    expect([res.status, res.body.code]).toEqual([403, 'rest_forbidden']);
    res = await t.http().delete(`${t.api}/tags/987654`).set('Authorization', author);
    expect(res.status).toBe(403);
  });

  it('validates fields: missing name, empty values, bad and unknown parent', async () => {
    let res = await t.http().post(`${t.api}/categories`).set('Authorization', editor).send({});
    expect(res.body.code).toBe('rest_missing_callback_param');
    for (const [key, value] of [['name', ''], ['description', ''], ['slug', ''], ['parent', ''], ['parent', 'foo'], ['name', '<b></b>']]) {
      res = await t.http().post(`${t.api}/categories`).set('Authorization', editor).send({ name: 'Valid', [key]: value });
      expect([res.status, res.body.code]).toEqual([400, 'rest_invalid_param']);
    }
    res = await t.http().post(`${t.api}/categories`).set('Authorization', editor).send({ name: 'Valid', parent: 987654 });
    expect(res.body.data.details.parent.code).toBe('rest_unknown_reference');
  });

  it('term_exists on duplicate names (category: same parent; tag: anywhere), slug de-dup on create', async () => {
    const a = await create('categories', { name: 'Café Night' });
    let res = await t.http().post(`${t.api}/categories`).set('Authorization', editor).send({ name: 'CAFE night' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'term_exists', data: { status: 400, term_id: a.id } });
    expect(res.body.message).toBe('A term with the name provided already exists with this parent.');
    const child = await create('categories', { name: 'cafe night', parent: a.id });
    expect(child.slug).toBe('cafe-night-2');
    const tag = await create('tags', { name: 'Rock & Roll' });
    expect(tag.name).toBe('Rock & Roll');
    // §1.7: every line break (NEL and the Unicode separators too) and tab becomes a single space.
    expect((await create('tags', { name: 'Line\u2028break\u0085and\ttab' })).name).toBe('Line break and tab');
    res = await t.http().post(`/es${t.api}/tags`).set('Authorization', editor).send({ name: 'rock & roll' });
    expect(res.body).toMatchObject({ code: 'term_exists', data: { term_id: tag.id } });
    expect(res.body.message).toBe('Ya existe un término con ese nombre en esta taxonomía.');
  });

  it('reads by id: 404 for unknown ids and for the other taxonomy, no route for non-digits, ETag and 304', async () => {
    const tag = await create('tags', { name: 'Readable' });
    let res = await t.http().get(`${t.api}/categories/${tag.id}`);
    expect([res.status, res.body.code, res.body.message]).toEqual([404, 'rest-term-not-found', `Category with ID ${tag.id} does not exist.`]);
    res = await t.http().get(`${t.api}/tags/0`);
    expect(res.body.message).toBe('Tag with ID 0 does not exist.');
    res = await t.http().get(`${t.api}/tags/foo`);
    expect(res.body.code).toBe('rest_no_route');
    res = await t.http().get(`${t.api}/tags/${tag.id}`);
    expect(res.status).toBe(200);
    const etag = res.headers.etag;
    res = await t.http().get(`${t.api}/tags/${tag.id}`).set('If-None-Match', etag);
    expect(res.status).toBe(304);
    expect(res.headers.etag).toBe(etag);
    res = await t.http().get(`${t.api}/tags/${tag.id}`).set('If-None-Match', '"other"');
    expect(res.status).toBe(200);
  });

  it('updates partially by POST, PUT and PATCH; If-Match; term_exists and term_slug_exists', async () => {
    const a = await create('tags', { name: 'First', slug: 'first' });
    const b = await create('tags', { name: 'Second', description: 'keep' });
    let res = await t.http().put(`${t.api}/tags/${b.id}`).set('Authorization', editor).send({ name: 'Second!' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Second!', description: 'keep', slug: 'second' });
    res = await t.http().patch(`${t.api}/tags/${b.id}`).set('Authorization', editor).send({ description: null });
    expect(res.body.description).toBe('');
    res = await t.http().post(`${t.api}/tags/${b.id}`).set('Authorization', editor).send({ name: 'first' });
    expect(res.body).toMatchObject({ code: 'term_exists', data: { term_id: a.id } });
    res = await t.http().post(`${t.api}/tags/${b.id}`).set('Authorization', editor).send({ slug: 'FIRST' });
    expect([res.status, res.body.code, res.body.message]).toEqual([409, 'term_slug_exists', 'The slug "first" is already in use by another term.']);
    res = await t.http().post(`${t.api}/tags/${b.id}`).set('Authorization', editor).set('If-Match', '"stale"').send({ name: 'Nope' });
    expect([res.status, res.body.code]).toEqual([412, 'rest_precondition_failed']);
    const current = await t.http().get(`${t.api}/tags/${b.id}`);
    expect(current.body.name).toBe('Second!');
    res = await t.http().post(`${t.api}/tags/${b.id}`).set('Authorization', editor).set('If-Match', current.headers.etag).send({ slug: 'new slug' });
    expect(res.status).toBe(200);
    expect(res.body.slug).toBe('new-slug');
    expect(res.headers.etag).toBeDefined();
    res = await t.http().post(`${t.api}/tags/987654`).set('Authorization', editor).send({ name: 'x' });
    expect([res.status, res.body.code]).toEqual([404, 'rest-term-not-found']);
    res = await t.http().post(`${t.api}/tags/987654`).set('Authorization', editor).send({ name: '' });
    expect(res.status).toBe(400); // validation before existence
  });

  it('refuses category parent cycles with rest_invalid_parent', async () => {
    const a = await create('categories', { name: 'Cycle A' });
    const b = await create('categories', { name: 'Cycle B', parent: a.id });
    const res = await t.http().patch(`${t.api}/categories/${a.id}`).set('Authorization', editor).send({ parent: b.id });
    expect(res.status).toBe(400);
    expect(res.body.data.details.parent.code).toBe('rest_invalid_parent');
  });

  it('deletes permanently: old count returned, children move up, events lose the term, If-Match honoured', async () => {
    const root = await create('categories', { name: 'Del Root' });
    const mid = await create('categories', { name: 'Del Mid', parent: root.id });
    const leaf = await create('categories', { name: 'Del Leaf', parent: mid.id });
    const event = await seedEvent('publish', [mid.id]);
    await seedEvent('draft', [mid.id]);
    let res = await t.http().delete(`${t.api}/categories/${mid.id}`).set('Authorization', editor).set('If-Match', '"x"');
    expect(res.status).toBe(412);
    res = await t.http().delete(`${t.api}/categories/${mid.id}?force=false`).set('Authorization', author);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: mid.id, count: 1, parent: root.id });
    expect((await t.http().get(`${t.api}/categories/${mid.id}`)).status).toBe(404);
    expect((await t.http().get(`${t.api}/categories/${leaf.id}`)).body.parent).toBe(root.id);
    const links = await t.dataSource.query('SELECT term_id FROM event_terms WHERE event_id = ?', [event]);
    expect(links).toEqual([]);
    res = await t.http().delete(`${t.api}/categories/${mid.id}`).set('Authorization', editor);
    expect([res.status, res.body.code]).toEqual([404, 'rest-term-not-found']);
  });

  describe('lists', () => {
    const ids: Record<string, number> = {};
    let event: number;
    beforeAll(async () => {
      ids.music = (await create('categories', { name: 'Lq Música', slug: 'l-music' })).id;
      ids.rock = (await create('categories', { name: 'Lq Rock', parent: ids.music })).id;
      ids.empty = (await create('categories', { name: 'Lq Empty' })).id;
      ids.alpha = (await create('tags', { name: 'Lq alpha' })).id;
      ids.beta = (await create('tags', { name: 'Lq Beta' })).id;
      event = await seedEvent('publish', [ids.rock, ids.alpha, ids.beta]);
      await seedEvent('publish', [ids.beta]);
    });
    const get = (path: string) => t.http().get(`${t.api}/${path}`);

    it('envelope in term key order, headers, counts, hide_empty keeps ancestors', async () => {
      const res = await get('categories?search=lq%20&per_page=50');
      expect(Object.keys(res.body)).toEqual(['rest_url', 'total', 'total_pages', 'categories']);
      expect(res.body.categories.map((c: { id: number }) => c.id)).toEqual([ids.music, ids.rock]);
      expect(res.body.categories[1].count).toBe(1);
      expect(res.body.categories[0].count).toBe(0);
      expect(res.headers['x-tec-total']).toBe('2');
      expect(res.body.rest_url).toBe(`${t.publicApi}/categories/?page=1&per_page=50&search=lq%20`);
      const all = await get('categories?search=LQ%20&hide_empty=0');
      expect(all.body.total).toBe(3);
    });

    it('search folds accents; include/exclude by id or slug; orderby/order; parent; event/post; slug', async () => {
      const names = async (q: string) => (await get(q)).body.categories?.map((c: { name: string }) => c.name) ?? (await get(q)).body.tags.map((c: { name: string }) => c.name);
      expect(await names('categories?search=MUSICA&hide_empty=false')).toEqual(['Lq Música']);
      expect(await names(`categories?include=l-music,${ids.empty}&hide_empty=0&orderby=include`)).toEqual(['Lq Música', 'Lq Empty']);
      expect(await names(`categories?search=lq%20&exclude=${ids.rock}&hide_empty=0`)).toEqual(['Lq Empty', 'Lq Música']);
      expect(await names(`categories?search=lq%20&hide_empty=0&order=DESC`)).toEqual(['Lq Rock', 'Lq Música', 'Lq Empty']);
      expect(await names(`categories?parent=${ids.music}&hide_empty=0`)).toEqual(['Lq Rock']);
      expect(await names(`tags?event=${event}&post=987654`)).toEqual(['Lq alpha', 'Lq Beta']);
      expect(await names(`tags?post=${event}&orderby=count&order=desc`)).toEqual(['Lq Beta', 'Lq alpha']);
      expect(await names('tags?slug=LQ-BETA')).toEqual(['Lq Beta']);
    });

    it('refuses unknown references and enum values', async () => {
      let res = await get('categories?include=nope,987654');
      expect(res.body.data.details.include).toMatchObject({ code: 'rest_unknown_reference' });
      res = await get('categories?parent=987654');
      expect(res.body.data.details.parent.code).toBe('rest_unknown_reference');
      res = await get('tags?event=987654');
      expect(res.body.data.details.event.code).toBe('rest_unknown_reference');
      res = await get('tags?orderby=nope&order=up');
      expect(Object.keys(res.body.data.details)).toEqual(['order', 'orderby']);
      expect(res.body.data.details.orderby.code).toBe('rest_not_in_enum');
      res = await get('tags?search=');
      expect(res.status).toBe(400);
    });

    it('pages with links keeping every filter; past the end is 200 with previous link', async () => {
      let res = await get('tags?per_page=1&search=lq%20&page=2');
      expect(res.body).toMatchObject({ total: 2, total_pages: 2 });
      expect(res.body.previous_rest_url).toBe(`${t.publicApi}/tags/?per_page=1&search=lq%20`);
      expect(res.body.next_rest_url).toBeUndefined();
      res = await get('tags?per_page=1&search=lq%20');
      expect(res.body.next_rest_url).toBe(`${t.publicApi}/tags/?page=2&per_page=1&search=lq%20`);
      expect(Object.keys(res.body)).toEqual(['rest_url', 'total', 'total_pages', 'tags', 'next_rest_url']);
      res = await get('tags?per_page=1&search=lq%20&page=5');
      expect(res.status).toBe(200);
      expect(res.body.tags).toEqual([]);
      expect(res.body.previous_rest_url).toBe(`${t.publicApi}/tags/?page=4&per_page=1&search=lq%20`);
    });
  });
});
