import type { DataSource } from 'typeorm';
import { within } from '../within';

const DATABASE_PING_TIMEOUT_MS = 2000;
/** A ping still unanswered after this long is given up for good (see `ReadinessProbe`). */
export const ABANDONED_PING_MS = 30_000;

/**
 * Pings the database for /health/ready (CONTRACT §13.1): `SELECT 1` on a primary connection, failed after 2 s.
 *
 * At most one ping is under way at a time: probes that arrive meanwhile share its answer, and once it has taken over 2 s
 * they answer "failed" at once, without sending another query. The ping itself is not cancelled (a query cannot be), so
 * without this a database that hangs (rather than refusing connections) would get one more stuck ping per probe round,
 * each holding a pool connection until the pool is exhausted and the queue grows. A ping lost without ever failing (a
 * connection gone silent) is abandoned after 30 s, so the instance cannot stay unready for good once the database is
 * back: at worst one stuck ping per 30 s.
 *
 * On SQLite the ping runs synchronously on the open WAL connection: writers do not block it and no other connection can
 * take the file exclusively while it is open, so it fails only once the database is closed (it cannot time out: a wait
 * would block the whole event loop, liveness included).
 *
 * Only the primary decides readiness, not the read replicas: every instance shares the same replicas, so a dead replica
 * would take every instance out of the load balancer at once and turn lost read capacity into a full outage, while
 * reads meanwhile fall back to the primary (ReadRoutingDataSource). Replica trouble shows in the logs instead.
 */
export class ReadinessProbe {
  private current: { answer: Promise<boolean>; startedAt: number } | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly timeoutMs = DATABASE_PING_TIMEOUT_MS,
  ) {}

  databaseReachable(): Promise<boolean> {
    if (this.current && Date.now() - this.current.startedAt >= ABANDONED_PING_MS) this.current = null;
    if (!this.current) {
      const settled = this.ping().then(
        () => true,
        () => false,
      );
      const current = { answer: within(settled, this.timeoutMs), startedAt: Date.now() };
      this.current = current;
      // Forgotten when the database answers, not when the 2 s are up: until then probes reuse the (failed) answer.
      void settled.then(() => {
        if (this.current === current) this.current = null;
      });
    }
    return this.current.answer;
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
