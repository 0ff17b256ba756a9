import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { loadConfig } from '../../src/config/app-config';
import { openCalendarDatabase } from '../../src/calendar-database';
import { freePort, get, startService, ServiceProcess } from '../support/service-process';
import { startTestApp, TestApp } from '../e2e/support/test-app';

/**
 * CONTRACT §13.1 against a real MariaDB that stops and comes back: /health/ready turns 503 while the server is down and
 * 200 again once it is back, without restarting the service; the same while the server hangs (SIGSTOP), within the 2 s
 * ping timeout. And a read replica (DATABASE_REPLICA_URLS) that stops and comes back: the instance stays ready and reads
 * are served by the primary meanwhile. And §13.7: the service process closes its connection pool at shutdown. The test
 * runs its OWN private mariadbd (never the shared server: server-wide counters are read) in a temporary data directory,
 * on a free port or TEST_MARIADB_PORT. Part of the MySQL tier (`npm run test:mysql`); it fails, never skips, when
 * MariaDB's binaries are missing.
 */
const MARIADBD = process.env.MARIADBD_BIN ?? '/usr/sbin/mariadbd';
const INSTALL_DB = process.env.MARIADB_INSTALL_DB_BIN ?? 'mariadb-install-db';
const PORT = process.env.TEST_MARIADB_PORT ? Number(process.env.TEST_MARIADB_PORT) : undefined;

