import { createConnection } from 'mysql2/promise';
import { freshTestDatabase } from '../e2e/support/test-database';
import { startTestApp, TestApp } from '../e2e/support/test-app';

/**
 * Issue 14: on a MySQL/MariaDB database whose default character set is latin1, the migrations still make every table
 * and text column utf8mb4 (the folded keys in the NO PAD binary collation, migration 1764000022000), so an emoji in a title, a venue or a tag name round-trips
 * instead of failing with "Incorrect string value" (a 500). MySQL tier only (jest project `mysql`).
 */
describe('migrations on a latin1 database', () => {
  let t: TestApp;
  let url: URL;

  beforeAll(async () => {
    url = new URL((await freshTestDatabase()).env.DATABASE_URL!);
    const name = decodeURIComponent(url.pathname.slice(1));
    const c = await createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) });
    await c.query(`ALTER DATABASE \`${name}\` CHARACTER SET latin1 COLLATE latin1_swedish_ci`);
    await c.end();
    t = await startTestApp({ DATABASE_URL: url.toString() });
  });
  afterAll(async () => t?.close());

  it('leaves no column in another character set, and the comparison keys binary', async () => {
    const [{ charset }] = await t.dataSource.query('SELECT @@character_set_database AS charset');
    expect(charset).toBe('latin1'); // the database default really is latin1
    const odd = await t.dataSource.query(
      `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, CHARACTER_SET_NAME AS cs FROM information_schema.COLUMNS
        WHERE TABLE_SCHEMA = DATABASE() AND CHARACTER_SET_NAME IS NOT NULL AND CHARACTER_SET_NAME <> 'utf8mb4' AND TABLE_NAME <> 'migrations'`,
    );
    expect(odd).toEqual([]);
    const keys = await t.dataSource.query(
      `SELECT COLUMN_NAME AS c, COLLATION_NAME AS coll FROM information_schema.COLUMNS
        WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'events' AND COLUMN_NAME IN ('slug', 'search_key', 'public_search_key', 'title')`,
    );
    const noPad = expect.stringMatching(/^utf8mb4_(nopad_bin|0900_bin)$/); // MariaDB's, MySQL 8's
    expect(Object.fromEntries(keys.map((k: { c: string; coll: string }) => [k.c, k.coll]))).toEqual({
      slug: noPad, search_key: noPad, public_search_key: noPad, title: 'utf8mb4_unicode_ci',
    });
  });

  it('an emoji in a title, an inline venue and a new tag round-trips; search and slugs fold it as on SQLite', async () => {
    const admin = await t.auth('administrator');
    const event = await t.createEvent(
      { title: 'Jazz 🎷 Night', start_date: '2027-03-01 20:00', end_date: '2027-03-01 23:00', venue: { venue: 'Café 🎶' }, tags: ['🎺 brass'], description: '<p>😀 ñ ß</p>' },
      admin,
    );
    const read = (await t.http().get(`${t.api}/events/${event.id}`).expect(200)).body;
    expect([read.title, read.venue.venue, read.tags[0].name, read.description]).toEqual(['Jazz 🎷 Night', 'Café 🎶', '🎺 brass', '<p>😀 ñ ß</p>']);
    const found = await t.http().get(`${t.api}/events?search=${encodeURIComponent('🎷')}&start_date=2027-01-01`).expect(200);
    expect(found.body.events.map((e: { id: number }) => e.id)).toEqual([event.id]);
  });
});
