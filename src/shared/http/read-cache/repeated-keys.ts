import type { Clock } from '../../domain/clock';

/**
 * The read cache's doorkeeper: remembers which keys were asked for lately, so that an answer is stored only from the
 * second time its address is asked within about two lifetimes ("cache on second hit"). Storing an answer nobody asks for
 * again is not free: behind a gateway most list addresses are one-offs (a widget's own day or week), and keeping their
 * bodies for a lifetime made the garbage collector move and sweep tens of megabytes a second — 14 % of the CPU of such a
 * request (BENCHMARKS, tenth session). An address asked again within the window loses one hit per lifetime at most.
 *
 * Two windows of `windowMs`: a key counts as seen when the current or the previous window holds it. A window that
 * reaches `maxKeys` is closed early, so a flood of distinct addresses holds at most 2 × `maxKeys` keys.
 */
export class RepeatedKeys {
  private current = new Set<string>();
  private previous = new Set<string>();
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
    this.rotate(this.clock.now().getTime());
    const seen = this.current.has(key) || this.previous.has(key);
    if (this.current.size >= this.maxKeys) this.close(this.clock.now().getTime());
    this.current.add(key);
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
