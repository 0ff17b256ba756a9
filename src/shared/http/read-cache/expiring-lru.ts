import type { Clock } from '../../domain/clock';

interface Slot<V> {
  value: V;
  storedAt: number;
  size: number;
}

/**
 * A bounded map whose entries expire `ttlMs` after they were stored (by the injected Clock, so tests control it) and
 * whose least recently used entries go first once the sizes add up to more than `maxSize`; an entry larger than
 * `maxEntrySize` is never kept (a few very large entries would push out hundreds of ordinary ones, and hold memory a
 * request no longer needs). The one store behind the read cache (answers) and the record fragments (rendered JSON).
 */
export class ExpiringLru<V> {
  private readonly slots = new Map<string, Slot<V>>();
  private used = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxSize: number,
    private readonly sizeOf: (key: string, value: V) => number,
    private readonly clock: Clock,
    private readonly maxEntrySize = maxSize,
  ) {}

  get(key: string): V | undefined {
    return this.entry(key)?.value;
  }

  /** The live entry of `key` with the time it counts as stored at (its data's age), or undefined. */
  entry(key: string): { value: V; storedAt: number } | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    const age = this.clock.now().getTime() - slot.storedAt;
    if (age < 0 || age >= this.ttlMs) {
      this.remove(key, slot);
      return undefined;
    }
    this.slots.delete(key); // re-insert: Map order is the recency order
    this.slots.set(key, slot);
    return slot;
  }

  /**
   * Stores `value` (replacing the key's previous one); ignored when it is larger than `maxEntrySize` or the budget. `storedAt` (default now)
   * backdates an entry made of data read earlier, so it expires `ttlMs` after its oldest part was read.
   */
  set(key: string, value: V, storedAt?: number): void {
    const now = this.clock.now().getTime();
    const at = storedAt ?? now;
    if (now - at >= this.ttlMs) return; // dated back past its lifetime: it could never be served
    const size = this.sizeOf(key, value);
    if (size > this.maxSize || size > this.maxEntrySize) return;
    const previous = this.slots.get(key);
    if (previous) this.remove(key, previous);
    for (const [oldKey, old] of this.slots) {
      if (this.used + size <= this.maxSize) break;
      this.remove(oldKey, old);
    }
    this.slots.set(key, { value, storedAt: at, size });
    this.used += size;
  }

  clear(): void {
    this.slots.clear();
    this.used = 0;
  }

  get size(): number {
    return this.slots.size;
  }

  private remove(key: string, slot: Slot<V>): void {
    this.slots.delete(key);
    this.used -= slot.size;
  }
}
