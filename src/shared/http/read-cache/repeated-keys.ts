import type { Clock } from '../../domain/clock';

/**
 * The read cache's doorkeeper: remembers which keys were asked for lately, so that an answer is stored only from the
 * second time its address is asked within about two lifetimes ("cache on second hit"). Storing an answer nobody asks for
 * again is not free: behind a gateway most list addresses are one-offs (a widget's own day or week), and keeping their
 * bodies for a lifetime made the garbage collector move and sweep tens of megabytes a second — 14 % of the CPU of such a
 * request (BENCHMARKS, tenth session). An address asked again within the window loses one hit per lifetime at most.
 *
 * Two windows of `windowMs`: a key counts as seen when the current or the previous window holds it. A window that
 * reaches `maxKeys` is closed early, so a flood of distinct addresses holds at most 2 × `maxKeys` keys. Keys are kept
 * as 52-bit hashes, not as text (an address may be 16 KiB long): a collision only stores one answer a request early.
 */
export class RepeatedKeys {
  private current = new Set<number>();
  private previous = new Set<number>();
  private openedAt: number;

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys: number,
    private readonly clock: Clock,
  ) {
    this.openedAt = clock.now().getTime();
  }

  /** Records that `key` was asked for now; true when it had been asked for within the last one to two windows. */
  seenBefore(key: string): boolean {
    const now = this.clock.now().getTime();
    this.rotate(now);
    const hash = hash52(key);
    const seen = this.current.has(hash) || this.previous.has(hash);
    if (!seen && this.current.size >= this.maxKeys) this.close(now);
    this.current.add(hash);
    return seen;
  }

  private rotate(now: number): void {
    const age = now - this.openedAt;
    if (age >= 0 && age < this.windowMs) return;
    // A clock moved back, or two windows gone by, leaves nothing recent to remember.
    if (age < 0 || age >= 2 * this.windowMs) this.current = new Set();
    this.close(now);
  }

  private close(now: number): void {
    this.previous = this.current;
    this.current = new Set();
    this.openedAt = now;
  }
}

/** FNV-1a over the UTF-16 code units, twice with different offsets, joined into one safe integer of 52 bits. */
export function hash52(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0) * 0x100000 + ((b >>> 0) & 0xfffff);
}
