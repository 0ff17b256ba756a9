import type { ThrottlerStorage } from '@nestjs/throttler';
import { RateLimitStore, WindowHit, windowOf } from '../domain/rate-limit-store';

/** Instances' clocks may disagree by this much: a window's key outlives its window by it. */
export const CLOCK_SKEW_ALLOWANCE_MS = 5000;
/** The storage's own blocking is not used: the verdict is ours (`verdict`), from the count alone. */
const NEVER_BLOCK = Number.MAX_SAFE_INTEGER;
const THROTTLER_NAME = 'calendar';

/**
 * The rate-limit port on a @nestjs/throttler storage: with REDIS_URL, @nest-lab/throttler-storage-redis, whose Lua
 * script INCRements a key and sets its expiry atomically, so every instance and worker shares one count. Each window
 * gets its own key (`…:{window index}`), so windows stay aligned to the epoch as with the local counters, and a key
 * expires shortly after its window ends.
 */
export class ThrottlerStorageRateLimitStore extends RateLimitStore {
  constructor(
    private readonly storage: ThrottlerStorage,
    private readonly keyPrefix: string,
  ) {
    super();
  }

  async hit(key: string, windowMs: number, now: number): Promise<WindowHit> {
    const { index, resetAt } = windowOf(now, windowMs);
    const ttlMs = resetAt - now + CLOCK_SKEW_ALLOWANCE_MS;
    const record = await this.storage.increment(`${this.keyPrefix}rl:${key}:${index}`, ttlMs, NEVER_BLOCK, windowMs, THROTTLER_NAME);
    return { count: record.totalHits, resetAt };
  }
}
