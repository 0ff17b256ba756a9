import { loadConfig } from '../../config/app-config';
import { COMMAND_TIMEOUT_MS, MAX_RECONNECT_DELAY_MS, redisOptions, TCP_KEEPALIVE_MS } from './redis-connections';

const redisOf = (url: string) => loadConfig({ REDIS_URL: url }).redis!;

describe('redisOptions', () => {
  it('never lets a command wait for a connection: no offline queue, no retries, a short timeout', () => {
    expect(redisOptions(redisOf('redis://:pw@cache:6380/3'), 'commands')).toMatchObject({
      host: 'cache',
      port: 6380,
      db: 3,
      password: 'pw',
      tls: undefined,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
    });
  });

  it('queues nothing on the subscriber either: RedisWriteNotices subscribes each time it is ready', () => {
    const options = redisOptions(redisOf('rediss://app:pw@cache'), 'subscriber');
    expect(options).toMatchObject({ username: 'app', password: 'pw', tls: {}, enableOfflineQueue: false, maxRetriesPerRequest: 0, autoResubscribe: false });
  });

  it('reconnects forever, at most a second apart', () => {
    const retry = redisOptions(redisOf('redis://cache'), 'commands').retryStrategy!;
    expect([1, 5, 10, 1000].map((attempt) => retry(attempt))).toEqual([100, 500, MAX_RECONNECT_DELAY_MS, MAX_RECONNECT_DELAY_MS]);
  });

  it('turns TCP keepalive on for both connections (ioredis leaves it off)', () => {
    for (const name of ['commands', 'subscriber'] as const) expect(redisOptions(redisOf('redis://cache'), name).keepAlive).toBe(TCP_KEEPALIVE_MS);
  });
});
