import type { Clock } from '../../domain/clock';
import { ExpiringLru } from './expiring-lru';
import { RepeatedKeys } from './repeated-keys';

/** Addresses remembered per window by the doorkeeper: a flood of one-off addresses holds at most twice this many keys. */
const REMEMBERED_KEYS_PER_WINDOW = 20_000;

/**
 * The largest answer kept (bytes): a list page of long events is streamed and never kept; a calendar feed of 1,000
 * ordinary events (about 1.5 MB) still is.
 */
const KEPT_ANSWER_MAX_BYTES = 4 * 1024 * 1024;

/** One stored answer: the handler's own headers (not the per-request ones) and the exact body bytes. */
export interface CachedResponse {
  status: number;
  headers: Array<[string, string | number | string[]]>;
  body: Buffer;
  /** The matched route pattern, for metrics and logs of answers served from the cache. */
  routePattern?: string;
}

/**
 * A bounded, short-lived store of anonymous read answers. Entries expire `ttlMs` after they were stored; the least
 * recently used go first once `maxBytes` is reached (`ExpiringLru`). Any write clears everything: `generation` lets a
 * read that began before a write refuse to store what it read. An answer is stored only from the second time its key is
 * asked for within about two lifetimes (`RepeatedKeys`): one-off addresses are not worth keeping.
 */
export class ResponseCache {
  private readonly entries: ExpiringLru<CachedResponse>;
  private readonly askedBefore: RepeatedKeys;
  private currentGeneration = 0;

  constructor(
    ttlMs: number,
    maxBytes: number,
    private readonly clock: Clock,
  ) {
    this.entries = new ExpiringLru(ttlMs, maxBytes, (key, response) => response.body.length + key.length + 256, clock, KEPT_ANSWER_MAX_BYTES);
    this.askedBefore = new RepeatedKeys(ttlMs, REMEMBERED_KEYS_PER_WINDOW, clock);
  }

  /** The injected clock's time, in ms: answers are dated by it. */
  now(): number {
    return this.clock.now().getTime();
  }

  get generation(): number {
    return this.currentGeneration;
  }

  get(key: string): CachedResponse | undefined {
    return this.entries.get(key);
  }

  /** Called on a miss: whether the answer about to be read is worth storing (its key was asked for lately, too). */
  worthStoring(key: string): boolean {
    return this.askedBefore.seenBefore(key);
  }

  /**
   * Stores an answer read during `generation`; ignored when a write happened since, or when it alone exceeds the budget.
   * `readAt`: when its oldest data was read (an answer joined from kept fragments), so it expires when that data would.
   */
  set(key: string, response: CachedResponse, generation: number, readAt?: number): void {
    if (generation === this.currentGeneration) this.entries.set(key, response, readAt);
  }

  /** A write happened (here or, in a cluster, in another worker): nothing stored so far may be served again. */
  invalidate(): void {
    this.currentGeneration++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
