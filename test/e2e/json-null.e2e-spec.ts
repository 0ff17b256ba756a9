import { startTestApp, TestApp } from './support/test-app';

/**
 * CONTRACT §1.4: JSON `null` means "clear": the field takes its empty value (`""`, `false`, `[]`, `0`) where clearing is
 * allowed, and is a 400 where the field may not be empty. Checked on every writable field of §9.2, §10.1 and §11.1.
 */
describe('JSON null on writes (§1.4)', () => {
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp();
    editor = await t.auth('editor');
  });
  afterAll(async () => t.close());

  const write = (method: 'post' | 'patch', path: string, body: Record<string, unknown>) =>
    t.http()[method](`${t.api}${path}`).set('Authorization', editor).send(body);
  const detailCodes = (body: any) =>
    Object.fromEntries(Object.entries(body.data.details as Record<string, { code: string }>).map(([k, v]) => [k, v.code]));

  describe('events (§9.2)', () => {
    const base = { title: 'Null night', start_date: '2026-12-05 20:00', end_date: '2026-12-05 23:00' };

    it('null booleans are false, on create (show_map defaults to true otherwise) and on update', async () => {
      const created = await write('post', '/events', { ...base, show_map: null, show_map_link: null, featured: null }).expect(201);
      expect(created.body).toMatchObject({ show_map: false, show_map_link: false, featured: false });

      const flagsOn = { all_day: true, show_map: true, show_map_link: true, hide_from_listings: true, sticky: true, featured: true, ticketed: true };
      const on = await write('post', '/events', { ...base, ...flagsOn }).expect(201);
      expect(on.body).toMatchObject(flagsOn);
      const flagsNull = Object.fromEntries(Object.keys(flagsOn).map((k) => [k, null]));
      const off = await write('patch', `/events/${on.body.id}`, flagsNull).expect(200);
      expect(off.body).toMatchObject(Object.fromEntries(Object.keys(flagsOn).map((k) => [k, false])));
      // all_day cleared: the flag only; the times stay as the all-day write left them (§9.3)
      expect(off.body.start_date).toBe('2026-12-05 00:00:00');
    });

    it('null clears the fields that may be empty: texts, website, cost, links, terms, image, password, parent, timezone', async () => {
      const parent = await write('post', '/events', base).expect(201);
      const venue = await write('post', '/venues', { venue: 'Null hall' }).expect(201);
      const organizer = await write('post', '/organizers', { organizer: 'Null crew' }).expect(201);
      const full = await write('post', '/events', {
        ...base, description: 'd', excerpt: 'e', website: 'https://null.example', cost: '$5', categories: 'Null cat', tags: 'Null tag',
        venue: venue.body.id, organizer: organizer.body.id, image: 'https://cdn.example/n.png', post_password: 'pw',
        post_parent: parent.body.id, timezone: 'Europe/Madrid',
      }).expect(201);
      const cleared = await write('patch', `/events/${full.body.id}`, {
        description: null, excerpt: null, website: null, cost: null, categories: null, tags: null, venue: null, organizer: null,
        image: null, post_password: null, post_parent: null, timezone: null,
      }).expect(200);
      expect(cleared.body).toMatchObject({
        description: '', excerpt: '', website: '', cost: '', categories: [], tags: [], venue: [], organizer: [], image: false,
        post_parent: 0, timezone: 'UTC',
      });
      await t.http().get(`${t.api}/events/${full.body.id}`).expect(200); // no password any more
    });

    it('null is a 400 where the field may not be empty, naming every such field in one error', async () => {
      const e = await write('post', '/events', base).expect(201);
      const res = await write('patch', `/events/${e.body.id}`, {
        title: null, start_date: null, end_date: null, slug: null, author: null, date: null, date_utc: null, status: null, featured: null,
      }).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(detailCodes(res.body)).toEqual({
        title: 'rest_empty_value', start_date: 'rest_empty_value', end_date: 'rest_empty_value', slug: 'rest_empty_value',
        author: 'rest_empty_value', date: 'rest_empty_value', date_utc: 'rest_empty_value', status: 'rest_empty_value',
      });
      expect(res.body.data.params.title).toBe('title must not be empty.');
    });
  });

  describe('venues and organizers (§10.1)', () => {
    it('venue: null map flags are false; null clears texts, website, coordinates and image', async () => {
      const v = await write('post', '/venues', {
        venue: 'Null venue', description: 'd', address: 'a', city: 'c', country: 'co', province: 'p', state: 's', zip: 'z',
        phone: '1', stateprovince: 'sp', website: 'https://v.example', geo_lat: 1, geo_lng: 2, image: 'https://cdn.example/v.png',
      }).expect(201);
      expect(v.body).toMatchObject({ show_map: true, show_map_link: true, image: { extension: 'png' } });
      const fields = ['description', 'address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'stateprovince', 'website', 'geo_lat', 'geo_lng', 'image'];
      const cleared = await write('patch', `/venues/${v.body.id}`, {
        show_map: null, show_map_link: null, ...Object.fromEntries(fields.map((f) => [f, null])),
      }).expect(200);
      expect(cleared.body).toMatchObject({ venue: 'Null venue', show_map: false, show_map_link: false });
      for (const f of fields) expect(cleared.body).not.toHaveProperty(f); // "if set" keys are left out when empty (§6.3)
      const created = await write('post', '/venues', { venue: 'Null flags', show_map: null, show_map_link: null }).expect(201);
      expect(created.body).toMatchObject({ show_map: false, show_map_link: false });
    });

    it('venue: null name, slug, status, dates and author are 400 together', async () => {
      const v = await write('post', '/venues', { venue: 'Null venue two' }).expect(201);
      const res = await write('patch', `/venues/${v.body.id}`, {
        venue: null, author: null, date: null, date_utc: null, slug: null, status: null, show_map: null,
      }).expect(400);
      expect(detailCodes(res.body)).toEqual({
        venue: 'rest_empty_value', author: 'rest_empty_value', date: 'rest_empty_value', date_utc: 'rest_empty_value',
        slug: 'rest_empty_value', status: 'rest_empty_value',
      });
    });

    it('organizer: null clears description, phone, website, email and image; null name is 400', async () => {
      const o = await write('post', '/organizers', {
        organizer: 'Null org', description: 'd', phone: '1', website: 'https://o.example', email: 'o@o.example', image: 'https://cdn.example/o.png',
      }).expect(201);
      const fields = ['description', 'phone', 'website', 'email', 'image'];
      const cleared = await write('patch', `/organizers/${o.body.id}`, Object.fromEntries(fields.map((f) => [f, null]))).expect(200);
      expect(cleared.body.organizer).toBe('Null org');
      for (const f of fields) expect(cleared.body).not.toHaveProperty(f);
      const res = await write('patch', `/organizers/${o.body.id}`, { organizer: null, slug: null }).expect(400);
      expect(detailCodes(res.body)).toEqual({ organizer: 'rest_empty_value', slug: 'rest_empty_value' });
    });
  });

  describe('categories and tags (§11.1)', () => {
    it('category parent null is 0 (top level); name and slug null are 400', async () => {
      const parent = await write('post', '/categories', { name: 'Null parent' }).expect(201);
      const child = await write('post', '/categories', { name: 'Null child', parent: parent.body.id }).expect(201);
      const moved = await write('patch', `/categories/${child.body.id}`, { parent: null }).expect(200);
      expect(moved.body.parent).toBe(0);
      const res = await write('patch', `/categories/${child.body.id}`, { name: null, slug: null }).expect(400);
      expect(detailCodes(res.body)).toEqual({ name: 'rest_empty_value', slug: 'rest_empty_value' });
    });

    it('tag parent null is still a parent sent to a flat taxonomy', async () => {
      const tag = await write('post', '/tags', { name: 'Null tag two' }).expect(201);
      const res = await write('patch', `/tags/${tag.body.id}`, { parent: null }).expect(400);
      expect(res.body.code).toBe('rest_taxonomy_not_hierarchical');
    });
  });
});
