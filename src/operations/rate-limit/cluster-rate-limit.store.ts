import { RateLimitStore, WindowHit } from '../domain/rate-limit-store';
import { askPrimary, RATE_HIT } from '../cluster/cluster-ipc';

/** With WORKERS > 1: the counters live in the cluster primary, so the limit holds per machine, not per worker. */
export class ClusterRateLimitStore extends RateLimitStore {
  hit(key: string, windowMs: number, now: number): Promise<WindowHit> {
    return askPrimary<WindowHit>(RATE_HIT, { key, windowMs, now });
  }
}
