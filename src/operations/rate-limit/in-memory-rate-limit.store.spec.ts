import { verdict } from '../domain/rate-limit-store';
import { InMemoryRateLimitStore } from './in-memory-rate-limit.store';

describe('InMemoryRateLimitStore (fixed windows aligned to the epoch)', () => {
  const minute = 60_000;
  const t0 = Date.UTC(2031, 0, 1, 10, 0, 0);

  it('counts per key within a window and starts again in the next one', async () => {
    const store = new InMemoryRateLimitStore();
    expect(await store.hit('a', minute, t0)).toEqual({ count: 1, resetAt: t0 + minute });
    expect(await store.hit('a', minute, t0 + 59_999)).toEqual({ count: 2, resetAt: t0 + minute });
    expect(await store.hit('b', minute, t0 + 1)).toEqual({ count: 1, resetAt: t0 + minute });
    expect(await store.hit('a', minute, t0 + minute)).toEqual({ count: 1, resetAt: t0 + 2 * minute });
  });

  it('forgets the clients of past windows', async () => {
    const store = new InMemoryRateLimitStore();
    for (let i = 0; i < 100; i++) await store.hit(`client-${i}`, minute, t0);
    expect(store.size).toBe(100);
    await store.hit('late', minute, t0 + minute);
    expect(store.size).toBe(1);
  });

  it('turns a count into the RateLimit-* values', () => {
    expect(verdict({ count: 3, resetAt: t0 + minute }, 3, t0 + 100)).toEqual({ limit: 3, remaining: 0, resetSeconds: 60, limited: false });
    expect(verdict({ count: 4, resetAt: t0 + minute }, 3, t0 + 59_500)).toEqual({ limit: 3, remaining: 0, resetSeconds: 1, limited: true });
  });
});
