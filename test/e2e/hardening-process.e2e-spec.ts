import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { signDevelopmentToken } from '../../src/shared/auth/token-verifier';
import { ServiceProcess, startService } from '../support/service-process';
import { rawRequest, trickle } from './support/raw-http';

/**
 * The hardening of issue 14 holds in the real process (`node main.js`) as in the e2e tests' server: main.ts gets its
 * HTTP server from createApp like they do, so the limits and timeouts are the same.
 */
const SECRET = 'hardening-process-secret-hardening-process';
const api = '/wp-json/calendar/events/v1';

describe('hardening: the service process', () => {
  jest.setTimeout(60_000);
  let service: ServiceProcess;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-hardening-'));
    service = await startService({
      AUTH_JWT_SECRET: SECRET,
      AUTH_USERS: '1',
      DB_TYPE: 'sqlite',
      DB_SQLITE_PATH: path.join(dir, 'db.sqlite'),
      LOG_LEVEL: 'warn',
      HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '2000',
    });
  });
  afterAll(async () => {
    if (service && service.child.exitCode === null) {
      service.child.kill('SIGKILL');
      await service.exited;
    }
  });

  it('answers a 63 KiB path plus query with the JSON 414, and a header block over 64 KiB with a bare 431', async () => {
    const start = `${api}/events?padding=`;
    const long = await rawRequest(service.base, 'GET', start + 'a'.repeat(63 * 1024 - start.length), {});
    expect(long.status).toBe(414);
    expect(JSON.parse(long.body).code).toBe('rest_uri_too_long');
    const tooLong = await rawRequest(service.base, 'GET', start + 'a'.repeat(64 * 1024 - start.length), {});
    expect(tooLong.status).toBe(431);
    expect(tooLong.body).toBe('');
  });

  it('answers two Authorization headers with 401 rest_invalid_token, whatever the order', async () => {
    const admin = `Bearer ${await signDevelopmentToken(SECRET, 1, 'administrator', 3600)}`;
    const body = JSON.stringify({ title: 'Twice', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' });
    for (const pair of [
      [admin, 'Bearer garbage'],
      ['Bearer garbage', admin],
    ]) {
      const res = await rawRequest(service.base, 'POST', `${api}/events`, { Authorization: pair, 'Content-Type': 'application/json' }, body);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body).code).toBe('rest_invalid_token');
    }
  });

  it('closes connections whose headers or body trickle in, by HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS', async () => {
    const head = `GET ${api}/events HTTP/1.1\r\nHost: calendar.test\r\nX-Slow: ${'s'.repeat(100)}\r\n\r\n`;
    const post = `POST ${api}/events HTTP/1.1\r\nHost: calendar.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    const [headers, body] = await Promise.all([
      trickle(service.base, head, { everyMs: 200, giveUpMs: 10_000 }),
      trickle(service.base, post + '{'.repeat(100), { everyMs: 200, giveUpMs: 10_000, atOnce: post.length }),
    ]);
    expect(headers.closedAfterMs).toBeGreaterThanOrEqual(950);
    expect(headers.closedAfterMs).toBeLessThan(2500);
    expect(headers.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(body.closedAfterMs).toBeGreaterThanOrEqual(1950);
    expect(body.closedAfterMs).toBeLessThan(3500);
    expect(body.received).toMatch(/^HTTP\/1\.1 408 /);
  });
});
