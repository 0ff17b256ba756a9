import type { Clock } from '../../domain/clock';

/** One stored answer: the handler's own headers (not the per-request ones) and the exact body bytes. */
export interface CachedResponse {
  status: number;
  headers: Array<[string, string | number | string[]]>;
  body: Buffer;
  /** The matched route pattern, for metrics and logs of answers served from the cache. */
  routePattern?: string;
}

interface Entry {
  response: CachedResponse;
  storedAt: number;
  bytes: number;
}

/**
 * A bounded, short-lived store of anonymous read answers. Entries expire `ttlMs` after they were stored (by the
 * injected Clock, so tests control it); the least recently used go first once `maxBytes` is reached. Any write clears
 * everything: `generation` lets a read that began before a write refuse to store what it read.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private currentGeneration = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes: number,
    private readonly clock: Clock,
  ) {}

  get generation(): number {
    return this.currentGeneration;
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.clock.now().getTime() - entry.storedAt;
    if (age < 0 || age >= this.ttlMs) {
      this.remove(key, entry);
      return undefined;
    }
    this.entries.delete(key); // re-insert: Map order is the recency order
    this.entries.set(key, entry);
    return entry.response;
  }

  /** Stores an answer read during `generation`; ignored when a write happened since, or when it alone exceeds the budget. */
  set(key: string, response: CachedResponse, generation: number): void {
    if (generation !== this.currentGeneration) return;
    const bytes = response.body.length + key.length + 256;
    if (bytes > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    while (this.bytes + bytes > this.maxBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, Entry];
      this.remove(oldestKey, oldest);
    }
    this.entries.set(key, { response, storedAt: this.clock.now().getTime(), bytes });
    this.bytes += bytes;
  }

  /** A write happened (here or, in a cluster, in another worker): nothing stored so far may be served again. */
  invalidate(): void {
    this.currentGeneration++;
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
