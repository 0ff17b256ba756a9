import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { signDevelopmentToken } from '../../src/shared/auth/token-verifier';
import { get, slowRequest, startService, waitForInFlight } from '../support/service-process';

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

describe('operations: the service process', () => {
  jest.setTimeout(120_000);

  it('on SIGTERM turns ready 503, lets a slow request finish, closes connections and exits 0', async () => {
    const service = await startService(serviceEnv({ SHUTDOWN_GRACE_MS: '60000' }));
    const token = `Bearer ${await signDevelopmentToken(SECRET, 2, 'editor', 3600)}`;
    expect((await get(`${service.base}/health/ready`)).status).toBe(200);

    // A slow client creating an event, and a slow readiness probe, both in flight when the signal arrives.
    const create = slowRequest(
      `${service.base}${api}/events`,
      'POST',
      { Authorization: token, 'Content-Type': 'application/json' },
      '{"title":"Finished during shutdown",',
    );
    const probe = slowRequest(`${service.base}/health/ready`, 'GET', { 'Content-Type': 'application/json' }, '{');
    await waitForInFlight(service.base, 3);

    service.child.kill('SIGTERM');
    await service.waitForOutput('shutdown: no longer accepting connections');

    await expect(get(`${service.base}/health/live`)).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);
    const ready = await probe.finish('}');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'shutting_down', checks: { database: 'ok' } });
    expect(ready.headers.connection).toBe('close');

    const created = await create.finish('"start_date":"2030-01-01 10:00:00","end_date":"2030-01-01 11:00:00"}');
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body).title).toBe('Finished during shutdown');
    expect(created.headers.connection).toBe('close');

    expect(await service.exited).toBe(0);
    expect(service.output()).toContain('"exitCode":0');
  });

  it('exits 1 when a request outlives SHUTDOWN_GRACE_MS and is cut off', async () => {
    const service = await startService(serviceEnv({ SHUTDOWN_GRACE_MS: '100' }));
    const stuck = slowRequest(`${service.base}/health/ready`, 'GET', { 'Content-Type': 'application/json' }, '{');
    await waitForInFlight(service.base, 2);
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(1);
    expect(service.output()).toContain('grace period over');
    await expect(stuck.finish('}')).rejects.toThrow();
  });

  it('WORKERS=2 runs the migrations once, starts two workers that share the port, one rate limit and one /metrics', async () => {
    const service = await startService(serviceEnv({ WORKERS: '2', RATE_LIMIT_MAX: '6', RATE_LIMIT_WINDOW_S: '3600' }));
    await service.waitForOutput('migrations applied; starting workers');
    // Each worker logs its own startup line; the pid tells them apart.
    await service.waitForOutput(/Listening on[\s\S]*Listening on/);
    const pids = new Set(
      service
        .output()
        .split('\n')
        .filter((l) => l.includes('Listening on'))
        .map((l) => JSON.parse(l).pid as number),
    );
    expect(pids.size).toBe(2);
    expect(pids.has(service.child.pid!)).toBe(false);

    // New connections are spread over the workers; the limit of 6 holds for the machine, not per worker.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await get(`${service.base}${api}/events`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const servedBy = new Set(
      service
        .output()
        .split('\n')
        .filter((l) => l.includes('"msg":"request completed"'))
        .map((l) => JSON.parse(l).pid as number),
    );
    expect(servedBy.size).toBe(2);

    // /metrics sums every worker's counters, whichever worker answers the scrape.
    const metrics = await get(`${service.base}/metrics`);
    expect(metrics.body).toMatch(/^http_requests_total\{method="GET",route="\/calendar\/events\/v1\/events",status="200",locale="en"\} 6$/m);
    expect(metrics.body).toMatch(/^rate_limited_requests_total 2$/m);

    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(service.output()).toContain('all workers stopped');
  });
});
