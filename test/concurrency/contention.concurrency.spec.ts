import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createConnection } from 'mysql2/promise';
import { startTestApp, TestApp } from '../e2e/support/test-app';

/**
 * Issue 13: a write waits for a record another transaction holds, up to DB_LOCK_WAIT_S per attempt; on MySQL a lost
 * wait or a deadlock is retried as a whole; a write that still cannot proceed answers 503 rest_write_contention with
 * Retry-After, never 500, and writes nothing. The record is held from outside the service: another process's
 * transaction holding SQLite's writer lock, or a MySQL session holding the row `FOR UPDATE`.
 */
/** Takes SQLite's writer lock on the file argv[1], says "held", and lets go after argv[2] ms. */
const SQLITE_HOLDER = `
  const db = new (require('better-sqlite3'))(process.argv[1]);
  db.exec('BEGIN IMMEDIATE');
  process.stdout.write('held');
  setTimeout(() => { db.exec('ROLLBACK'); db.close(); }, Number(process.argv[2]));
`;

describe('writes under a lock held elsewhere', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '0', DB_LOCK_WAIT_S: '1' });
    admin = await t.auth('administrator');
  });
  afterAll(async () => t.close());

  /** Holds the event (MySQL) or the whole database (SQLite) in another connection's transaction for `ms`. */
  const holdElsewhere = async (eventId: number, ms: number): Promise<() => Promise<void>> => {
    const db = t.config.db;
    if (db.type === 'sqlite') {
      // Another process, letting go on its own timer: better-sqlite3 waits for the writer lock synchronously, which
      // blocks this process (the service's and the test's) for the wait.
      const holder = spawn(process.execPath, ['-e', SQLITE_HOLDER, db.sqlitePath, String(ms)], { stdio: ['ignore', 'pipe', 'inherit'] });
      const exited = once(holder, 'exit');
      await once(holder.stdout!, 'data'); // "held"
      return async () => void (await exited);
    }
    const other = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password, database: db.database });
    await other.query('START TRANSACTION');
    await other.query('SELECT id FROM events WHERE id = ? FOR UPDATE', [eventId]);
    const released = new Promise((r) => setTimeout(r, ms)).then(async () => {
      await other.query('ROLLBACK');
      await other.end();
    });
    return () => released;
  };
  const patch = (id: number, body: Record<string, unknown>) => t.http().patch(`${t.api}/events/${id}`).set('Authorization', admin).send(body);
  const titleOf = async (id: number) => (await t.dataSource.query('SELECT title FROM events WHERE id = ?', [id]))[0].title;

  it('a lock held past every attempt: 503 rest_write_contention with Retry-After, nothing written', async () => {
    const event = await t.createEvent({ title: 'Held', start_date: '2027-01-05 10:00', end_date: '2027-01-05 11:00' }, admin);
    // Longer than the wait: SQLite's one wait of 1 s; MySQL's 6 attempts of 1 s and the pauses between them.
    const release = await holdElsewhere(event.id, t.db === 'sqlite' ? 2500 : 9000);
    const res = await patch(event.id, { title: 'Never' });
    expect([res.status, res.body.code, res.headers['retry-after']]).toEqual([503, 'rest_write_contention', '1']);
    expect(JSON.stringify(res.body)).not.toMatch(/lock|SQLITE|ER_/i); // no driver text leaks
    await release();
    expect(await titleOf(event.id)).toBe('Held');
    expect((await patch(event.id, { title: 'Free again' })).status).toBe(200);
  });

  it('a lock released within the wait: the write waits for it and succeeds', async () => {
    const event = await t.createEvent({ title: 'Briefly held', start_date: '2027-01-06 10:00', end_date: '2027-01-06 11:00' }, admin);
    const release = await holdElsewhere(event.id, 400);
    expect((await patch(event.id, { title: 'After the wait' })).status).toBe(200);
    await release();
    expect(await titleOf(event.id)).toBe('After the wait');
  });
});
