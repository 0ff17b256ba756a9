import type { Clock } from '../../domain/clock';
import { ExpiringLru } from './expiring-lru';
import type { ResponseCache } from './response-cache';

/**
 * Rendered JSON of single records, as UTF-8 bytes (JsonBytes), (issue 18), reused across the different answers that embed them: a calendar asking
 * for its own day or week misses the read cache with every address, yet shows mostly the events the previous address
 * showed. Entries follow the read cache's rules exactly: they live at most its TTL, and every write that clears it —
 * here, in a cluster peer, or wherever its invalidations come from — clears them too (its `generation` moved), so no
 * fragment is older than an answer the read cache could serve. Keys name everything the text depends on besides the
 * data (record, revision, variant, API root); least recently used first out once `maxBytes` is reached. Off, as the
 * read cache is, with `READ_CACHE_TTL_MS=0`.
 */
export class FragmentCache {
  private readonly fragments: ExpiringLru<Buffer>;
  private seenGeneration: number;

  constructor(
    private readonly responses: ResponseCache,
    private readonly ttlMs: number,
    maxBytes: number,
    clock: Clock,
  ) {
    this.fragments = new ExpiringLru(ttlMs, maxBytes, (_key, bytes) => bytes.length, clock);
    this.seenGeneration = responses.generation;
  }

  /** The generation a reader starts from: pass it to `set`, so that text read before a write is never kept. */
  get generation(): number {
    this.clearIfWritten();
    return this.seenGeneration;
  }

  get(key: string): Buffer | undefined {
    if (this.ttlMs <= 0) return undefined;
    this.clearIfWritten();
    return this.fragments.get(key);
  }

  set(key: string, bytes: Buffer, generation: number): void {
    if (this.ttlMs <= 0) return;
    this.clearIfWritten();
    if (generation === this.seenGeneration) this.fragments.set(key, bytes);
  }

  get size(): number {
    return this.fragments.size;
  }

  private clearIfWritten(): void {
    if (this.responses.generation === this.seenGeneration) return;
    this.seenGeneration = this.responses.generation;
    this.fragments.clear();
  }
}
