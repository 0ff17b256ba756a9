import Redis from 'ioredis';
import { API, call, logLines, metric, sharedDatabaseEnv, startInstances, stopInstances, waitUntil } from './support/instances';
import { startRedisServer } from './support/redis-server';

describe('a REDIS_URL the server cannot serve as given', () => {
  it('/16 on a server with 16 databases (0–15): both connections fail, named in the log, and database 0 is never used', async () => {
    const redis = await startRedisServer();
    const admin = new Redis({ port: redis.port });
    const [instance] = await startInstances(1, { ...sharedDatabaseEnv(), REDIS_URL: redis.url().replace(/\/0$/, '/16') });
    try {
      const failed = 'Redis has no database 16 (ERR DB index is out of range): check the /db number of REDIS_URL; this connection is closed and Redis is not used';
      await waitUntil('both connections are reported', 5000, async () => logLines(instance, failed).length === 2);
      expect(logLines(instance, failed).map((l) => [l.level, l.connection]).sort()).toEqual([
        ['error', 'commands'],
        ['error', 'subscriber'],
      ]);
      expect((await call(`${instance.base}${API}/events`)).status).toBe(200);
      expect(await metric(instance.base, 'redis_connected{connection="commands"}')).toBe(0);
      expect(await metric(instance.base, 'redis_connected{connection="subscriber"}')).toBe(0);
      expect(await metric(instance.base, 'rate_limit_local_fallback_total')).toBe(1);
      expect(logLines(instance, 'Redis commands connection ready')).toEqual([]);
      expect(await admin.dbsize()).toBe(0);
      expect(await admin.pubsub('CHANNELS')).toEqual([]);
    } finally {
      admin.disconnect();
      await stopInstances([instance]);
      await redis.kill();
    }
  });

  it('rediss:// to a plain Redis: the connect timeout is logged with a hint that TLS may be mismatched', async () => {
    const redis = await startRedisServer();
    const [instance] = await startInstances(1, { ...sharedDatabaseEnv(), REDIS_URL: redis.url().replace(/^redis:/, 'rediss:') });
    try {
      const lost = 'Redis unavailable: rate limits are counted by this instance alone until it returns';
      await waitUntil('the failure is logged', 10_000, async () => logLines(instance, lost).some((l) => String(l.err).includes('ETIMEDOUT')));
      expect(logLines(instance, lost).find((l) => String(l.err).includes('ETIMEDOUT'))).toMatchObject({
        hint: "rediss:// (TLS) timed out at connect: if this server speaks plain Redis, use redis:// (or the server's TLS port)",
      });
    } finally {
      await stopInstances([instance]);
      await redis.kill();
    }
  });
});
