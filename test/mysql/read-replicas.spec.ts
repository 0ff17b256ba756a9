import { Connection, createConnection } from 'mysql2/promise';
import { loadConfig } from '../../src/config/app-config';
import { openCalendarDatabase } from '../../src/calendar-database';
import { primaryOnly } from '../../src/database/typeorm-options';
import { createRootLogger } from '../../src/operations/logging/root-logger';
import { shutDownGracefully } from '../../src/operations/shutdown/graceful-shutdown';
import { freshTestDatabase } from '../e2e/support/test-database';
import { startTestApp, TestApp } from '../e2e/support/test-app';

/**
 * Read replicas (DATABASE_REPLICA_URLS) on a real MySQL/MariaDB: the app runs with one test database as its primary and
 * a second one as its "replica". Nothing replicates between them, so the test can tell which server answered: a row
 * changed only in the replica shows in reads, and writes land in the primary only. Runs in the MySQL tier only
 * (jest project `mysql`, enabled by TEST_MYSQL_URL), where it fails, never skips, when something is missing.
 */

/** A direct connection to one test database, for looking behind the service's back. */
async function connect(url: string): Promise<Connection> {
  const u = new URL(url);
  return createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
  });
}

const dbName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** A fresh empty test database; with `migrated`, the schema applied as the primary of its own. */
async function testDatabaseUrl(migrated: boolean): Promise<string> {
  const url = (await freshTestDatabase()).env.DATABASE_URL;
  if (!url) throw new Error('TEST_MYSQL_URL is set but no MySQL test database was made');
  if (migrated) await (await openCalendarDatabase(loadConfig({ DB_TYPE: 'mysql', DATABASE_URL: url }).db, 5_000)).destroy();
  return url;
}

async function tableNames(c: Connection): Promise<string[]> {
  const [rows] = await c.query('SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY 1');
  return (rows as Array<{ name: string }>).map((r) => r.name);
}

/** What replication would do: the replica's tables become copies of the primary's (both live on the same server). */
async function replicate(replica: Connection, primaryDb: string): Promise<void> {
  await replica.query('SET FOREIGN_KEY_CHECKS = 0');
  for (const table of await tableNames(replica)) {
    const [columns] = await replica.query(
      "SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND EXTRA NOT LIKE '%GENERATED%' ORDER BY ORDINAL_POSITION",
      [table],
    );
    const list = (columns as Array<{ name: string }>).map((c) => `\`${c.name}\``).join(', ');
    await replica.query(`DELETE FROM \`${table}\``);
    await replica.query(`INSERT INTO \`${table}\` (${list}) SELECT ${list} FROM \`${primaryDb}\`.\`${table}\``);
  }
  await replica.query('SET FOREIGN_KEY_CHECKS = 1');
}

async function count(c: Connection, sql: string, params: unknown[] = []): Promise<number> {
  const [rows] = await c.query(sql, params);
  return Number((rows as Array<{ n: number }>)[0].n);
}

