import type { Clock } from '../../domain/clock';
import { ExpiringLru } from './expiring-lru';
import type { ResponseCache } from './response-cache';

/**
 * The largest entry the read model keeps (a rendered event, a single body, a linked record), in its store's size
 * unit (bytes or approximate bytes): an event of long programme notes (up to 2,000,000 characters of rich text) is
 * rendered for each answer instead of pushing out a hundred ordinary ones.
 */
const KEPT_ENTRY_MAX_BYTES = 256 * 1024;

/**
 * What the read model keeps between requests (issue 18) under the read cache's rules exactly: entries live at most its
 * TTL — counted from when their data was read —, none larger than KEPT_ENTRY_MAX_BYTES, and every write that clears it (here, in a cluster peer, or wherever
 * its invalidations come from) clears them too (its `generation` moved), so nothing kept is older than an answer the
 * read cache could serve. Least recently used first out once `maxSize` is reached. Off, as the read cache is, with
 * `READ_CACHE_TTL_MS=0`. Used only through a `ReadScope`, one per request that takes part in the read cache.
 */
export class ReadModelStore<V> {
  private readonly entries: ExpiringLru<V>;
  private seenGeneration: number;

  constructor(
    private readonly responses: ResponseCache,
    private readonly ttlMs: number,
    maxSize: number,
    sizeOf: (key: string, value: V) => number,
    clock: Clock,
  ) {
    this.entries = new ExpiringLru(ttlMs, maxSize, sizeOf, clock, KEPT_ENTRY_MAX_BYTES);
    this.seenGeneration = responses.generation;
  }

  /** The generation a reader starts from: pass it to `set`, so that data read before a write is never kept. */
  get generation(): number {
    this.clearIfWritten();
    return this.seenGeneration;
  }

  /** The live entry of `key` and when its data was read. */
  entry(key: string): { value: V; storedAt: number } | undefined {
    if (this.ttlMs <= 0) return undefined;
    this.clearIfWritten();
    return this.entries.entry(key);
  }

  /** Keeps `value`, made of data read at `readAt` or later in `generation`; refused when a write came since. */
  set(key: string, value: V, generation: number, readAt: number): void {
    if (this.ttlMs <= 0) return;
    this.clearIfWritten();
    if (generation === this.seenGeneration) this.entries.set(key, value, readAt);
  }

  get size(): number {
    return this.entries.size;
  }

  private clearIfWritten(): void {
    if (this.responses.generation === this.seenGeneration) return;
    this.seenGeneration = this.responses.generation;
    this.entries.clear();
  }
}
