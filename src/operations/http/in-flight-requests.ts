import type { ServerResponse } from 'node:http';
import { onResponseEnd } from '../../shared/http/response-end';

/**
 * The responses still being worked on. The in-flight gauge reads its size, graceful shutdown waits for it to drain and
 * marks the busy ones `Connection: close`.
 */
export class InFlightRequests {
  private readonly open = new Set<ServerResponse>();
  private waiters: Array<() => void> = [];

  track(res: ServerResponse): void {
    this.open.add(res);
    onResponseEnd(res, () => this.release(res));
  }

  get size(): number {
    return this.open.size;
  }

  responses(): Iterable<ServerResponse> {
    return this.open.values();
  }

  /** Resolves true once nothing is in flight, or false when `timeoutMs` passes first. */
  drained(timeoutMs: number): Promise<boolean> {
    if (this.open.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== onDrained);
        resolve(false);
      }, timeoutMs);
      const onDrained = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(onDrained);
    });
  }

  private release(res: ServerResponse): void {
    if (!this.open.delete(res) || this.open.size > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
