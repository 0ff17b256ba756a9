import type { ServiceProcess } from '../support/service-process';
import { API, Answer, call, editor, logLines, metric, sharedDatabaseEnv, startInstances, stopInstances, waitUntil } from './support/instances';
import { RedisServer, startRedisServer } from './support/redis-server';

const READ_CACHE_TTL_MS = 1500;
const nextYear = new Date().getUTCFullYear() + 1;
let nextClient = 1;
const newClient = () => ({ 'X-Forwarded-For': `203.0.${Math.floor(nextClient / 250)}.${(nextClient++ % 250) + 1}` });

const connected = async (instance: ServiceProcess, connection: 'commands' | 'subscriber') =>
  metric(instance.base, `redis_connected{connection="${connection}"}`);
const bothConnected = (instances: ServiceProcess[]) => async () => {
  for (const instance of instances) {
    if ((await connected(instance, 'commands')) !== 1 || (await connected(instance, 'subscriber')) !== 1) return false;
  }
  return true;
};

async function createEvent(instance: ServiceProcess, userId: number, title: string): Promise<number> {
  const res = await call(`${instance.base}${API}/events`, {
    method: 'POST',
    headers: { Authorization: await editor(userId) },
    json: { title, status: 'publish', start_date: `${nextYear}-03-01 10:00:00`, end_date: `${nextYear}-03-01 11:00:00` },
  });
  expect(res.status).toBe(201);
  return JSON.parse(res.body).id as number;
}

const idsOf = (answer: Answer) => (JSON.parse(answer.body).events as Array<{ id: number }>).map((e) => e.id);

/** Both instances count one client in Redis: the second request sees the first one's count. */
async function expectSharedCounting(a: ServiceProcess, b: ServiceProcess): Promise<void> {
  const client = newClient();
  const first = await call(`${a.base}${API}/events`, { headers: client });
  const second = await call(`${b.base}${API}/events`, { headers: client });
  expect(Number(second.headers.get('ratelimit-remaining'))).toBe(Number(first.headers.get('ratelimit-remaining')) - 1);
}

