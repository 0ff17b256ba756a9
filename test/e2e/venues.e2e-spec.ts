import { startTestApp, TestApp, USERS } from './support/test-app';
import { replaceLinks } from '../../src/modules/events/infrastructure/typeorm/event-link-tables';

/** Venues over HTTP (CONTRACT §6.3, §6.10, §7, §9.8, §9.10, §9.11, §10). Events are seeded directly in the tables. */
describe('venues: /venues', () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let author: string;
  let contributor: string;
  let subscriber: string;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, editor, author, contributor, subscriber] = await Promise.all(
      (['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const).map((r) => t.auth(r)),
    );
  });
  afterAll(async () => t.close());

  const create = async (body: Record<string, unknown>, auth = editor) => {
    const res = await t.http().post(`${t.api}/venues`).set('Authorization', auth).send(body);
    expect(res.status).toBe(201);
    return res.body as Record<string, any>;
  };
  async function seedEvent(venueIds: number[], status = 'publish', startUtc = '2030-01-01 10:00:00'): Promise<number> {
    await t.dataSource.query(`INSERT INTO record_ids (kind) VALUES ('event')`);
    const id = Number((await t.dataSource.query('SELECT MAX(id) AS id FROM record_ids'))[0].id);
    const d = '2026-01-01 00:00:00';
    await t.dataSource.query(
      `INSERT INTO events (id, author_id, status, slug, title, description, excerpt, search_key, date_local, date_utc,
        modified_utc, start_local, end_local, start_utc, end_utc, timezone) VALUES (?, 1, ?, ?, 't', '', '', '', ?, ?, ?, ?, ?, ?, ?, 'UTC')`,
      [id, status, `e-${id}`, d, d, d, startUtc, startUtc, startUtc, startUtc],
    );
    await replaceLinks(t.dataSource.manager, 'venue', id, venueIds);
    return id;
  }

  it('creates: 201, Location, ETag, exact key order, cleaned text, computed stateprovince, no json_ld', async () => {
    const res = await t
      .http()
      .post(`${t.api}/venues`)
      .set('Authorization', editor)
      .send({
        venue: 'Sala <b>Clamores</b>', description: '<p onclick="x">Jazz club</p><script>bad()</script>',
        address: 'Calle de Alburquerque 14', city: 'Madrid', country: 'Spain', province: 'Madrid', zip: '28010',
        phone: '+34 914 457 938', website: 'https://salaclamores.example', geo_lat: '40.4301', geo_lng: -3.7005,
        show_map_link: 'no', timezone: 'ignored',
      });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`${t.publicApi}/venues/${res.body.id}`);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(Object.keys(res.body)).toEqual([
      'id', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'venue', 'description', 'slug',
      'address', 'city', 'country', 'province', 'zip', 'phone', 'website', 'stateprovince', 'geo_lat', 'geo_lng',
      'show_map', 'show_map_link', 'global_id', 'global_id_lineage',
    ]);
    expect(res.body).toMatchObject({
      author: String(USERS.editor), status: 'publish', venue: 'Sala Clamores', description: '<p>Jazz club</p>',
      slug: 'sala-clamores', url: 'http://calendar.test:8080/venue/sala-clamores/', stateprovince: 'Madrid',
      geo_lat: 40.4301, geo_lng: -3.7005, show_map: true, show_map_link: false,
      global_id: `calendar.test?id=${res.body.id}`, // PUBLIC_URL host without scheme and port (§6.2)
    });
    const single = await t.http().get(`${t.api}/venues/${res.body.id}`);
    expect(single.headers.etag).toBe(res.headers.etag);
    expect(single.body.json_ld).toEqual({
      '@context': 'http://schema.org', '@type': 'Place', name: 'Sala Clamores', description: 'Jazz club',
      url: 'http://calendar.test:8080/venue/sala-clamores/',
      address: { '@type': 'PostalAddress', streetAddress: 'Calle de Alburquerque 14', addressLocality: 'Madrid', addressRegion: 'Madrid', postalCode: '28010', addressCountry: 'Spain' },
      telephone: '+34 914 457 938', sameAs: 'https://salaclamores.example',
      geo: { '@type': 'GeoCoordinates', latitude: 40.4301, longitude: -3.7005 },
    });
  });

  it('validates: missing name, empty name, bad website, coordinates, status, unknown author, image', async () => {
    const post = (body: Record<string, unknown>, auth = editor) => t.http().post(`${t.api}/venues`).set('Authorization', auth).send(body);
    expect((await post({ city: 'x' })).body.code).toBe('rest_missing_callback_param');
    expect((await post({ show_map: 'maybe' })).body.code).toBe('rest_missing_callback_param');
    expect((await post({ venue: 'V', show_map: 'maybe' })).body.data.details.show_map.code).toBe('rest_invalid_type');
    expect((await post({ venue: '' })).body.code).toBe('rest_invalid_param');
    expect((await post({ venue: '<b></b>' })).status).toBe(400);
    expect((await post({ venue: 'V', slug: '' })).body.data.details.slug.code).toBe('rest_empty_value'); // §4.3
    const bad = await post({ venue: 'V', website: 'ftp://x', geo_lat: 91, status: 'nope' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.params)).toEqual(expect.arrayContaining(['website', 'geo_lat', 'status']));
    expect((await post({ venue: 'V', geo_lat: 'abc', geo_lng: 1 })).body.data.details.geo_lat.code).toBe('rest_invalid_type');
    expect((await post({ venue: 'V', author: 999 })).body.data.details.author.code).toBe('rest_unknown_reference');
    const venue = await create({ venue: `Image ref ${Date.now()}` });
    expect((await post({ venue: 'V', image: String(venue.id) })).body.data.details.image.code).toBe('rest_invalid_image');
    expect((await post({ venue: 'V', image: 'https://x.example/a.txt' })).status).toBe(400);
    expect((await post({ venue: 'V', image: 'https://x.example/a.png' }, contributor)).body.data.details.image.code).toBe('rest_invalid_image');
    expect((await post({ venue: 'V', author: USERS.administrator }, author)).status).toBe(403);
  });

  it('checks the role before validating: anonymous 401, subscriber 403', async () => {
    const anon = await t.http().delete(`${t.api}/venues/987654321`);
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('rest_forbidden');
    expect((await t.http().post(`${t.api}/venues`).set('Authorization', subscriber).send({})).status).toBe(403);
  });

  it('sets images from URLs (reusing media items) and ids, and clears them', async () => {
    const a = await create({ venue: `Img A ${Date.now()}`, image: 'https://cdn.example/x/Poster.PNG' }, author);
    expect(a.image).toEqual({ url: 'https://cdn.example/x/Poster.PNG', id: expect.any(Number), extension: 'png' });
    const b = await create({ venue: `Img B ${Date.now()}`, image: 'https://cdn.example/x/Poster.PNG' }, author);
    expect(b.image.id).toBe(a.image.id);
    const c = await create({ venue: `Img C ${Date.now()}`, image: a.image.id }, contributor);
    expect(c.image.id).toBe(a.image.id);
    const cleared = await t.http().patch(`${t.api}/venues/${b.id}`).set('Authorization', author).send({ image: '' });
    expect(cleared.status).toBe(200);
    expect('image' in cleared.body).toBe(false);
  });

  it('a failing request writes nothing (no venue, no media item)', async () => {
    const before = await t.dataSource.query('SELECT COUNT(*) AS n FROM media');
    const res = await t.http().post(`${t.api}/venues`).set('Authorization', editor).send({ venue: 'W', image: 'https://cdn.example/new.jpg', author: 999 });
    expect(res.status).toBe(400);
    expect(await t.dataSource.query('SELECT COUNT(*) AS n FROM media')).toEqual(before);
  });

  it('avoids duplicates on create (oldest match reused, other fields written)', async () => {
    const tok = `Dup ${Date.now()}`;
    const first = await create({ venue: `${tok} Café`, description: 'x', address: '100, Avenue du Temple' });
    const again = await create({ venue: `${tok.toUpperCase()} CAFE` });
    expect(again.id).toBe(first.id);
    const byAddress = await create({ venue: `${tok} cafe`, address: 'temple avenue', website: 'https://paris.example' });
    expect(byAddress.id).toBe(first.id);
    expect(byAddress.website).toBe('https://paris.example');
    expect((await create({ venue: `${tok} cafe`, city: 'Paris' })).id).not.toBe(first.id);
    const other = await create({ venue: `${tok} Café`, description: 'y' });
    expect(other.id).not.toBe(first.id);
  });

  it('reads by id and slug with visibility; 404 and 403 codes; ETag/If-None-Match', async () => {
    const draft = await create({ venue: `Draft ${Date.now()}`, status: 'draft' }, contributor);
    expect(draft.status).toBe('draft');
    const anon = await t.http().get(`${t.api}/venues/${draft.id}`);
    expect(anon.status).toBe(403);
    expect(anon.body.code).toBe('venue-not-accessible');
    expect((await t.http().get(`${t.api}/venues/${draft.id}`).set('Authorization', contributor)).status).toBe(200);
    expect((await t.http().get(`${t.api}/venues/by-slug/${draft.slug.toUpperCase()}`).set('Authorization', editor)).status).toBe(200);
    expect((await t.http().get(`${t.api}/venues/by-slug/${draft.slug}`).set('Authorization', author)).status).toBe(403);
    expect((await t.http().get(`${t.api}/venues/987654321`)).body.code).toBe('rest-venue-not-found');
    expect((await t.http().get(`${t.api}/venues/by-slug/nope-nope`)).body.code).toBe('rest-venue-not-found');
    expect((await t.http().get(`${t.api}/venues/abc`)).body.code).toBe('rest_no_route');
    const pub = await create({ venue: `Pub ${Date.now()}` });
    const first = await t.http().get(`${t.api}/venues/${pub.id}`);
    const notModified = await t.http().get(`${t.api}/venues/${pub.id}`).set('If-None-Match', first.headers.etag);
    expect(notModified.status).toBe(304);
  });

  it('updates partially by id and slug (POST/PUT/PATCH), with If-Match and permissions', async () => {
    const v = await create({ venue: `Upd ${Date.now()}`, country: 'United States', state: 'DC', show_map: false }, contributor);
    expect(v.stateprovince).toBe('DC');
    const put = await t.http().put(`${t.api}/venues/${v.id}`).set('Authorization', contributor).send({ city: 'Washington' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ city: 'Washington', show_map: false, stateprovince: 'DC', venue: v.venue });
    const recompute = await t.http().patch(`${t.api}/venues/by-slug/${v.slug}`).set('Authorization', contributor).send({ country: 'Spain', province: 'Madrid' });
    expect(recompute.body.stateprovince).toBe('Madrid');
    expect((await t.http().post(`${t.api}/venues/${v.id}`).set('Authorization', contributor).send({ venue: '' })).status).toBe(400);
    const stale = await t.http().post(`${t.api}/venues/${v.id}`).set('Authorization', editor).set('If-Match', '"stale"').send({ city: 'x' });
    expect(stale.status).toBe(412);
    const current = await t.http().get(`${t.api}/venues/${v.id}`).set('Authorization', editor);
    const ok = await t.http().post(`${t.api}/venues/${v.id}`).set('Authorization', editor).set('If-Match', current.headers.etag).send({ city: 'y', status: 'publish' });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('publish');
    expect((await t.http().post(`${t.api}/venues/${v.id}`).set('Authorization', contributor).send({ city: 'z' })).status).toBe(403);
    expect((await t.http().post(`${t.api}/venues/987654321`).set('Authorization', editor).send({ city: 'z' })).body.code).toBe('rest-venue-not-found');
    const future = await create({ venue: `Future ${Date.now()}`, date_utc: '2099-01-01 00:00:00' }, author);
    expect(future.status).toBe('future');
    const contributorPublish = await create({ venue: `Pending ${Date.now()}`, status: 'publish' }, contributor);
    expect(contributorPublish.status).toBe('pending');
  });

  it('deletes: trash (unlinking events), 410 when trashed, force deletes permanently', async () => {
    const v = await create({ venue: `Del ${Date.now()}` });
    const keep = await create({ venue: `Keep ${Date.now()}` });
    const event = await seedEvent([v.id, keep.id]);
    const trashed = await t.http().delete(`${t.api}/venues/${v.id}`).set('Authorization', admin);
    expect(trashed.status).toBe(200);
    expect(trashed.body.status).toBe('trash');
    const links = await t.dataSource.query('SELECT venue_id FROM event_venues WHERE event_id = ?', [event]);
    expect(links.map((r: { venue_id: number }) => Number(r.venue_id))).toEqual([keep.id]);
    expect((await t.http().delete(`${t.api}/venues/${v.id}`).set('Authorization', admin)).body.code).toBe('venue-is-in-trash');
    const forced = await t.http().delete(`${t.api}/venues/by-slug/${v.slug}?force=true`).set('Authorization', admin);
    expect(forced.status).toBe(200);
    expect(forced.body.status).toBe('trash');
    expect((await t.http().get(`${t.api}/venues/${v.id}`).set('Authorization', admin)).status).toBe(404);
    expect((await t.http().delete(`${t.api}/venues/987654321`).set('Authorization', admin)).body.code).toBe('rest-venue-not-found');
    const other = await create({ venue: `Other ${Date.now()}` }, editor);
    expect((await t.http().delete(`${t.api}/venues/${other.id}`).set('Authorization', contributor)).status).toBe(403);
    expect((await t.http().delete(`${t.api}/venues/${other.id}`).set('Authorization', editor).set('If-Match', '"x"')).status).toBe(412);
  });

  it('lists with search (café = Cafe = CAFÉ), event, has_events, only_with_upcoming, status, paging and links', async () => {
    const tok = `zq${Date.now()}`;
    const a = await create({ venue: `Cafe Central ${tok}` });
    const b = await create({ venue: `CAFÉ ${tok}` });
    const c = await create({ venue: `Bar ${tok}`, address: `100, Avenue du Temple ${tok}` });
    await create({ venue: `Draft ${tok}`, status: 'draft' });
    const s = await t.http().get(`${t.api}/venues`).query({ search: `café ${tok}` });
    expect(s.status).toBe(200);
    expect(s.body.total).toBe(2);
    expect(s.headers['x-tec-total']).toBe('2');
    expect(s.body.venues.map((v: { id: number }) => v.id)).toEqual([b.id, a.id]);
    expect('json_ld' in s.body.venues[0]).toBe(false);
    expect(Object.keys(s.body)).toEqual(['venues', 'rest_url', 'total', 'total_pages']);
    expect((await t.http().get(`${t.api}/venues`).query({ search: `temple avenue ${tok}` })).body.venues.map((v: { id: number }) => v.id)).toEqual([c.id]);
    const paged = await t.http().get(`${t.api}/venues`).query({ search: tok, per_page: 1, page: 2 });
    expect(paged.body.rest_url).toBe(`${t.publicApi}/venues/?page=2&per_page=1&search=${tok}`);
    expect(paged.body.previous_rest_url).toBe(`${t.publicApi}/venues/?per_page=1&search=${tok}`);
    expect(paged.body.next_rest_url).toBe(`${t.publicApi}/venues/?page=3&per_page=1&search=${tok}`);
    expect((await t.http().get(`${t.api}/venues`).query({ search: tok, page: 9 })).body.code).toBe('venue-archive-page-not-found');
    expect((await t.http().get(`${t.api}/venues`).query({ search: tok }).set('Authorization', editor)).body.total).toBe(4);
    expect((await t.http().get(`${t.api}/venues`).query({ search: tok, status: 'draft' })).body.data.details.status.code).toBe('rest_not_allowed_value');
    expect((await t.http().get(`${t.api}/venues`).query({ search: tok, status: 'foo' }).set('Authorization', editor)).status).toBe(400);
    expect((await t.http().get(`${t.api}/venues`).query({ search: tok, status: 'draft' }).set('Authorization', editor)).body.total).toBe(1);
    const event = await seedEvent([a.id]);
    await seedEvent([c.id], 'publish', '2020-01-01 00:00:00');
    expect((await t.http().get(`${t.api}/venues`).query({ event }).set('Authorization', editor)).body.venues.map((v: { id: number }) => v.id)).toEqual([a.id]);
    expect((await t.http().get(`${t.api}/venues`).query({ event: 987654321 })).body.data.details.event.code).toBe('rest_unknown_reference');
    expect((await t.http().get(`${t.api}/venues`).query({ search: tok, has_events: 'yes' })).body.total).toBe(2);
    expect((await t.http().get(`${t.api}/venues`).query({ search: tok, has_events: 'nope' })).body.total).toBe(1);
    expect((await t.http().get(`${t.api}/venues`).query({ search: tok, only_with_upcoming: 'on' })).body.venues.map((v: { id: number }) => v.id)).toEqual([a.id]);
    for (const bad of [{ page: 0 }, { per_page: 'foo' }, { search: '' }]) expect((await t.http().get(`${t.api}/venues`).query(bad)).status).toBe(400);
  });
});
