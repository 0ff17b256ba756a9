import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { signDevelopmentToken } from '../../src/shared/auth/token-verifier';
import {
  get,
  idleKeepAliveConnection,
  ServiceProcess,
  slowRequest,
  startService,
  waitForInFlight,
} from '../support/service-process';

/**
 * The service as a real process (CONTRACT §13.7 graceful shutdown, WORKERS). Started from the current sources compiled
 * to a temporary folder, on a free port and a fresh SQLite file.
 */
const SECRET = 'process-test-secret-process-test-secret';
const api = '/wp-json/calendar/events/v1';

function serviceEnv(extra: Record<string, string> = {}): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-process-'));
  return {
    AUTH_JWT_SECRET: SECRET,
    AUTH_USERS: '1,2,3,4,5',
    DB_TYPE: 'sqlite',
    DB_SQLITE_PATH: path.join(dir, 'db.sqlite'),
    LOG_LEVEL: 'info',
    ...extra,
  };
}

/** The service's JSON log lines (startup errors and other plain text are skipped). */
function logLines(service: ServiceProcess): Array<Record<string, unknown>> {
  return service
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The pids that logged a line with message `msg` (containing it, for Nest's startup lines), in order. */
function pidsLogging(service: ServiceProcess, msg: string): number[] {
  return logLines(service)
    .filter((l) => typeof l.msg === 'string' && l.msg.includes(msg))
    .map((l) => l.pid as number);
}

/**
 * Polls until `count` distinct processes logged `msg`. Fails at once if a process could not start or the service exited,
 * and after `withinMs` (a worker starts in a few seconds even on a busy machine).
 */
async function waitForPidsLogging(service: ServiceProcess, msg: string, count: number, withinMs = 30_000): Promise<number[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const pids = [...new Set(pidsLogging(service, msg))];
    if (pids.length >= count) return pids;
    if (service.output().includes('startup error')) throw new Error(`a process failed to start:\n${service.output()}`);
    if (service.child.exitCode !== null) throw new Error(`service exited:\n${service.output()}`);
    if (Date.now() > deadline) throw new Error(`${count} processes did not log "${msg}" within ${withinMs} ms:\n${service.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The SQLite database is closed properly: closing its last connection checkpoints the write-ahead log into the main file
 * and deletes the -wal and -shm files. A process that exits with the database still open leaves them behind.
 */
function expectSqliteClosed(file: string): void {
  expect(fs.existsSync(`${file}-wal`)).toBe(false);
  expect(fs.existsSync(`${file}-shm`)).toBe(false);
}

/** Runs `sql` on a SQLite file from the test (while or after the service uses it). */
async function querySqlite<T>(file: string, sql: string): Promise<T[]> {
  const ds = new DataSource({ type: 'better-sqlite3', database: file });
  await ds.initialize();
  try {
    return (await ds.query(sql)) as T[];
  } finally {
    await ds.destroy();
  }
}

describe('operations: the service process', () => {
  jest.setTimeout(120_000);

  // Whatever a failing test leaves running is killed (a cluster's workers exit when their primary's channel closes).
  const started: ServiceProcess[] = [];
  const start = async (env: Record<string, string>) => {
    const service = await startService(env);
    started.push(service);
    return service;
  };
  afterEach(async () => {
    for (const service of started.splice(0)) {
      if (service.child.exitCode === null && service.child.signalCode === null) {
        service.child.kill('SIGKILL');
        await service.exited;
      }
    }
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s turns ready 503 at once (live stays 200), closes idle connections, lets busy ones finish with Connection: close, closes the database and exits 0',
    async (signal) => {
      const env = serviceEnv({ SHUTDOWN_GRACE_MS: '60000' });
      const service = await start(env);
      const token = `Bearer ${await signDevelopmentToken(SECRET, 2, 'editor', 3600)}`;
      expect((await get(`${service.base}/health/ready`)).status).toBe(200);

      // A slow client creating an event, and slow readiness and liveness probes, all in flight when the signal arrives.
      const create = slowRequest(
        `${service.base}${api}/events`,
        'POST',
        { Authorization: token, 'Content-Type': 'application/json' },
        '{"title":"Finished during shutdown",',
      );
      const readyProbe = slowRequest(`${service.base}/health/ready`, 'GET', { 'Content-Type': 'application/json' }, '{');
      const liveProbe = slowRequest(`${service.base}/health/live`, 'GET', { 'Content-Type': 'application/json' }, '{');
      await waitForInFlight(service.base, 4);
      expect(fs.existsSync(`${env.DB_SQLITE_PATH}-wal`)).toBe(true); // the database is open, in WAL mode

      // A client holding an idle keep-alive connection, opened last so that the server's own keep-alive timer has
      // barely started when the signal arrives.
      const idle = await idleKeepAliveConnection(`${service.base}/health/live`);

      service.child.kill(signal);
      await service.waitForOutput('shutdown: no longer accepting connections');
      expect(logLines(service).find((l) => l.msg === 'shutdown requested')?.signal).toBe(signal);

      // The idle connection is closed by the shutdown: while the slow requests still hold the grace period open, and
      // before the server's keep-alive timeout (which closes idle connections anyway) could have done it.
      await idle.closed;
      expect(Date.now() - idle.idleSince).toBeLessThan(idle.keepAliveTimeoutMs);
      expect(service.child.exitCode).toBeNull();

      await expect(get(`${service.base}/health/live`)).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);

      const ready = await readyProbe.finish('}');
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toEqual({ status: 'shutting_down', checks: { database: 'ok' } });
      expect(ready.headers.connection).toBe('close');

      const live = await liveProbe.finish('}');
      expect(live.status).toBe(200);
      expect(JSON.parse(live.body)).toEqual({ status: 'ok' });
      expect(live.headers.connection).toBe('close');

      const created = await create.finish('"start_date":"2030-01-01 10:00:00","end_date":"2030-01-01 11:00:00"}');
      expect(created.status).toBe(201);
      expect(JSON.parse(created.body).title).toBe('Finished during shutdown');
      expect(created.headers.connection).toBe('close');

      expect(await service.exited).toBe(0);
      expect(service.output()).toContain('"exitCode":0');

      expectSqliteClosed(env.DB_SQLITE_PATH);
      const events = await querySqlite<{ title: string }>(env.DB_SQLITE_PATH, 'SELECT title FROM events');
      expect(events.map((e) => e.title)).toEqual(['Finished during shutdown']);
    },
  );

  it('exits 1 when a request outlives SHUTDOWN_GRACE_MS and is cut off, and still closes the database', async () => {
    const env = serviceEnv({ SHUTDOWN_GRACE_MS: '100' });
    const service = await start(env);
    const stuck = slowRequest(`${service.base}/health/ready`, 'GET', { 'Content-Type': 'application/json' }, '{');
    await waitForInFlight(service.base, 2);
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(1);
    expect(service.output()).toContain('grace period over');
    await expect(stuck.finish('}')).rejects.toThrow();
    expectSqliteClosed(env.DB_SQLITE_PATH);
  });

  it('WORKERS=2 runs the migrations once, starts two workers that share the port, one rate limit and one /metrics; SIGTERM stops them gracefully', async () => {
    const service = await start(serviceEnv({ WORKERS: '2', RATE_LIMIT_MAX: '6', RATE_LIMIT_WINDOW_S: '3600', SHUTDOWN_GRACE_MS: '60000' }));
    await service.waitForOutput('migrations applied; starting workers');
    // Each worker logs its own startup line; the pid tells them apart.
    const workers = await waitForPidsLogging(service, 'Listening on', 2);
    expect(workers).not.toContain(service.child.pid);

    // New connections are spread over the workers; the limit of 6 holds for the machine, not per worker.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await get(`${service.base}${api}/events`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    expect(new Set(pidsLogging(service, 'request completed')).size).toBe(2);

    // /metrics sums every worker's counters, whichever worker answers the scrape.
    const metrics = await get(`${service.base}/metrics`);
    expect(metrics.body).toMatch(/^http_requests_total\{method="GET",route="\/calendar\/events\/v1\/events",status="200",locale="en"\} 6$/m);
    expect(metrics.body).toMatch(/^rate_limited_requests_total 2$/m);

    // SIGTERM to the primary while one worker has a request in flight: every worker shuts down gracefully, the busy
    // one only once its request is answered, and the primary waits for all of them.
    const slow = slowRequest(`${service.base}/health/live`, 'GET', { 'Content-Type': 'application/json' }, '{');
    await waitForInFlight(service.base, 2);
    service.child.kill('SIGTERM');
    await waitForPidsLogging(service, 'shutdown: no longer accepting connections', 2);
    await waitForPidsLogging(service, 'shutdown complete', 1); // the idle worker
    expect(service.child.exitCode).toBeNull();
    const answered = await slow.finish('}');
    expect(answered.status).toBe(200);
    expect(answered.headers.connection).toBe('close');

    expect(await service.exited).toBe(0);
    const completed = logLines(service).filter((l) => l.msg === 'shutdown complete');
    expect(completed.map((l) => l.pid).sort()).toEqual([...workers].sort());
    expect(completed.map((l) => l.exitCode)).toEqual([0, 0]);
    expect(service.output()).toContain('all workers stopped');
  });

  it('WORKERS=2: /metrics answers with the workers that answered when one is frozen (SIGSTOP), and the primary names the other', async () => {
    const service = await start(serviceEnv({ WORKERS: '2' }));
    const [frozen] = await waitForPidsLogging(service, 'Listening on', 2);
    process.kill(frozen, 'SIGSTOP');
    try {
      // The primary hands new connections out in turn: the frozen worker's never answer, so each try gives up after
      // 10 s (well above the primary's 2 s wait for a worker's metrics) and the next one reaches the other worker.
      let answer: Awaited<ReturnType<typeof get>> | null = null;
      for (let i = 0; i < 4 && answer === null; i++) {
        answer = await new Promise((resolve, reject) => {
          const req = http.get(`${service.base}/metrics`, { agent: false }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString('utf8')));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          });
          req.setTimeout(10_000, () => {
            req.destroy();
            resolve(null);
          });
          req.on('error', (error) => (req.destroyed ? resolve(null) : reject(error)));
        });
      }
      expect(answer).not.toBeNull();
      expect(answer!.status).toBe(200);
      expect(answer!.body).toMatch(/^process_cpu_user_seconds_total /m);
      // The primary's log line comes through its stdout pipe, which may be read after the answer's socket.
      const message = 'metrics: some workers did not answer in time; /metrics shows the others';
      await waitForPidsLogging(service, message, 1, 5000);
      const warning = logLines(service).find((l) => l.msg === message);
      expect(warning).toMatchObject({ workerPids: [frozen], pid: service.child.pid });
    } finally {
      process.kill(frozen, 'SIGCONT');
    }
    service.child.kill('SIGTERM');
    await service.exited;
  });

  it('WORKERS=2: the primary replaces a worker that dies, keeps answering meanwhile, and the new worker does not migrate', async () => {
    const env = serviceEnv({ WORKERS: '2', RATE_LIMIT_MAX: '0' });
    const service = await start(env);
    const [victim, survivor] = await waitForPidsLogging(service, 'Listening on', 2);

    // Forget the newest migration, as if the schema lacked it. The primary applied the migrations before forking; a
    // worker that ran them too would apply it again (failing on the existing tables, or recording it afresh).
    const [newest] = await querySqlite<{ name: string }>(env.DB_SQLITE_PATH, 'SELECT name FROM migrations ORDER BY timestamp DESC LIMIT 1');
    await querySqlite(env.DB_SQLITE_PATH, `DELETE FROM migrations WHERE name = '${newest.name}'`);

    process.kill(victim, 'SIGKILL');
    await service.waitForOutput(new RegExp(`"workerPid":${victim},.*"msg":"worker died; starting a new one"`));
    // The surviving worker answers everything until the replacement is up.
    for (let i = 0; i < 4; i++) expect((await get(`${service.base}${api}/events`)).status).toBe(200);

    const replacement = (await waitForPidsLogging(service, 'Listening on', 3)).find((pid) => pid !== victim && pid !== survivor)!;
    expect(replacement).toBeDefined();
    // New connections reach the replacement too (the primary hands them out in turn).
    for (let i = 0; i < 10 && !pidsLogging(service, 'request completed').includes(replacement); i++) {
      expect((await get(`${service.base}${api}/events`)).status).toBe(200);
    }
    expect(pidsLogging(service, 'request completed')).toContain(replacement);

    const recorded = await querySqlite(env.DB_SQLITE_PATH, `SELECT name FROM migrations WHERE name = '${newest.name}'`);
    expect(recorded).toEqual([]);
    expect(service.output()).not.toContain('startup error');

    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  });
});
