import { Writable } from 'node:stream';
import { Registry } from 'prom-client';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { createRootLogger } from '../logging/root-logger';
import { RedisAvailability } from '../redis/redis-availability';
import { RedisMetrics } from '../redis/redis-metrics';
import { InMemoryRateLimitStore } from './in-memory-rate-limit.store';
import { RedisFirstRateLimitStore } from './redis-first-rate-limit.store';
import { CLOCK_SKEW_ALLOWANCE_MS, ThrottlerStorageRateLimitStore } from './throttler-storage-rate-limit.store';

const minute = 60_000;
const t0 = Date.UTC(2031, 0, 1, 10, 0, 0);

/** A ThrottlerStorage counting in memory as the Redis script does (INCR, expiry set on the first hit), or failing. */
class FakeThrottlerStorage implements ThrottlerStorage {
  readonly calls: Array<{ key: string; ttl: number; limit: number; blockDuration: number; name: string }> = [];
  readonly counts = new Map<string, number>();
  failWith: Error | null = null;

  async increment(key: string, ttl: number, limit: number, blockDuration: number, name: string) {
    this.calls.push({ key, ttl, limit, blockDuration, name });
    if (this.failWith) throw this.failWith;
    const totalHits = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, totalHits);
    return { totalHits, timeToExpire: Math.ceil(ttl / 1000), isBlocked: false, timeToBlockExpire: 0 };
  }
}

const silent = () => createRootLogger('silent', new Writable({ write: (_c, _e, done) => done() }));

describe('ThrottlerStorageRateLimitStore', () => {
  it('keeps one key per client and epoch-aligned window, expiring shortly after the window, and never lets the storage block', async () => {
    const storage = new FakeThrottlerStorage();
    const store = new ThrottlerStorageRateLimitStore(storage, 'calendar:');
    expect(await store.hit('addr:203.0.113.7', minute, t0 + 15_000)).toEqual({ count: 1, resetAt: t0 + minute });
    expect(await store.hit('addr:203.0.113.7', minute, t0 + 59_999)).toEqual({ count: 2, resetAt: t0 + minute });
    expect(await store.hit('addr:203.0.113.7', minute, t0 + minute)).toEqual({ count: 1, resetAt: t0 + 2 * minute });
    const index = t0 / minute;
    expect(storage.calls.map((c) => c.key)).toEqual([
      `calendar:rl:addr:203.0.113.7:${index}`,
      `calendar:rl:addr:203.0.113.7:${index}`,
      `calendar:rl:addr:203.0.113.7:${index + 1}`,
    ]);
    expect(storage.calls[0]).toMatchObject({ ttl: 45_000 + CLOCK_SKEW_ALLOWANCE_MS, limit: Number.MAX_SAFE_INTEGER, blockDuration: minute });
  });
});

describe('RedisFirstRateLimitStore', () => {
  function setup() {
    const storage = new FakeThrottlerStorage();
    const registry = new Registry();
    const metrics = new RedisMetrics(registry);
    let now = t0;
    const availability = new RedisAvailability(silent(), metrics, 'redis://cache:6379/0', () => now);
    let local = 0;
    const store = new RedisFirstRateLimitStore(new ThrottlerStorageRateLimitStore(storage, 'p:'), new InMemoryRateLimitStore(), availability, () => local++);
    return { storage, availability, store, localCount: () => local, advance: (ms: number) => (now += ms) };
  }

  it('counts in the shared store while Redis is ready', async () => {
    const { storage, availability, store, localCount } = setup();
    availability.connectionReady('commands');
    await store.hit('user:2', minute, t0);
    expect((await store.hit('user:2', minute, t0)).count).toBe(2);
    expect(storage.calls).toHaveLength(2);
    expect(localCount()).toBe(0);
  });

  it('counts locally, without asking Redis, while it is not connected', async () => {
    const { storage, store, localCount } = setup();
    expect(await store.hit('user:2', minute, t0)).toEqual({ count: 1, resetAt: t0 + minute });
    expect(storage.calls).toHaveLength(0);
    expect(localCount()).toBe(1);
  });

  it('counts a request whose command failed locally, skips Redis for a second, then goes back to it', async () => {
    const { storage, availability, store, localCount, advance } = setup();
    availability.connectionReady('commands');
    storage.failWith = new Error('Command timed out');
    expect((await store.hit('user:2', minute, t0)).count).toBe(1);
    expect((await store.hit('user:2', minute, t0)).count).toBe(2);
    expect(storage.calls).toHaveLength(1); // the second request did not wait for Redis
    expect(localCount()).toBe(2);

    storage.failWith = null;
    advance(1000);
    expect((await store.hit('user:2', minute, t0 + 1000)).count).toBe(1); // Redis' own count for the window
    expect(storage.calls).toHaveLength(2);
    expect(localCount()).toBe(2);
  });
});