class PrivateMariaDb {
  private process: ChildProcess | null = null;
  private log = '';
  constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<PrivateMariaDb> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-mariadb-'));
    const install = spawnSync(
      INSTALL_DB,
      ['--no-defaults', `--datadir=${dir}/data`, '--auth-root-authentication-method=normal', '--skip-test-db', ...rootUser()],
      { encoding: 'utf8' },
    );
    if (install.status !== 0) throw new Error(`${INSTALL_DB} failed: ${install.error ?? ''}${install.stderr ?? ''}`);
    return new PrivateMariaDb(dir, PORT ?? (await freePort()));
  }

  /** Starts the server, or does nothing while it runs. */
  async start(): Promise<void> {
    if (this.process && this.process.exitCode === null) return;
    this.process = spawn(
      MARIADBD,
      [
        '--no-defaults',
        `--datadir=${this.dir}/data`,
        `--port=${this.port}`,
        `--socket=${this.dir}/sock`,
        `--pid-file=${this.dir}/pid`,
        '--skip-networking=0',
        '--bind-address=127.0.0.1',
        ...rootUser(),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.process.stdout!.on('data', (c: Buffer) => (this.log += c.toString()));
    this.process.stderr!.on('data', (c: Buffer) => (this.log += c.toString()));
    for (;;) {
      if (this.process.exitCode !== null) throw new Error(`mariadbd exited:\n${this.log}`);
      try {
        const c = await createConnection({ host: '127.0.0.1', port: this.port, user: 'root' });
        await c.end();
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  /** Kills the server abruptly (as a crash or a network cut would). */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    this.process = null;
  }

  /**
   * Freezes the server (SIGSTOP): connections stay open but nothing answers, as with a hung or overloaded database.
   * Returns once every thread of it is stopped: the signal is delivered asynchronously, and a thread still running
   * could answer one more query.
   */
  async pause(): Promise<void> {
    const pid = this.process?.pid;
    if (pid === undefined) return;
    this.process?.kill('SIGSTOP');
    const stopped = () =>
      fs.readdirSync(`/proc/${pid}/task`).every((task) => {
        const stat = fs.readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
        return /^[tT]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
      });
    while (!stopped()) await new Promise((r) => setTimeout(r, 5));
  }

  resume(): void {
    this.process?.kill('SIGCONT');
  }

  /** A statement on a fresh root connection (no default database, so it never counts as a client of one). */
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const c = await createConnection({ host: '127.0.0.1', port: this.port, user: 'root' });
    try {
      return (await c.query(sql, params))[0] as T[];
    } finally {
      await c.end();
    }
  }

  async remove(): Promise<void> {
    await this.kill();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  url(database: string): string {
    return `mysql://root@127.0.0.1:${this.port}/${database}`;
  }
}

/** mariadbd refuses to run as root unless told to. */
function rootUser(): string[] {
  return process.getuid?.() === 0 ? ['--user=root'] : [];
}

async function readyStatus(t: TestApp): Promise<{ status: number; body: unknown }> {
  const res = await t.http().get('/health/ready');
  return { status: res.status, body: res.body };
}

/** Polls a GET until it answers `status` (the Jest timeout bounds the wait). */
async function untilGet(t: TestApp, path: string, status: number): Promise<void> {
  while ((await t.http().get(path)).status !== status) await new Promise((r) => setTimeout(r, 250));
}

async function until(t: TestApp, status: number): Promise<{ status: number; body: unknown }> {
  for (;;) {
    const res = await readyStatus(t);
    if (res.status === status) return res;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A gauge's value in a /metrics text. */
function gauge(metrics: string, name: string): number {
  const match = new RegExp(`^${name} (\\d+)$`, 'm').exec(metrics);
  if (!match) throw new Error(`no ${name} in /metrics:\n${metrics}`);
  return Number(match[1]);
}

/** The connections the server holds for `database` (its clients' sessions, whatever they are doing). */
async function connectionsTo(db: PrivateMariaDb, database: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ?', [database]);
  return Number(row.n);
}

/** Connections the server saw end without the client's goodbye (COM_QUIT): a client that exited with them still open. */
async function abortedClients(db: PrivateMariaDb): Promise<number> {
  const [row] = await db.query<{ Value: string }>("SHOW GLOBAL STATUS LIKE 'Aborted_clients'");
  return Number(row.Value);
}

/** Polls until `read` returns `expected` (or fails after `withinMs`). */
async function eventually<T>(read: () => Promise<T>, expected: T, withinMs = 10_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  let last = await read();
  while (last !== expected) {
    if (Date.now() > deadline) throw new Error(`still ${String(last)}, expected ${String(expected)} after ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
}

describe('operations: readiness against a MariaDB that stops and restarts', () => {
  jest.setTimeout(180_000);
  let db: PrivateMariaDb;
  let t: TestApp | undefined;

  beforeAll(async () => {
    db = await PrivateMariaDb.create();
    await db.start();
    const c = await createConnection({ host: '127.0.0.1', port: db.port, user: 'root' });
    await c.query('CREATE DATABASE ops_readiness_test CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
    await c.end();
  });
  let withReplica: TestApp | undefined;
  let hung: TestApp | undefined;
  let service: ServiceProcess | undefined;
  let hungService: ServiceProcess | undefined;
  afterAll(async () => {
    db?.resume(); // in case a test stopped while the server was frozen
    await t?.close().catch(() => undefined);
    await withReplica?.close().catch(() => undefined);
    await hung?.close().catch(() => undefined);
    if (service && service.child.exitCode === null && service.child.signalCode === null) {
      service.child.kill('SIGKILL');
      await service.exited;
    }
    if (hungService && hungService.child.exitCode === null && hungService.child.signalCode === null) {
      hungService.child.kill('SIGKILL');
      await hungService.exited;
    }
    await db?.remove();
  });

  it('answers 503 while the server is down and 200 once it is back, without restarting the service', async () => {
    t = await startTestApp({ DB_TYPE: 'mysql', DATABASE_URL: db.url('ops_readiness_test'), DB_POOL_SIZE: '3' });
    expect(await readyStatus(t)).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok' } } });
    await t.http().get(`${t.api}/events`).expect(200);

    await db.kill();
    expect(await until(t, 503)).toEqual({ status: 503, body: { status: 'unavailable', checks: { database: 'failed' } } });
    await t.http().get('/health/live').expect(200);
    const metrics = await t.http().get('/metrics').expect(200);
    expect(metrics.text).toMatch(/^db_pool_size 3$/m);

    await db.start();
    expect(await until(t, 200)).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok' } } });
    await t.http().get(`${t.api}/events`).expect(200);
  });

  it('stays ready while its read replica is down, serving reads from the primary, and reads the replica again once it is back', async () => {
    await db.start(); // in case the test before stopped halfway
    const c = await createConnection({ host: '127.0.0.1', port: db.port, user: 'root' });
    await c.query('CREATE DATABASE ops_replica_test CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
    await c.end();
    await (await openCalendarDatabase(loadConfig({ DB_TYPE: 'mysql', DATABASE_URL: db.url('ops_replica_test') }).db, 5_000)).destroy();
    // The primary is the shared test server; the private server is the replica. Nothing replicates, so an event written
    // through the API exists on the primary only: a read that finds it was served by the primary.
    withReplica = await startTestApp({ DATABASE_REPLICA_URLS: db.url('ops_replica_test'), DB_POOL_SIZE: '3', READ_CACHE_TTL_MS: '0' });
    const a = withReplica;
    const editor = await a.auth('editor');
    const created = await a.http().post(`${a.api}/events`).set('Authorization', editor).send({ title: 'On the primary', start_date: '2031-05-01 10:00', end_date: '2031-05-01 11:00' });
    expect(created.status).toBe(201);
    const single = `${a.api}/events/${created.body.id}`;
    await a.http().get(single).expect(404); // read from the replica

    await db.kill();
    await untilGet(a, single, 200); // the primary answers the read
    expect(await readyStatus(a)).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok' } } });
    const list = await a.http().get(`${a.api}/events`).query({ start_date: '2031-05-01', end_date: '2031-05-02' }).expect(200);
    expect(list.body.events.map((e: { title: string }) => e.title)).toEqual(['On the primary']);
    await a.http().post(`${a.api}/events/${created.body.id}`).set('Authorization', editor).send({ description: 'still writable' }).expect(200);

    await db.start();
    await untilGet(a, single, 404); // back on the replica, without a restart
    expect(await readyStatus(a)).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok' } } });
  });

  it('answers 503 within the 2 s ping timeout while the server hangs, keeps one stuck ping however many probes come, live meanwhile; 200 once it resumes', async () => {
    await db.start();
    hung = await startTestApp({ DB_TYPE: 'mysql', DATABASE_URL: db.url('ops_readiness_test'), DB_POOL_SIZE: '3' });
    const a = hung;
    expect(await readyStatus(a)).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok' } } });
    await a.http().get(`${a.api}/events`).expect(200);

    // Frozen, the server neither answers nor refuses: open connections stay up and queries just wait.
    await db.pause();
    try {
      const answered: string[] = [];
      const started = Date.now();
      const probes = [1, 2, 3].map(() =>
        readyStatus(a).then((res) => {
          answered.push('ready');
          return { ...res, ms: Date.now() - started };
        }),
      );
      const live = await a.http().get('/health/live');
      answered.push('live');
      expect(live.status).toBe(200);
      for (const probe of await Promise.all(probes)) {
        expect(probe).toMatchObject({ status: 503, body: { status: 'unavailable', checks: { database: 'failed' } } });
        // Not before the 2 s the ping is given, and not much later: not a connect timeout, nor waiting for the server.
        expect(probe.ms).toBeGreaterThanOrEqual(1950);
        expect(probe.ms).toBeLessThan(5000);
      }
      expect(answered[0]).toBe('live'); // liveness never waits for the database

      // More probe rounds during the hang still answer 503, without sending the frozen server a query per round: each
      // one would hold a pool connection until the pool (3) is used up and queries queue for a connection.
      for (let round = 0; round < 3; round++) {
        for (const probe of await Promise.all([readyStatus(a), readyStatus(a)])) {
          expect(probe).toEqual({ status: 503, body: { status: 'unavailable', checks: { database: 'failed' } } });
        }
      }
      const metrics = (await a.http().get('/metrics').expect(200)).text;
      expect(gauge(metrics, 'db_pool_connections_open') - gauge(metrics, 'db_pool_connections_idle')).toBe(1);
      expect(gauge(metrics, 'db_pool_waiting_requests')).toBe(0);
    } finally {
      db.resume();
    }

    expect(await until(a, 200)).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok' } } });
    await a.http().get(`${a.api}/events`).expect(200);
  });

  it('the service process closes its connection pool at shutdown: every connection ends with a goodbye, none is cut', async () => {
    await db.start();
    await db.query('CREATE DATABASE ops_shutdown_test CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
    service = await startService({
      DB_TYPE: 'mysql',
      DATABASE_URL: db.url('ops_shutdown_test'),
      DB_POOL_SIZE: '3',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
    });
    const api = `${service.base}/wp-json/calendar/events/v1`;
    // Concurrent requests, so that the pool opens more than one connection.
    for (const res of await Promise.all([1, 2, 3].map(() => get(`${api}/events`)))) expect(res.status).toBe(200);
    expect(await connectionsTo(db, 'ops_shutdown_test')).toBeGreaterThanOrEqual(1);
    const abortedBefore = await abortedClients(db);

    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    await eventually(() => connectionsTo(db, 'ops_shutdown_test'), 0);
    // A process exiting with its pool open also drops to 0 connections, but the server counts each as aborted.
    expect(await abortedClients(db)).toBe(abortedBefore);
  });

  it('shuts down within SHUTDOWN_GRACE_MS while the database hangs with a readiness ping stuck on it, exiting 0 as no request was cut off', async () => {
    await db.start();
    await db.query('CREATE DATABASE ops_hung_shutdown_test CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
    hungService = await startService({
      DB_TYPE: 'mysql',
      DATABASE_URL: db.url('ops_hung_shutdown_test'),
      DB_POOL_SIZE: '3',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
      SHUTDOWN_GRACE_MS: '2000',
    });
    const s = hungService;
    for (const res of await Promise.all([1, 2, 3].map(() => get(`${s.base}/wp-json/calendar/events/v1/events`)))) expect(res.status).toBe(200);
    await db.pause();
    try {
      // The probe answers 503 after its 2 s, but its ping stays on a pool connection the frozen server never answers.
      expect((await get(`${s.base}/health/ready`)).status).toBe(503);
      const started = Date.now();
      s.child.kill('SIGTERM');
      const code = await s.exited;
      const ms = Date.now() - started;
      // Grace unused, up to 1 s for finished answers to leave, then TEARDOWN_LIMIT_MS (2 s) for the pool, plus start-up slack.
      expect({ code, quickly: ms < 2000 + 3000, output: s.output() }).toEqual({ code: 0, quickly: true, output: expect.any(String) });
      expect(s.output()).toContain('database pool');
    } finally {
      db.resume();
    }
  });
});
