import { RateLimitStore, WindowHit, windowOf } from '../domain/rate-limit-store';

/**
 * Counters in this process' memory. Entries of past windows are dropped as the clock moves on, so memory stays bounded
 * by the number of clients seen in one window.
 */
export class InMemoryRateLimitStore extends RateLimitStore {
  private readonly counters = new Map<string, { index: number; count: number }>();
  private sweptIndex = -1;

  /** At once: the rate limiter then counts an anonymous request without a promise, and the cluster primary answers its workers. */
  hit(key: string, windowMs: number, now: number): WindowHit {
    const { index, resetAt } = windowOf(now, windowMs);
    if (index !== this.sweptIndex) this.sweep(index);
    const entry = this.counters.get(key);
    if (entry && entry.index === index) {
      entry.count += 1;
      return { count: entry.count, resetAt };
    }
    this.counters.set(key, { index, count: 1 });
    return { count: 1, resetAt };
  }

  get size(): number {
    return this.counters.size;
  }

  private sweep(index: number): void {
    for (const [key, entry] of this.counters) if (entry.index < index) this.counters.delete(key);
    this.sweptIndex = index;
  }
}
