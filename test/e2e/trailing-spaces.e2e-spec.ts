import { startTestApp, TestApp } from './support/test-app';

/**
 * Found by a differential probe of SQLite and MariaDB (2026-11-27): MySQL's and MariaDB's `utf8mb4_bin` ignores
 * trailing spaces in `=`, so a slug or folded key plus spaces found the record without them on MariaDB only — a by-slug
 * URL ending in `%20` read, updated and trashed the event, `jazz´` (it folds to `jazz `) filtered by the category `jazz`,
 * and `Café Central´` was taken for the venue `Café Central`. SQLite compares bytes. Runs on SQLite and (npm run
 * test:mysql) on MariaDB, which must now answer as SQLite does.
 */
describe('trailing spaces in slugs and folded keys count, on both databases', () => {
  let t: TestApp;
  let admin: string;
  const when = { start_date: '2027-05-01 10:00', end_date: '2027-05-01 11:00' };

  beforeAll(async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '0' });
    admin = await t.auth('administrator');
  });
  afterAll(async () => t.close());

  it('a by-slug address with a trailing space names nothing: read, update and delete are 404 and the record stays', async () => {
    const event = await t.createEvent({ ...when, title: 'Cheese Fair' }, admin);
    const venue = (await t.http().post(`${t.api}/venues`).set('Authorization', admin).send({ venue: 'Corner Park' }).expect(201)).body;
    for (const tail of ['%20', '%20%20', '%C2%A8']) {
      await t.http().get(`${t.api}/events/by-slug/${event.slug}${tail}`).expect(404);
      await t.http().get(`${t.api}/venues/by-slug/${venue.slug}${tail}`).expect(404);
      await t.http().patch(`${t.api}/venues/by-slug/${venue.slug}${tail}`).set('Authorization', admin).send({ city: 'Changed' }).expect(404);
      await t.http().delete(`${t.api}/events/by-slug/${event.slug}${tail}`).set('Authorization', admin).expect(404);
    }
    expect((await t.http().get(`${t.api}/events/${event.id}`).expect(200)).body.status).toBe('publish');
    expect((await t.http().get(`${t.api}/venues/${venue.id}`).expect(200)).body.city ?? '').toBe('');
  });

  it('a term named with a trailing spacing accent is another term: filters do not find the plain one, and a create makes a new one', async () => {
    const jazz = (await t.http().post(`${t.api}/categories`).set('Authorization', admin).send({ name: 'Jazz' }).expect(201)).body;
    await t.createEvent({ ...when, title: 'Jazz Night', categories: [jazz.id] }, admin);
    const filtered = await t.http().get(`${t.api}/events`).query({ categories: 'jazz´', start_date: '2027-01-01' });
    expect([filtered.status, filtered.body.data?.details?.categories?.code]).toEqual([400, 'rest_unknown_reference']);
    await t.http().get(`${t.api}/categories`).query({ include: 'jazz´' }).expect(400);
    const accented = await t.http().post(`${t.api}/categories`).set('Authorization', admin).send({ name: 'Jazz´' });
    expect(accented.status).toBe(201);
    expect(accented.body.id).not.toBe(jazz.id);
    const both = await t.createEvent({ ...when, title: 'Both', tags: ['accessible', 'accessible´'] }, admin);
    expect(both.tags).toHaveLength(2);
  });

  it('duplicate avoidance (§10.4) does not take a venue or organizer whose name differs by a trailing spacing accent', async () => {
    const cafe = (await t.http().post(`${t.api}/venues`).set('Authorization', admin).send({ venue: 'Café Central', city: 'Madrid' }).expect(201)).body;
    const other = await t.http().post(`${t.api}/venues`).set('Authorization', admin).send({ venue: 'Café Central´', city: 'Madrid´' });
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(cafe.id);
    expect((await t.http().get(`${t.api}/venues/${cafe.id}`)).body.city).toBe('Madrid');
    const ann = (await t.http().post(`${t.api}/organizers`).set('Authorization', admin).send({ organizer: 'Ann Org' }).expect(201)).body;
    const annAccent = await t.http().post(`${t.api}/organizers`).set('Authorization', admin).send({ organizer: 'ANN ORG´' });
    expect(annAccent.body.id).not.toBe(ann.id);
  });

  it('MySQL: no column of the schema has a binary collation that ignores trailing spaces', async () => {
    if (t.db !== 'mysql') return expect(t.db).toBe('sqlite'); // SQLite compares bytes
    const collations = (await t.dataSource.query(
      "SELECT DISTINCT COLLATION_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND COLLATION_NAME LIKE '%bin'",
    )) as Array<{ name: string }>;
    expect(collations.length).toBeGreaterThan(0);
    for (const { name } of collations) {
      const [row] = (await t.dataSource.query(`SELECT _utf8mb4'a' COLLATE ${name} = _utf8mb4'a ' COLLATE ${name} AS same`)) as Array<{ same: number }>;
      expect([name, Number(row.same)]).toEqual([name, 0]);
    }
  });
});
