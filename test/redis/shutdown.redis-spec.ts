import { sharedDatabaseEnv, startInstances } from './support/instances';
import { startRedisServer } from './support/redis-server';

describe('shutdown while Redis is frozen', () => {
  it('drops the Redis connections after a second, says so, and does not blame the database pool', async () => {
    const redis = await startRedisServer();
    const [instance] = await startInstances(1, { ...sharedDatabaseEnv(), REDIS_URL: redis.url() });
    try {
      redis.pause();
      instance.child.kill('SIGTERM');
      expect(await instance.exited).toBe(0);
      const output = instance.output();
      expect(output).toContain('shutdown: Redis did not answer QUIT in time (is Redis hanging?); its connections were dropped');
      expect(output).not.toContain('database pool did not close');
      expect(output).not.toContain('did not close in time');
    } finally {
      redis.resume();
      await redis.kill();
    }
  });
});
