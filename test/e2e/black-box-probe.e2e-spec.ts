import { startTestApp, TestApp } from './support/test-app';

/**
 * Defects a black-box probe of the running service found (one `describe` per finding), each checked over HTTP on the
 * test database (SQLite, or MySQL/MariaDB with TEST_MYSQL_URL).
 */
describe('black-box probe findings', () => {
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp();
    editor = await t.auth('editor');
  });
  afterAll(async () => t.close());

  const createTag = async (name: string): Promise<{ id: number; slug: string }> => {
    const res = await t.http().post(`${t.api}/tags`).set('Authorization', editor).send({ name });
    expect(res.status).toBe(201);
    return res.body;
  };

  describe('term lists: orderby=include follows the first mention of a repeated id (§11.2)', () => {
    it('include=a,b,c,a lists a, b, c; a slug repeating an id counts as the same mention', async () => {
      const a = await createTag('Probe Include A');
      const b = await createTag('Probe Include B');
      const c = await createTag('Probe Include C');
      const ids = async (include: string) => {
        const res = await t.http().get(`${t.api}/tags?hide_empty=0&orderby=include&include=${include}`);
        expect(res.status).toBe(200);
        return res.body.tags.map((tag: { id: number }) => tag.id);
      };
      expect(await ids(`${a.id},${b.id},${c.id},${a.id}`)).toEqual([a.id, b.id, c.id]);
      expect(await ids(`${a.slug},${b.id},${a.id}`)).toEqual([a.id, b.id]);
      const desc = await t.http().get(`${t.api}/tags?hide_empty=0&orderby=include&order=desc&include=${c.id},${a.id},${b.id},${c.id}`);
      expect(desc.body.tags.map((tag: { id: number }) => tag.id)).toEqual([b.id, a.id, c.id]);
    });
  });

  describe('/doc: geoloc_radius is documented as above 0, as it is validated (§8.1, §12.2)', () => {
    it('the schema excludes its minimum, 0 answers 400 and a radius just above 0 is accepted', async () => {
      const doc = await t.http().get(`${t.api}/doc`);
      const radius = doc.body.paths['/events'].get.parameters.find((p: { name: string }) => p.name === 'geoloc_radius');
      expect(radius.schema).toMatchObject({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 20000 });
      const zero = await t.http().get(`${t.api}/events?geoloc_lat=40&geoloc_lng=-3&geoloc_radius=0`);
      expect(zero.status).toBe(400);
      expect(zero.body.data.details.geoloc_radius.code).toBe('rest_out_of_bounds');
      const tiny = await t.http().get(`${t.api}/events?geoloc_lat=40&geoloc_lng=-3&geoloc_radius=0.001`);
      expect(tiny.status).toBe(200);
    });
  });

  describe('/doc: DELETE operations declare the answers their body can cause (§1.4, §12.2)', () => {
    it('a DELETE with invalid JSON, another content type or an oversized body answers 400, 415, 413, all documented', async () => {
      const tag = await createTag('Probe Delete Body');
      const path = `${t.api}/tags/${tag.id}`;
      const statuses = [
        (await t.http().delete(path).set('Authorization', editor).set('Content-Type', 'application/json').send('{bad')).status,
        (await t.http().delete(path).set('Authorization', editor).set('Content-Type', 'text/plain').send('x')).status,
        (await t.http().delete(path).set('Authorization', editor).set('Content-Type', 'application/json').send(`"${'x'.repeat(t.config.maxBodyBytes)}"`)).status,
      ];
      expect(statuses).toEqual([400, 415, 413]);
      const doc = await t.http().get(`${t.api}/doc`);
      for (const [route, operations] of Object.entries(doc.body.paths as Record<string, Record<string, { responses: object }>>)) {
        if (!operations.delete) continue;
        expect({ route, statuses: Object.keys(operations.delete.responses) }).toEqual({ route, statuses: expect.arrayContaining(['400', '413', '415']) });
      }
    });
  });

  describe('venue and organizer status: the same fixed set as events, on the wire and in the documents (§3.5, §4.3, §12)', () => {
    it('an empty status is rest_not_in_enum as for events, and /doc and the index list the six values', async () => {
      const details = async (path: string, body: Record<string, unknown>) => {
        const res = await t.http().post(`${t.api}/${path}`).set('Authorization', editor).send(body);
        expect(res.status).toBe(400);
        return res.body.data.details.status;
      };
      const event = await details('events', { title: 'Probe status', start_date: '2027-01-01', end_date: '2027-01-01', status: '' });
      expect(event.code).toBe('rest_not_in_enum');
      expect(await details('venues', { venue: 'Probe status venue', status: '' })).toEqual(event);
      expect(await details('organizers', { organizer: 'Probe status organizer', status: '' })).toEqual(event);
      const inline = await t
        .http()
        .post(`${t.api}/events`)
        .set('Authorization', editor)
        .send({ title: 'Probe inline', start_date: '2027-01-01', end_date: '2027-01-01', venue: { venue: 'Probe inline venue', status: 'bogus' } });
      expect(inline.status).toBe(400);
      expect(inline.body.data.details.status.code).toBe('rest_not_in_enum');

      const statuses = ['publish', 'future', 'draft', 'pending', 'private', 'trash'];
      const schemas = (await t.http().get(`${t.api}/doc`)).body.components.schemas;
      for (const name of ['VenueCreateParams', 'VenueWriteParams', 'OrganizerCreateParams', 'OrganizerWriteParams']) {
        expect({ name, status: schemas[name].properties.status.enum }).toEqual({ name, status: statuses });
      }
      const index = (await t.http().get(`${t.api}/`)).body.routes;
      expect(index['/calendar/events/v1/venues'].endpoints[1].args.status.enum).toEqual(statuses);
      expect(index['/calendar/events/v1/organizers/(?P<id>\\d+)'].endpoints[1].args.status.enum).toEqual(statuses);
    });
  });

  describe('duplicate avoidance reuses only a record the caller may see (§10.4, §3.4)', () => {
    it("a contributor's create never returns another user's draft or private venue or organizer; their own and published ones are reused", async () => {
      const contributor = await t.auth('contributor');
      const send = async (who: string, path: string, body: Record<string, unknown>) => {
        const res = await t.http().post(`${t.api}/${path}`).set('Authorization', who).send(body);
        expect(res.status).toBe(201);
        return res.body;
      };
      const hidden = await send(editor, 'venues', { venue: 'Probe Backstage', status: 'draft', phone: '555-0100', description: 'Door code 4321' });
      const privateOrganizer = await send(editor, 'organizers', { organizer: 'Probe Crew', status: 'private', email: 'crew@example.com' });
      const venue = await send(contributor, 'venues', { venue: 'probe backstage' });
      const organizer = await send(contributor, 'organizers', { organizer: 'PROBE CREW' });
      expect([venue.id === hidden.id, venue.description, venue.phone]).toEqual([false, undefined, undefined]); // empty fields are left out (§6.3)
      expect([organizer.id === privateOrganizer.id, organizer.email]).toEqual([false, undefined]);
      // inline in an event write, the same rule
      const event = await send(contributor, 'events', { title: 'Probe gig', start_date: '2027-03-01 20:00', end_date: '2027-03-01 22:00', venue: { venue: 'Probe Backstage' } });
      expect(event.venue.id).toBe(venue.id);
      // the caller's own draft and a published record are reused
      expect((await send(contributor, 'venues', { venue: 'Probe Backstage' })).id).toBe(venue.id);
      const open = await send(editor, 'venues', { venue: 'Probe Open Hall' });
      expect((await send(contributor, 'venues', { venue: 'probe open hall' })).id).toBe(open.id);
      // an editor sees every record and reuses the oldest
      expect((await send(editor, 'venues', { venue: 'Probe Backstage' })).id).toBe(hidden.id);
      const stored = await t.http().get(`${t.api}/venues/${hidden.id}`).set('Authorization', editor).expect(200);
      expect([stored.body.status, stored.body.phone]).toEqual(['draft', '555-0100']);
    });
  });

  describe('duplicate avoidance writes the other sent fields, never the compared ones (§10.4)', () => {
    it('a reused venue keeps its address, city and phone; country and show_map are written', async () => {
      const send = async (body: Record<string, unknown>) => {
        const res = await t.http().post(`${t.api}/venues`).set('Authorization', editor).send(body);
        expect(res.status).toBe(201);
        return res.body;
      };
      const first = await send({ venue: 'Probe Mayor', address: '1 Calle Mayor', city: 'Madrid', phone: '555-0199' });
      const again = await send({ venue: 'probe mayor', address: 'cal', city: 'MADRID', phone: '', country: 'Spain', show_map: false });
      expect(again.id).toBe(first.id);
      expect([again.address, again.city, again.phone, again.country, again.show_map]).toEqual(['1 Calle Mayor', 'Madrid', '555-0199', 'Spain', false]);
      const organizer = await t.http().post(`${t.api}/organizers`).set('Authorization', editor).send({ organizer: 'Probe Band', email: 'Band@Example.com' });
      const reused = await t.http().post(`${t.api}/organizers`).set('Authorization', editor).send({ organizer: 'PROBE BAND', email: 'band@example.com', description: '' });
      expect([reused.body.id, reused.body.email]).toEqual([organizer.body.id, 'Band@Example.com']);
    });
  });
});
