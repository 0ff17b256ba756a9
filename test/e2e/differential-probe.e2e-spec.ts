import { startTestApp, TestApp } from './support/test-app';

/**
 * Defects found by a differential probe that sent the same venue, organizer and term requests to the service on SQLite
 * and on MariaDB. Each test passes on both back ends (TEST_MYSQL_URL selects MariaDB).
 */
describe('differential probe: venues and terms read back the same on both back ends', () => {
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp();
    editor = await t.auth('editor');
  });
  afterAll(async () => t.close());

  it('venue coordinates with 16–17 significant digits read back as the same number (§10.1, kept to 10 decimals)', async () => {
    // mysql2 read 40.123456789012344 back from MariaDB as 40.12345678901234; SQLite returned it exactly.
    const created = await t
      .http()
      .post(`${t.api}/venues`)
      .set('Authorization', editor)
      .send({ venue: 'Precise Hall', geo_lat: 40.123456789012344, geo_lng: '-123.45678901234567' });
    expect(created.status).toBe(201);
    expect([created.body.geo_lat, created.body.geo_lng]).toEqual([40.123456789, -123.4567890123]);

    const read = await t.http().get(`${t.api}/venues/${created.body.id}`);
    expect([read.body.geo_lat, read.body.geo_lng]).toEqual([40.123456789, -123.4567890123]);
    expect(read.body.json_ld.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 40.123456789, longitude: -123.4567890123 });

    const listed = await t.http().get(`${t.api}/venues?search=precise`);
    expect([listed.body.venues[0].geo_lat, listed.body.venues[0].geo_lng]).toEqual([40.123456789, -123.4567890123]);
  });

  it('a category whose deleted parent left it beside a namesake can still be updated without a rename or a move (§11.3)', async () => {
    const post = (body: Record<string, unknown>) => t.http().post(`${t.api}/categories`).set('Authorization', editor).send(body);
    const top = await post({ name: 'Stage' });
    const middle = await post({ name: 'Middle', parent: top.body.id });
    const upper = await post({ name: 'Jazz', parent: top.body.id });
    const lower = await post({ name: 'jazz', parent: middle.body.id });
    // Deleting "Middle" moves its child up beside the category of the same name (as the plugin does).
    expect((await t.http().delete(`${t.api}/categories/${middle.body.id}`).set('Authorization', editor)).status).toBe(200);

    const patch = (body: Record<string, unknown>) => t.http().patch(`${t.api}/categories/${lower.body.id}`).set('Authorization', editor).send(body);
    const sameParent = await patch({ parent: top.body.id, description: 'moved up' });
    expect(sameParent.status).toBe(200);
    expect(sameParent.body).toMatchObject({ parent: top.body.id, name: 'jazz', description: 'moved up' });
    expect((await patch({ name: 'jazz' })).status).toBe(200);
    // A real rename or move onto a namesake is still refused.
    expect((await patch({ name: 'JAZZ' })).body).toMatchObject({ code: 'term_exists', data: { term_id: upper.body.id } });
  });
});
