import { FixedClock } from '../../src/shared/domain/clock';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Event routes: validation details (CONTRACT §4.3), the order of checks (§4.4), slugs (§1.3, §9.4) and inline venue
 * and organizer errors (§9.5), on the real app and database.
 */
describe('events: validation and order of checks', () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let author: string;
  let contributor: string;
  const clock = new FixedClock(new Date('2026-11-22T15:00:00Z'));
  const base = { title: 'Checked', start_date: '2026-12-05 20:00', end_date: '2026-12-05 23:00' };

  beforeAll(async () => {
    t = await startTestApp({}, clock);
    [admin, editor, author, contributor] = await Promise.all(
      (['administrator', 'editor', 'author', 'contributor'] as const).map((r) => t.auth(r)),
    );
  });
  afterAll(async () => t.close());

  const create = (body: Record<string, unknown>, auth = editor) => t.createEvent(body, auth);
  const detailCodes = (body: any) =>
    Object.fromEntries(Object.entries(body.data.details as Record<string, { code: string }>).map(([k, v]) => [k, v.code]));

  describe('§4.3: one error names every failing parameter, whatever its kind of problem', () => {
    it('GET /events?start_date=foo&featured=yes → start_date (rest_invalid_date) and featured (rest_invalid_type)', async () => {
      const res = await t.http().get(`${t.api}/events`).query({ start_date: 'foo', featured: 'yes' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): start_date, featured',
        data: {
          status: 400,
          params: { start_date: 'start_date is not a valid date.', featured: 'featured is not of type boolean.' },
          details: {
            start_date: { code: 'rest_invalid_date', message: 'start_date is not a valid date.', data: { param: 'start_date' } },
            featured: { code: 'rest_invalid_type', message: 'featured is not of type boolean.', data: { param: 'featured' } },
          },
        },
      });
    });

    it('every bad date of the list is named together with the type errors', async () => {
      const res = await t.http().get(`${t.api}/events`).query({ ends_after: 'next blursday', page: 'x', start_date: 'foo' });
      expect(res.status).toBe(400);
      expect(detailCodes(res.body)).toEqual({ page: 'rest_invalid_type', start_date: 'rest_invalid_date', ends_after: 'rest_invalid_date' });
    });

    it('writes: dates, time zone, website and password are named together with type errors', async () => {
      const res = await t
        .http()
        .post(`${t.api}/events`)
        .set('Authorization', editor)
        .send({ ...base, start_date: 'foo', date_utc: 'bar', timezone: 'Mars/Olympus', website: 'ftp://x', post_password: 'p'.repeat(256), featured: 'yes' });
      expect(res.status).toBe(400);
      expect(detailCodes(res.body)).toEqual({
        start_date: 'rest_invalid_date',
        date_utc: 'rest_invalid_date',
        timezone: 'rest_invalid_format',
        website: 'rest_invalid_format',
        featured: 'rest_invalid_type',
        post_password: 'rest_invalid_format',
      });
    });

    it('list: type errors, references and pairs in one error, in the order of the parameter table', async () => {
      const res = await t.http().get(`${t.api}/events`).query({ geoloc_lat: 100, geoloc_lng: 3, featured: 'yes', categories: 'no-such-category', status: 'draft' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid parameter(s): categories, featured, status, geoloc_lat');
      expect(detailCodes(res.body)).toEqual({
        categories: 'rest_unknown_reference',
        featured: 'rest_invalid_type',
        status: 'rest_not_allowed_value',
        geoloc_lat: 'rest_out_of_bounds',
      });
    });

    it('writes: type errors, the date order and references in one error, in the order of the parameter table', async () => {
      const res = await t
        .http()
        .post(`${t.api}/events`)
        .set('Authorization', editor)
        .send({ ...base, end_date: '2026-12-05 19:00', featured: 'yes', tags: [987654], author: 'me', post_parent: 987654 });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid parameter(s): end_date, author, featured, tags, post_parent');
      expect(detailCodes(res.body)).toEqual({
        end_date: 'rest_invalid_date_range',
        author: 'rest_invalid_type',
        featured: 'rest_invalid_type',
        tags: 'rest_unknown_reference',
        post_parent: 'rest_unknown_reference',
      });
      const update = await t.http().put(`${t.api}/events/987654321`).set('Authorization', editor).send({ all_day: 'maybe', categories: [987654] });
      expect(update.status).toBe(400);
      expect(detailCodes(update.body)).toEqual({ all_day: 'rest_invalid_type', categories: 'rest_unknown_reference' });
    });

    it('a new term name the role may not create is named together with the other problems', async () => {
      const res = await t
        .http()
        .post(`${t.api}/events`)
        .set('Authorization', contributor)
        .send({ ...base, image: 'https://cdn.example.com/img/x.png', tags: ['brand-new-tag-by-contributor'] });
      expect(res.status).toBe(400);
      expect(detailCodes(res.body)).toEqual({ image: 'rest_invalid_image', tags: 'rest_not_allowed_value' });
    });
  });

  describe('§4.4: validation, then existence, then the record permission', () => {
    it('editor PUT of a missing event with an unknown category id → 400, not 404', async () => {
      const res = await t.http().put(`${t.api}/events/987654321`).set('Authorization', editor).send({ categories: [987654] });
      expect(res.status).toBe(400);
      expect(detailCodes(res.body)).toEqual({ categories: 'rest_unknown_reference' });
    });

    it('editor PUT of a missing event with a new tag name the role may create → 404 and no tag is created', async () => {
      const res = await t.http().put(`${t.api}/events/987654321`).set('Authorization', editor).send({ tags: ['Orphan tag 404'] });
      expect(res.status).toBe(404);
      const tags = await t.http().get(`${t.api}/tags`).query({ search: 'orphan tag 404', hide_empty: 'false' });
      expect(tags.body.tags).toEqual([]);
    });

    it('editor PATCH of a missing event with an invalid inline venue → 400 could-not-create-venue, not 404', async () => {
      const res = await t.http().patch(`${t.api}/events/987654321`).set('Authorization', editor).send({ venue: { city: 'Rome' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('could-not-create-venue');
    });

    it('editor PATCH of a missing event with a valid inline venue → 404 and no venue is created', async () => {
      const res = await t.http().patch(`${t.api}/events/987654321`).set('Authorization', editor).send({ venue: { venue: 'Never Hall 404' } });
      expect(res.status).toBe(404);
      const venues = await t.http().get(`${t.api}/venues`).set('Authorization', editor).query({ search: 'never hall 404' });
      expect(venues.body.venues).toEqual([]);
    });

    it("contributor PATCH of an editor's event with an unknown tag id → 400, not 403", async () => {
      const e = await create({ ...base, title: 'Editor owned' });
      const res = await t.http().patch(`${t.api}/events/${e.id}`).set('Authorization', contributor).send({ tags: [987654] });
      expect(res.status).toBe(400);
      expect(detailCodes(res.body)).toEqual({ tags: 'rest_unknown_reference' });
    });

    it('contributor PUT of a missing event naming another author → 404 (existence before the author rule)', async () => {
      const res = await t.http().put(`${t.api}/events/987654321`).set('Authorization', contributor).send({ author: 1 });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('rest-event-not-found');
    });

    it('contributor naming another author on its own draft → 403; an unknown author → 400', async () => {
      const e = await create({ ...base, title: 'Contributor owned' }, contributor);
      let res = await t.http().patch(`${t.api}/events/${e.id}`).set('Authorization', contributor).send({ author: 1 });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('rest_forbidden');
      res = await t.http().patch(`${t.api}/events/${e.id}`).set('Authorization', contributor).send({ author: 999 });
      expect(res.status).toBe(400);
      res = await t.http().post(`${t.api}/events`).set('Authorization', author).send({ ...base, author: 2 });
      expect(res.status).toBe(403);
    });
  });

  describe('§1.6: ids of other kinds', () => {
    it('an id of a venue, organizer or media item → 400 rest-invalid-event-id; once the venue is deleted, 404', async () => {
      const venue = (await t.http().post(`${t.api}/venues`).set('Authorization', editor).send({ venue: 'Kind hall' })).body;
      const organizer = (await t.http().post(`${t.api}/organizers`).set('Authorization', editor).send({ organizer: 'Kind org' })).body;
      const withImage = await create({ ...base, image: 'https://cdn.example.com/kind.png' });
      for (const id of [venue.id, organizer.id, withImage.image.id]) {
        const res = await t.http().get(`${t.api}/events/${id}`);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('rest-invalid-event-id');
      }
      let res = await t.http().patch(`${t.api}/events/${venue.id}`).set('Authorization', editor).send({ title: 'x' });
      expect(res.body.code).toBe('rest-invalid-event-id');
      res = await t.http().delete(`${t.api}/events/${organizer.id}`).set('Authorization', editor);
      expect(res.body.code).toBe('rest-invalid-event-id');
      await t.http().delete(`${t.api}/venues/${venue.id}`).set('Authorization', editor).query({ force: 'true' });
      await t.http().delete(`${t.api}/organizers/${organizer.id}`).set('Authorization', editor).query({ force: 'true' });
      for (const id of [venue.id, organizer.id]) {
        res = await t.http().get(`${t.api}/events/${id}`);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'rest-event-not-found', message: `Event with ID ${id} does not exist.` });
      }
    });
  });

  describe('§9.4 and §1.3: slugs', () => {
    it('`slug: ""` is refused with rest_empty_value, on create and on update', async () => {
      let res = await t.http().post(`${t.api}/events`).set('Authorization', editor).send({ ...base, slug: '' });
      expect(res.status).toBe(400);
      expect(detailCodes(res.body)).toEqual({ slug: 'rest_empty_value' });
      const e = await create({ ...base, title: 'Slug kept' });
      res = await t.http().patch(`${t.api}/events/${e.id}`).set('Authorization', editor).send({ slug: '' });
      expect(res.status).toBe(400);
      expect((await t.http().get(`${t.api}/events/${e.id}`)).body.slug).toBe('slug-kept');
    });

    it('a slug of which nothing remains becomes the id', async () => {
      const e = await create({ ...base, slug: '¡¿!' });
      expect(e.slug).toBe(String(e.id));
    });

    it('by-slug routes compare slugs ignoring case and accents', async () => {
      const e = await create({ ...base, title: 'Café Müller Night' });
      expect(e.slug).toBe('cafe-muller-night');
      for (const path of ['CAFE-MULLER-NIGHT', encodeURIComponent('café-müller-night'), encodeURIComponent('CAFÉ-MÜLLER-NIGHT')]) {
        const res = await t.http().get(`${t.api}/events/by-slug/${path}`);
        expect(res.status).toBe(200);
        expect(res.body.id).toBe(e.id);
      }
      const res = await t.http().patch(`${t.api}/events/by-slug/${encodeURIComponent('Café-Müller-Night')}`).set('Authorization', editor).send({ featured: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: e.id, featured: true });
    });
  });

  describe('§9.5: inline venues and organizers', () => {
    it('could-not-create-venue names every field problem of the inline object', async () => {
      const res = await t
        .http()
        .post(`${t.api}/events`)
        .set('Authorization', editor)
        .send({ ...base, venue: { city: 'Rome', website: 'ftp://hall.example', geo_lat: 200 } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('could-not-create-venue');
      expect(res.body.message).toBe('The venue could not be created from the provided data');
      expect(detailCodes(res.body)).toEqual({ venue: 'rest_empty_value', website: 'rest_invalid_format', geo_lat: 'rest_out_of_bounds' });
    });

    it('could-not-create-organizer names every field problem of the inline object', async () => {
      const res = await t
        .http()
        .post(`${t.api}/events`)
        .set('Authorization', editor)
        .send({ ...base, organizer: [{ organizer: '', email: 'not-an-email' }] });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('could-not-create-organizer');
      expect(detailCodes(res.body)).toEqual({ organizer: 'rest_empty_value', email: 'rest_invalid_format' });
    });

    it('one transaction: a failing inline organizer leaves no venue, category or event behind', async () => {
      const res = await t
        .http()
        .post(`${t.api}/events`)
        .set('Authorization', admin)
        .send({ ...base, title: 'Atomic omega', venue: { venue: 'Atomic Hall' }, categories: ['Atomic category'], organizer: { phone: '1' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('could-not-create-organizer');
      expect((await t.http().get(`${t.api}/venues`).set('Authorization', admin).query({ search: 'atomic hall' })).body.total).toBe(0);
      expect((await t.http().get(`${t.api}/categories`).query({ search: 'atomic', hide_empty: 'false' })).body.total).toBe(0);
      expect((await t.http().get(`${t.api}/events`).set('Authorization', admin).query({ search: 'atomic omega' })).body.total).toBe(0);
    });

    it('identical inline objects make one venue; ids, CSV ids and {id} objects link in order, duplicates collapsed', async () => {
      const v1 = (await t.http().post(`${t.api}/venues`).set('Authorization', editor).send({ venue: 'Linked one' })).body;
      const v2 = (await t.http().post(`${t.api}/venues`).set('Authorization', editor).send({ venue: 'Linked two' })).body;
      const e = await create({ ...base, venue: [{ venue: 'Twin Hall' }, { venue: 'twin hall' }, `${v2.id},${v1.id}`, { id: v2.id }] });
      expect(e.venue.map((v: any) => v.venue)).toEqual(['Twin Hall', 'Linked two', 'Linked one']);
      const res = await t.http().patch(`${t.api}/events/${e.id}`).set('Authorization', editor).send({ venue: String(v1.id) });
      expect(res.body.venue).toMatchObject({ id: v1.id });
    });
  });
});