/** Reads on both instances and writes on A, from `loops` clients at once, until `stop()`; every answer is kept. */
function load(a: ServiceProcess, b: ServiceProcess, loops: number) {
  const answers: Array<{ status: number; ms: number; at: number }> = [];
  const failures: string[] = [];
  let running = true;
  const done = Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      const client = newClient();
      for (let i = 0; running; i++) {
        try {
          // Writes only on A, so that B's cache is cleared by nothing but A's notices (or its TTL).
          const res =
            i % 5 === 4
              ? await call(`${a.base}${API}/events`, {
                  method: 'POST',
                  headers: { Authorization: await editor(500 + loop) },
                  json: { title: `Load ${loop}-${i}`, status: 'publish', start_date: `${nextYear}-04-01 10:00:00`, end_date: `${nextYear}-04-01 11:00:00` },
                })
              : await call(`${[a, b][i % 2].base}${API}/events?per_page=5`, { headers: client });
          answers.push({ status: res.status, ms: res.ms, at: Date.now() });
        } catch (error) {
          failures.push(String(error));
        }
      }
    }),
  );
  return {
    answers,
    failures,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

describe('Redis trouble: the service keeps answering and recovers by itself', () => {
  let redis: RedisServer;
  let a: ServiceProcess;
  let b: ServiceProcess;

  beforeAll(async () => {
    redis = await startRedisServer();
    await redis.kill(); // the instances start while Redis is down
    [a, b] = await startInstances(2, {
      ...sharedDatabaseEnv(),
      REDIS_URL: redis.url(),
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_WINDOW_S: '3600',
      READ_CACHE_TTL_MS: String(READ_CACHE_TTL_MS),
      TRUST_PROXY: 'true',
    });
  });
  afterAll(async () => {
    await stopInstances([a, b].filter(Boolean));
    if (redis) {
      redis.resume();
      await redis.kill();
    }
  });

  it('starts without Redis, counting locally, and picks it up when it comes', async () => {
    const res = await call(`${a.base}${API}/events`, { headers: newClient() });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-remaining')).toBe('999999');
    expect(await connected(a, 'commands')).toBe(0);
    expect(await metric(a.base, 'rate_limit_local_fallback_total')).toBeGreaterThanOrEqual(1);
    expect(logLines(a, 'Redis unavailable: rate limits are counted by this instance alone until it returns')).toHaveLength(1);

    await redis.start();
    const tookMs = await waitUntil('both instances connect to Redis', 5000, bothConnected([a, b]));
    process.stdout.write(`Redis started after the instances: both connected ${tookMs} ms later\n`);
    await expectSharedCounting(a, b);
  });

  it('stopped and restarted under load: no 5xx, local counters and cache TTL meanwhile, shared again after', async () => {
    const traffic = load(a, b, 6);
    await new Promise((r) => setTimeout(r, 1500));

    await redis.kill();
    const stoppedAt = Date.now();
    await waitUntil('both instances see Redis gone', 3000, async () => (await connected(a, 'commands')) === 0 && (await connected(b, 'commands')) === 0);

    // Meanwhile B cannot hear A's writes: its cached answer stays until READ_CACHE_TTL_MS, never longer.
    const url = `${b.base}${API}/events?search=outage${Date.now()}x`;
    for (let read = 0; read < 2; read++) expect(idsOf(await call(url, { headers: newClient() }))).toEqual([]); // kept from the 2nd
    const id = await createEvent(a, 900, `Written during the outage ${url.slice(-20)}`);
    const writtenAt = Date.now();
    expect(idsOf(await call(url, { headers: newClient() }))).toEqual([]); // B's older answer, from its cache
    await waitUntil('B serves the write once its cached answer expires', READ_CACHE_TTL_MS + 1000, async () =>
      idsOf(await call(url, { headers: newClient() })).includes(id),
    );
    expect(Date.now() - writtenAt).toBeLessThanOrEqual(READ_CACHE_TTL_MS + 1000);

    await new Promise((r) => setTimeout(r, Math.max(0, 2500 - (Date.now() - stoppedAt))));
    await redis.start();
    const recoveredInMs = await waitUntil('both instances reconnect', 5000, bothConnected([a, b]));
    await new Promise((r) => setTimeout(r, 1000));
    await traffic.stop();

    const statuses = new Map<number, number>();
    for (const answer of traffic.answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    const slowest = Math.max(...traffic.answers.map((x) => x.ms));
    process.stdout.write(
      `Redis outage under load: ${traffic.answers.length} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
        `slowest ${slowest.toFixed(0)} ms; reconnected ${recoveredInMs} ms after Redis came back\n`,
    );
    expect(traffic.failures).toEqual([]);
    expect([...statuses.keys()].sort()).toEqual([200, 201]);
    expect(traffic.answers.filter((x) => x.at > stoppedAt && x.at < stoppedAt + 2000).length).toBeGreaterThan(10); // load went on
    expect(slowest).toBeLessThan(2000);

    for (const instance of [a, b]) {
      expect(await metric(instance.base, 'rate_limit_local_fallback_total')).toBeGreaterThan(1);
      expect(await metric(instance.base, 'redis_errors_total{operation="connection"}')).toBeGreaterThanOrEqual(1);
      const lost = logLines(instance, 'Redis unavailable: rate limits are counted by this instance alone until it returns');
      const ready = logLines(instance, 'Redis commands connection ready');
      expect(lost.length).toBe(2); // at startup, and when Redis was stopped: once each, not once per request
      expect(Date.parse(String(ready[ready.length - 1].time))).toBeGreaterThan(Date.parse(String(lost[1].time)));
    }

    // Shared again: one count for both instances, and A's writes clear B's cache at once.
    await expectSharedCounting(a, b);
    const url2 = `${b.base}${API}/events?search=after${Date.now()}x`;
    expect(idsOf(await call(url2, { headers: newClient() }))).toEqual([]);
    const id2 = await createEvent(a, 901, `Written after the outage ${url2.slice(-20)}`);
    expect(idsOf(await call(url2, { headers: newClient() }))).toEqual([id2]);
  });

  it('a Redis that stops answering costs a request at most the command timeout, then the instance works locally', async () => {
    redis.pause();
    try {
      const answers: Answer[] = [];
      for (let i = 0; i < 10; i++) answers.push(await call(`${a.base}${API}/events`, { headers: newClient() }));
      expect(answers.map((x) => x.status)).toEqual(Array(10).fill(200));
      // The first waits for the 250 ms timeout; the next ones skip Redis for a second.
      expect(Math.max(...answers.map((x) => x.ms))).toBeLessThan(1000);
      expect(answers.slice(1).filter((x) => x.ms >= 250)).toEqual([]);
      expect(await metric(a.base, 'redis_errors_total{operation="rate_limit"}')).toBeGreaterThanOrEqual(1);
      expect(logLines(a, 'Redis command failed: working locally, trying again in 1 s').length).toBeGreaterThanOrEqual(1);
    } finally {
      redis.resume();
    }
    await waitUntil('A answers from Redis again', 5000, async () => {
      await call(`${a.base}${API}/events`, { headers: newClient() });
      return logLines(a, 'Redis answers commands again').length > 0;
    });
    await expectSharedCounting(a, b);
  });
});
