/** A small seeded PRNG (mulberry32): the same seed gives the same data set on every machine and database. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `[[value, weight], …]`. */
  weighted<T>(table: ReadonlyArray<readonly [T, number]>): T {
    const total = table.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, w] of table) {
      r -= w;
      if (r < 0) return value;
    }
    return table[table.length - 1][0];
  }

  /** `count` distinct integers in [0, size) (count ≤ size); `skew` > 1 favours low indexes (popular venues, main categories). */
  distinct(count: number, size: number, skew = 1): number[] {
    const out = new Set<number>();
    const n = Math.min(count, size);
    while (out.size < n) out.add(Math.floor(size * Math.pow(this.next(), skew)));
    return [...out];
  }
}
