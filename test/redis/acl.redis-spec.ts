import * as fs from 'node:fs';
import * as path from 'node:path';
import Redis from 'ioredis';
import type { ServiceProcess } from '../support/service-process';
import { API, call, editor, logLines, metric, sharedDatabaseEnv, startInstances, stopInstances, waitUntil } from './support/instances';
import { RedisServer, startRedisServer } from './support/redis-server';

let nextClient = 1;
const newClient = () => ({ 'X-Forwarded-For': `198.18.0.${nextClient++}` });
const nextYear = new Date().getUTCFullYear() + 1;

/** README's `ACL SETUSER calendar …` line, as arguments of ACL. */
function readmeAclSetuser(): string[] {
  const readme = fs.readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
  const line = /^\s*(ACL SETUSER calendar .*)$/m.exec(readme);
  if (!line) throw new Error('README has no "ACL SETUSER calendar …" line');
  return line[1].trim().split(/\s+/).slice(1);
}

async function sharedCounting(a: ServiceProcess, b: ServiceProcess): Promise<boolean> {
  const client = newClient();
  const first = await call(`${a.base}${API}/events`, { headers: client });
  const second = await call(`${b.base}${API}/events`, { headers: client });
  return Number(second.headers.get('ratelimit-remaining')) === Number(first.headers.get('ratelimit-remaining')) - 1;
}

async function write(instance: ServiceProcess, userId: number, title: string): Promise<number> {
  const res = await call(`${instance.base}${API}/events`, {
    method: 'POST',
    headers: { Authorization: await editor(userId) },
    json: { title, status: 'publish', start_date: `${nextYear}-07-01 10:00:00`, end_date: `${nextYear}-07-01 11:00:00` },
  });
  expect(res.status).toBe(201);
  return JSON.parse(res.body).id as number;
}

const env = () => ({ ...sharedDatabaseEnv(), RATE_LIMIT_MAX: '1000', RATE_LIMIT_WINDOW_S: '3600', READ_CACHE_TTL_MS: '60000', TRUST_PROXY: 'true' });

describe('ACL users', () => {
  let redis: RedisServer;
  let admin: Redis;
  let instances: ServiceProcess[] = [];

  beforeEach(async () => {
    redis = await startRedisServer();
    admin = new Redis({ port: redis.port });
  });
  afterEach(async () => {
    await stopInstances(instances);
    instances = [];
    admin.disconnect();
    await redis.kill();
  });

  it("README's ACL example is enough: shared limits and invalidations, no NOPERM", async () => {
    await admin.call('ACL', ...readmeAclSetuser());
    const [a, b] = (instances = await startInstances(2, { ...env(), REDIS_URL: redis.url('calendar:secret') }));
    for (const instance of [a, b]) {
      await waitUntil('connected', 5000, async () =>
        (await metric(instance.base, 'redis_connected{connection="commands"}')) === 1 && (await metric(instance.base, 'redis_connected{connection="subscriber"}')) === 1,
      );
    }
    expect(await sharedCounting(a, b)).toBe(true);
    const term = `acl${Date.now()}x`;
    const url = `${b.base}${API}/events?search=${term}`;
    expect(JSON.parse((await call(url, { headers: newClient() })).body).events).toEqual([]);
    const id = await write(a, 1, `ACL ${term}`);
    await waitUntil("B serves A's write", 2000, async () =>
      (JSON.parse((await call(url, { headers: newClient() })).body).events as Array<{ id: number }>).some((e) => e.id === id),
    );
    expect(await admin.keys('*')).toEqual(expect.arrayContaining([expect.stringMatching(/^\{calendar:rl:addr:198\.18\.0\.\d+:\d+:calendar\}:hits$/)]));
    for (const instance of [a, b]) {
      for (const operation of ['connection', 'rate_limit', 'publish']) {
        expect(await metric(instance.base, `redis_errors_total{operation="${operation}"}`)).toBe(0);
      }
    }
  });

  it('without the channel: notices and the subscription fail on their own, limits stay shared, the subscription is retried', async () => {
    const args = readmeAclSetuser().filter((arg) => !arg.startsWith('&'));
    await admin.call('ACL', ...args);
    const [a, b] = (instances = await startInstances(2, { ...env(), REDIS_URL: redis.url('calendar:secret') }));
    for (const instance of [a, b]) {
      await waitUntil('the refused subscription is logged', 5000, async () => logLines(instance, "Redis unavailable: other instances' writes are not heard; this instance's read cache falls back to its TTL until it returns").length === 1);
      expect(await metric(instance.base, 'redis_connected{connection="commands"}')).toBe(1);
      expect(await metric(instance.base, 'redis_connected{connection="subscriber"}')).toBe(0);
    }

    // A's notice is refused (NOPERM); A's rate-limit commands go on in Redis all the same.
    await write(a, 2, 'Refused notice');
    await waitUntil('the refused notice is counted', 2000, async () => (await metric(a.base, 'redis_errors_total{operation="publish"}')) >= 1);
    expect(await sharedCounting(a, b)).toBe(true);
    expect(await metric(a.base, 'redis_errors_total{operation="rate_limit"}')).toBe(0);
    expect(await metric(a.base, 'rate_limit_local_fallback_total')).toBe(0);
    expect(logLines(a, 'Redis invalidation notice failed: other instances clear their read cache by its TTL alone until one is sent')).toHaveLength(1);

    // The channel is granted: both subscribe by themselves, and B hears A's writes again.
    await admin.call('ACL', 'SETUSER', 'calendar', '&calendar:read-cache-invalidate');
    for (const instance of [a, b]) {
      await waitUntil('subscribed again', 10_000, async () => (await metric(instance.base, 'redis_connected{connection="subscriber"}')) === 1);
    }
    const term = `granted${Date.now()}x`;
    const url = `${b.base}${API}/events?search=${term}`;
    expect(JSON.parse((await call(url, { headers: newClient() })).body).events).toEqual([]);
    const id = await write(a, 3, `Granted ${term}`);
    await waitUntil("B serves A's write", 2000, async () =>
      (JSON.parse((await call(url, { headers: newClient() })).body).events as Array<{ id: number }>).some((e) => e.id === id),
    );
  });
});
