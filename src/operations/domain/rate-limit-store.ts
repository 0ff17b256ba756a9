/**
 * The counter store of the rate limiter (CONTRACT §13.5): a port, so one machine can keep counters in memory while a
 * fleet of instances shares them in Redis (see README, "Deploying behind a gateway").
 *
 * Windows are fixed and aligned to the epoch (`windowStart = floor(now / windowMs) * windowMs`), so every instance and
 * every worker agrees on where a window begins without talking to each other.
 */
export interface WindowHit {
  /** Requests counted for this key in the current window, this one included. */
  count: number;
  /** When the current window ends (epoch milliseconds). */
  resetAt: number;
}

export abstract class RateLimitStore {
  /**
   * Counts one request for `key` in the window containing `now` and returns the window's total so far: at once (no
   * promise) when the store keeps its counters in this process, so that counting costs no turn of the event loop.
   */
  abstract hit(key: string, windowMs: number, now: number): WindowHit | Promise<WindowHit>;
}

export function windowOf(now: number, windowMs: number): { index: number; resetAt: number } {
  const index = Math.floor(now / windowMs);
  return { index, resetAt: (index + 1) * windowMs };
}

export interface RateLimitVerdict {
  limit: number;
  remaining: number;
  /** Seconds until the window ends (at least 1). */
  resetSeconds: number;
  limited: boolean;
}

/** Turns a window count into the RateLimit-* values and the decision. */
export function verdict(hit: WindowHit, max: number, now: number): RateLimitVerdict {
  return {
    limit: max,
    remaining: Math.max(0, max - hit.count),
    resetSeconds: Math.max(1, Math.ceil((hit.resetAt - now) / 1000)),
    limited: hit.count > max,
  };
}
