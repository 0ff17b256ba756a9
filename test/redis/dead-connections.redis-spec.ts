import type { ServiceProcess } from '../support/service-process';
import { API, call, editor, logLines, metric, sharedDatabaseEnv, startInstances, stopInstances, waitUntil } from './support/instances';
import { BlackholeProxy, startBlackholeProxy } from './support/blackhole-proxy';
import { RedisServer, startRedisServer } from './support/redis-server';

let nextClient = 1;
const newClient = () => ({ 'X-Forwarded-For': `192.0.2.${nextClient++}` });
const nextYear = new Date().getUTCFullYear() + 1;

const connected = (instance: ServiceProcess, connection: 'commands' | 'subscriber') =>
  metric(instance.base, `redis_connected{connection="${connection}"}`);

/** Both instances count one client in Redis: the second request sees the first one's count. */
async function sharedCounting(a: ServiceProcess, b: ServiceProcess): Promise<boolean> {
  const client = newClient();
  const first = await call(`${a.base}${API}/events`, { headers: client });
  const second = await call(`${b.base}${API}/events`, { headers: client });
  return Number(second.headers.get('ratelimit-remaining')) === Number(first.headers.get('ratelimit-remaining')) - 1;
}

describe('Redis connections that die without closing (black-holed by a firewall, a load balancer, a failover)', () => {
  let redis: RedisServer;
  let proxy: BlackholeProxy;
  let a: ServiceProcess; // through the proxy
  let b: ServiceProcess; // straight to Redis

  beforeAll(async () => {
    redis = await startRedisServer();
    proxy = await startBlackholeProxy(redis.port);
    const env = { ...sharedDatabaseEnv(), RATE_LIMIT_MAX: '1000000', RATE_LIMIT_WINDOW_S: '3600', READ_CACHE_TTL_MS: '60000', TRUST_PROXY: 'true' };
    [a] = await startInstances(1, { ...env, REDIS_URL: `redis://127.0.0.1:${proxy.port}/0` });
    [b] = await startInstances(1, { ...env, REDIS_URL: redis.url() });
  });
  afterAll(async () => {
    await stopInstances([a, b].filter(Boolean));
    await proxy?.close();
    await redis?.kill();
  });

  it('are found by their PINGs going unanswered, reported, and replaced: shared limits and invalidations return', async () => {
    for (const instance of [a, b]) {
      await waitUntil('connected', 5000, async () => (await connected(instance, 'commands')) === 1 && (await connected(instance, 'subscriber')) === 1);
    }
    expect(await sharedCounting(a, b)).toBe(true);

    // Each connection's loss is read from its log line (written with redis_connected 0): the two may be found a
    // heartbeat apart, and the first is back ~100 ms later, so the gauges need not both read 0 at any one moment.
    const lostPings = (msg: string) => logLines(a, msg).filter((l) => String(l.err).startsWith('no answer to PING')).length;
    const COMMANDS_LOST = 'Redis unavailable: rate limits are counted by this instance alone until it returns';
    const SUBSCRIBER_LOST = "Redis unavailable: other instances' writes are not heard; this instance's read cache falls back to its TTL until it returns";
    expect([lostPings(COMMANDS_LOST), lostPings(SUBSCRIBER_LOST)]).toEqual([0, 0]);
    proxy.blackholeExisting();
    await waitUntil('A reports both connections lost', 10_000, async () => lostPings(COMMANDS_LOST) > 0 && lostPings(SUBSCRIBER_LOST) > 0);
    await waitUntil('A reconnects both', 10_000, async () => (await connected(a, 'commands')) === 1 && (await connected(a, 'subscriber')) === 1);

    // Shared counting again (a request or two may still be on the cooldown of a command that timed out meanwhile).
    await waitUntil('A counts in Redis again', 5000, () => sharedCounting(a, b));

    // A hears B's writes again: its cached answer (TTL 1 min) is cleared by B's notice.
    const term = `hole${Date.now()}x`;
    const url = `${a.base}${API}/events?search=${term}`;
    for (let read = 0; read < 2; read++) expect(JSON.parse((await call(url, { headers: newClient() })).body).events).toEqual([]); // kept from the 2nd
    const created = await call(`${b.base}${API}/events`, {
      method: 'POST',
      headers: { Authorization: await editor(3) },
      json: { title: `After the black hole ${term}`, status: 'publish', start_date: `${nextYear}-05-01 10:00:00`, end_date: `${nextYear}-05-01 11:00:00` },
    });
    expect(created.status).toBe(201);
    const id = JSON.parse(created.body).id as number;
    await waitUntil('A serves B\'s write', 2000, async () =>
      (JSON.parse((await call(url, { headers: newClient() })).body).events as Array<{ id: number }>).some((e) => e.id === id),
    );
  });
});
