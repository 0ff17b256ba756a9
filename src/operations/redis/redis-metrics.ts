import { Counter, Gauge, Registry } from 'prom-client';

export type RedisConnectionName = 'commands' | 'subscriber';
export type RedisOperation = 'rate_limit' | 'publish' | 'connection';

/**
 * What `/metrics` shows of Redis (only with REDIS_URL): whether each connection is up, its errors, and what the service
 * did instead while Redis was unusable.
 */
export class RedisMetrics {
  readonly connected: Gauge<'connection'>;
  readonly errors: Counter<'operation'>;
  readonly localRateLimitHits: Counter;
  readonly peerInvalidations: Counter;

  constructor(registry: Registry) {
    const registers = [registry];
    this.connected = new Gauge({
      name: 'redis_connected',
      help: 'Whether the Redis connection is ready (1) or not (0)',
      labelNames: ['connection'],
      registers,
      aggregator: 'min', // WORKERS > 1: 1 only when every worker is connected
    });
    for (const connection of ['commands', 'subscriber'] as const) this.connected.set({ connection }, 0);
    this.errors = new Counter({
      name: 'redis_errors_total',
      help: 'Redis failures by operation (connection errors, rate-limit counts, invalidation notices)',
      labelNames: ['operation'],
      registers,
    });
    for (const operation of ['rate_limit', 'publish', 'connection'] as const) this.errors.inc({ operation }, 0);
    this.localRateLimitHits = new Counter({
      name: 'rate_limit_local_fallback_total',
      help: 'Requests counted in local memory because Redis was unusable',
      registers,
    });
    this.peerInvalidations = new Counter({
      name: 'read_cache_peer_invalidations_total',
      help: 'Read-cache clears caused by another instance writing (or by the invalidation channel reconnecting)',
      registers,
    });
  }
}
