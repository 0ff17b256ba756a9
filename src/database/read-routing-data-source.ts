import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, QueryRunner, ReplicationMode } from 'typeorm';

const readsOnPrimary = new AsyncLocalStorage<true>();

/**
 * Runs `work`, and everything it starts, with its reads on the primary. For write requests: the checks they make before
 * their transaction (is this author known, does this image exist) and the records they answer with must not come from a
 * replica that has not caught up with the write yet.
 */
export function readingFromPrimary<T>(work: () => T): T {
  return readsOnPrimary.run(true, work);
}

/** A statement a replica may answer: a SELECT that takes no lock. Anything else (writes, DDL, EXPLAIN, SET) stays on the primary. */
export function isReplicaSafe(sql: string): boolean {
  return /^\s*\(?\s*SELECT\b/i.test(sql) && !/\bFOR\s+(UPDATE|SHARE)\b|\bLOCK\s+IN\s+SHARE\s+MODE\b/i.test(sql);
}

interface ReplicatedDriver {
  isReplicated?: boolean;
  obtainSlaveConnection?: () => Promise<unknown>;
  obtainMasterConnection?: () => Promise<unknown>;
}

/**
 * The service's data source. With read replicas (TypeORM `replication`), a statement goes:
 * - inside a transaction (the UnitOfWork): to the primary, since the transaction holds a primary connection and every
 *   repository passes it along (`managerOf`);
 * - outside one: query builders and `find*` to a replica (TypeORM asks `defaultReplicationModeForReads()`), and so do
 *   raw `query()` SELECTs, which TypeORM alone would send to the primary; anything else to the primary;
 * - inside `readingFromPrimary` (write requests): to the primary;
 * - when no replica connection can be had (all replicas down or out of the rotation): to the primary, so losing the
 *   replicas costs capacity, not availability.
 * Without replicas TypeORM hands out the one pool whatever the mode, so nothing changes (and SQLite has one connection).
 */
export class ReadRoutingDataSource extends DataSource {
  override defaultReplicationModeForReads(): ReplicationMode {
    return readsOnPrimary.getStore() ? 'master' : super.defaultReplicationModeForReads();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeORM's own signature
  override async query<T = any>(sql: string, parameters?: unknown[], queryRunner?: QueryRunner): Promise<T> {
    if (queryRunner || !isReplicaSafe(sql)) return super.query<T>(sql, parameters, queryRunner);
    const reader = this.createQueryRunner(this.defaultReplicationModeForReads());
    try {
      return (await reader.query(sql, parameters)) as T;
    } finally {
      await reader.release();
    }
  }

  override async initialize(): Promise<this> {
    await super.initialize();
    this.serveFailedReplicaReadsFromPrimary();
    return this;
  }

  /** TypeORM's MySQL driver fails a replica read when it cannot get a replica connection; it asks the primary instead. */
  private serveFailedReplicaReadsFromPrimary(): void {
    const driver = this.driver as unknown as ReplicatedDriver;
    const fromReplica = driver.obtainSlaveConnection?.bind(driver);
    const fromPrimary = driver.obtainMasterConnection?.bind(driver);
    if (!driver.isReplicated || !fromReplica || !fromPrimary) return;
    driver.obtainSlaveConnection = () => fromReplica().catch(() => fromPrimary());
  }
}
