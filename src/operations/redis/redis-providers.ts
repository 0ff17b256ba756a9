import type { Provider } from '@nestjs/common';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { Logger } from 'pino';
import type { RedisConfig } from '../../config/app-config';
import { RateLimitStore } from '../domain/rate-limit-store';
import { HttpMetrics } from '../metrics/http-metrics';
import { RedisFirstRateLimitStore } from '../rate-limit/redis-first-rate-limit.store';
import { ThrottlerStorageRateLimitStore } from '../rate-limit/throttler-storage-rate-limit.store';
import { RedisAvailability } from './redis-availability';
import { RedisConnections } from './redis-connections';
import { RedisMetrics } from './redis-metrics';
import { RedisWriteNotices } from './redis-write-notices';

/** How long startup waits for Redis before serving without it (it is picked up whenever it comes). */
const STARTUP_WAIT_FOR_REDIS_MS = 2000;

/** Closes the connections when the application closes (graceful shutdown, tests). */
class ClosingRedisConnections extends RedisConnections {
  constructor(
    config: RedisConfig,
    availability: RedisAvailability,
    private readonly log: Logger,
  ) {
    super(config, availability);
  }

  async onApplicationShutdown(): Promise<void> {
    const dropped = await this.close();
    if (dropped.length > 0) {
      this.log.warn({ connections: dropped }, 'shutdown: Redis did not answer QUIT in time (is Redis hanging?); its connections were dropped');
    }
  }
}

/**
 * The Redis side of OperationsModule (REDIS_URL set): connections, their availability, the shared rate-limit store
 * (falling back to `localStore`) and the read-cache invalidation channel.
 */
export function redisProviders(redis: RedisConfig, log: Logger, localStore: RateLimitStore): Provider[] {
  return [
    { provide: RedisMetrics, useFactory: (metrics: HttpMetrics) => new RedisMetrics(metrics.registry), inject: [HttpMetrics] },
    {
      provide: RedisAvailability,
      useFactory: (metrics: RedisMetrics) => new RedisAvailability(log.child({ context: 'Redis' }), metrics, redis.display),
      inject: [RedisMetrics],
    },
    {
      provide: RedisConnections,
      useFactory: async (availability: RedisAvailability) => {
        const connections = new ClosingRedisConnections(redis, availability, log.child({ context: 'Redis' }));
        await connections.whenReady(STARTUP_WAIT_FOR_REDIS_MS);
        return connections;
      },
      inject: [RedisAvailability],
    },
    {
      provide: ThrottlerStorage,
      useFactory: (connections: RedisConnections) => new ThrottlerStorageRedisService(connections.commands),
      inject: [RedisConnections],
    },
    {
      provide: RateLimitStore,
      useFactory: (storage: ThrottlerStorage, availability: RedisAvailability, metrics: RedisMetrics) =>
        new RedisFirstRateLimitStore(new ThrottlerStorageRateLimitStore(storage, redis.keyPrefix), localStore, availability, () =>
          metrics.localRateLimitHits.inc(),
        ),
      inject: [ThrottlerStorage, RedisAvailability, RedisMetrics],
    },
    {
      provide: RedisWriteNotices,
      useFactory: (connections: RedisConnections, availability: RedisAvailability, metrics: RedisMetrics) =>
        new RedisWriteNotices(connections, availability, metrics, `${redis.keyPrefix}read-cache-invalidate`),
      inject: [RedisConnections, RedisAvailability, RedisMetrics],
    },
  ];
}
