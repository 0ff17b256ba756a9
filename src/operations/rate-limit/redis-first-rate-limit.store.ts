import { RateLimitStore, WindowHit } from '../domain/rate-limit-store';
import type { RedisAvailability } from '../redis/redis-availability';

/**
 * Counts in Redis while it is usable, otherwise (not connected, or a command failed within the last second) in this
 * process' or machine's own counters. While Redis is away a client may therefore get up to RATE_LIMIT_MAX per instance
 * per window, as without Redis; once it is back the shared count goes on from what Redis held.
 */
export class RedisFirstRateLimitStore extends RateLimitStore {
  constructor(
    private readonly shared: RateLimitStore,
    private readonly local: RateLimitStore,
    private readonly availability: RedisAvailability,
    private readonly countedLocally: () => void,
  ) {
    super();
  }

  async hit(key: string, windowMs: number, now: number): Promise<WindowHit> {
    if (this.availability.commandsUsable) {
      try {
        const hit = await this.shared.hit(key, windowMs, now);
        this.availability.commandSucceeded();
        return hit;
      } catch (error) {
        this.availability.commandFailed('rate_limit', error);
      }
    }
    this.countedLocally();
    return this.local.hit(key, windowMs, now);
  }
}
