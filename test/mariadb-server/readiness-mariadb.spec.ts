import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { freePort } from '../support/service-process';
import { startTestApp, TestApp } from '../e2e/support/test-app';

/**
 * CONTRACT §13.1 against a real MariaDB that stops and comes back: /health/ready turns 503 while the server is down and
 * 200 again once it is back, without restarting the service. The test runs its OWN private mariadbd (never the shared
 * server) in a temporary data directory. Part of the MySQL tier (`npm run test:mysql`); it fails, never skips, when
 * MariaDB's binaries are missing.
 */
const MARIADBD = process.env.MARIADBD_BIN ?? '/usr/sbin/mariadbd';
const INSTALL_DB = process.env.MARIADB_INSTALL_DB_BIN ?? 'mariadb-install-db';

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
    return new PrivateMariaDb(dir, await freePort());
  }

  async start(): Promise<void> {
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

async function until(t: TestApp, status: number): Promise<{ status: number; body: unknown }> {
  for (;;) {
    const res = await readyStatus(t);
    if (res.status === status) return res;
    await new Promise((r) => setTimeout(r, 250));
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
  afterAll(async () => {
    await t?.close().catch(() => undefined);
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
});