describe('read replicas on MySQL: primary + DATABASE_REPLICA_URLS', () => {
  jest.setTimeout(120_000);
  const future = { start_date: '2031-03-10 20:00', end_date: '2031-03-10 22:00' };

  it('runs the migrations on the primary only', async () => {
    const [primaryUrl, replicaUrl] = [await testDatabaseUrl(false), await testDatabaseUrl(false)];
    const db = loadConfig({ DB_TYPE: 'mysql', DATABASE_URL: primaryUrl, DATABASE_REPLICA_URLS: replicaUrl }).db;
    const dataSource = await openCalendarDatabase(db, 5_000);
    await dataSource.destroy();
    const [primary, replica] = [await connect(primaryUrl), await connect(replicaUrl)];
    try {
      expect(await tableNames(primary)).toEqual(expect.arrayContaining(['events', 'migrations', 'venues']));
      expect(await tableNames(replica)).toEqual([]);
    } finally {
      await Promise.all([primary.end(), replica.end()]);
    }
    expect(primaryOnly(db)).toEqual({ ...db, replicas: [] });
  });

  describe('with one replica', () => {
    let t: TestApp;
    let replicaUrl: string;
    let primary: Connection;
    let replica: Connection;
    let editor: string;
    const primaryDatabase = () => (t.config.db.type === 'mysql' ? t.config.db.database : '');

    beforeAll(async () => {
      replicaUrl = await testDatabaseUrl(true);
      t = await startTestApp({ DATABASE_REPLICA_URLS: replicaUrl, DB_POOL_SIZE: '3', READ_CACHE_TTL_MS: '0' });
      const db = t.config.db;
      if (db.type !== 'mysql' || db.replicas.length !== 1) throw new Error(`expected MySQL with one replica, got ${JSON.stringify(db)}`);
      primary = await connect(`mysql://${db.user}:${db.password}@${db.host}:${db.port}/${db.database}`);
      replica = await connect(replicaUrl);
      editor = await t.auth('editor');
    });
    afterAll(async () => {
      await Promise.all([primary?.end(), replica?.end()].map((p) => p?.catch(() => undefined)));
      await t?.close().catch(() => undefined);
    });

    let eventId: number;
    let venueId: number;

    it('writes to the primary only, and a write answers from the primary (its inline venue is not on the replica)', async () => {
      const res = await t.http().post(`${t.api}/events`).set('Authorization', editor).send({ title: 'Written on the primary', ...future, venue: { venue: 'Primary Hall' } });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: 'Written on the primary', venue: { venue: 'Primary Hall' } });
      eventId = res.body.id;
      venueId = res.body.venue.id;
      expect(await count(primary, 'SELECT COUNT(*) AS n FROM events WHERE id = ?', [eventId])).toBe(1);
      expect(await count(primary, 'SELECT COUNT(*) AS n FROM venues WHERE id = ?', [venueId])).toBe(1);
      expect(await count(replica, 'SELECT COUNT(*) AS n FROM events')).toBe(0);
      expect(await count(replica, 'SELECT COUNT(*) AS n FROM venues')).toBe(0);
      // Not replicated yet: reads go to the replica and do not find it, raw SQL (does the event exist?) included.
      await t.http().get(`${t.api}/events/${eventId}`).expect(404);
      const byEvent = await t.http().get(`${t.api}/venues`).query({ event: eventId }).expect(400);
      expect(byEvent.body.data.details.event.code).toBe('rest_unknown_reference');
    });

    it('serves plain reads from the replica: anonymous and authenticated, lists, single records and embedded links', async () => {
      await replicate(replica, primaryDatabase());
      await replica.query("UPDATE events SET title = 'Only on the replica' WHERE id = ?", [eventId]);
      await replica.query("UPDATE venues SET name = 'Replica Hall' WHERE id = ?", [venueId]);

      const list = await t.http().get(`${t.api}/events`).query({ start_date: '2031-03-01', end_date: '2031-03-31' }).expect(200);
      expect(list.body.events.map((e: { title: string }) => e.title)).toEqual(['Only on the replica']);
      expect(list.body.events[0].venue.venue).toBe('Replica Hall'); // the links' raw SQL read the replica too
      const single = await t.http().get(`${t.api}/events/${eventId}`).set('Authorization', editor).expect(200);
      expect(single.body).toMatchObject({ title: 'Only on the replica', venue: { venue: 'Replica Hall' } });
      const venue = await t.http().get(`${t.api}/venues/${venueId}`).expect(200);
      expect(venue.body.venue).toBe('Replica Hall');
      const byEvent = await t.http().get(`${t.api}/venues`).query({ event: eventId }).expect(200);
      expect(byEvent.body.venues.map((v: { venue: string }) => v.venue)).toEqual(['Replica Hall']);
    });

    it('keeps every query of a write request on the primary: its answer shows the primary, not the replica', async () => {
      const res = await t.http().post(`${t.api}/events/${eventId}`).set('Authorization', editor).send({ description: 'Edited' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: 'Written on the primary', description: 'Edited', venue: { venue: 'Primary Hall' } });
      expect(await count(primary, "SELECT COUNT(*) AS n FROM events WHERE id = ? AND description = 'Edited'", [eventId])).toBe(1);
      expect(await count(replica, "SELECT COUNT(*) AS n FROM events WHERE description = 'Edited'")).toBe(0);
    });

    it('reports the primary ready and sums the pool gauges over both servers', async () => {
      await t.http().get('/health/ready').expect(200, { status: 'ok', checks: { database: 'ok' } });
      const metrics = await t.http().get('/metrics').expect(200);
      expect(metrics.text).toMatch(/^db_pool_size 6$/m); // DB_POOL_SIZE 3 per server × 2
      expect(Number(/^db_pool_connections_open (\d+)$/m.exec(metrics.text)?.[1])).toBeGreaterThanOrEqual(2);
    });

    it('closes the pools of both servers on graceful shutdown', async () => {
      const connectionsTo = (db: string) => count(primary, 'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID()', [db]);
      const primaryDb = primaryDatabase();
      const replicaDb = dbName(replicaUrl);
      await replica.end();
      expect(await connectionsTo(primaryDb)).toBeGreaterThan(0);
      expect(await connectionsTo(replicaDb)).toBeGreaterThan(0);
      expect(await shutDownGracefully(t.app, t.dataSource, 0, createRootLogger('silent'))).toBe(0);
      for (let i = 0; i < 40 && (await connectionsTo(primaryDb)) + (await connectionsTo(replicaDb)) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await connectionsTo(primaryDb)).toBe(0);
      expect(await connectionsTo(replicaDb)).toBe(0);
    });
  });
});
