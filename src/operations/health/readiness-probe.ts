import type { DataSource } from 'typeorm';

export const DATABASE_PING_TIMEOUT_MS = 2000;

/** Resolves with `ping`'s outcome, or false when it takes longer than `timeoutMs`. */
export function settlesWithin(ping: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    ping().then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
}

/**
 * Pings the database for /health/ready (CONTRACT §13.1): `SELECT 1` on a primary connection, failed after 2 s. Concurrent
 * probes share one ping, so a hanging database cannot fill the pool with probe queries.
 *
 * Only the primary decides readiness, not the read replicas: every instance shares the same replicas, so a dead replica
 * would take every instance out of the load balancer at once and turn lost read capacity into a full outage, while
 * reads meanwhile fall back to the primary (ReadRoutingDataSource). Replica trouble shows in the logs instead.
 */
export class ReadinessProbe {
  private pending: Promise<boolean> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly timeoutMs = DATABASE_PING_TIMEOUT_MS,
  ) {}

  databaseReachable(): Promise<boolean> {
    if (!this.pending) {
      this.pending = settlesWithin(() => this.ping(), this.timeoutMs).finally(() => {
        this.pending = null;
      });
    }
    return this.pending;
  }

  private async ping(): Promise<void> {
    if (!this.dataSource.isInitialized) throw new Error('database closed');
    const primary = this.dataSource.createQueryRunner('master');
    try {
      await primary.query('SELECT 1');
    } finally {
      await primary.release();
    }
  }
}
