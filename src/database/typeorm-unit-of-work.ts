import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { writeContention } from '../shared/domain/errors';
import { UnitOfWork } from '../shared/domain/unit-of-work';
import { raiseDataVersion } from './data-version';
import { driverErrorCode } from '../shared/errors/driver-error-code';
import { TransientAsyncStore } from './transient-async-store';

/** The transaction in progress; enabled only while one is (TransientAsyncStore: reads pay no promise hooks). */
const current = new TransientAsyncStore<EntityManager>();

/** The entity manager of the transaction in progress, or the data source's own manager outside one. */
export function managerOf(dataSource: DataSource): EntityManager {
  return current.getStore() ?? dataSource.manager;
}

/** Whether a write runs on MySQL/MariaDB, where record locks are taken explicitly (`FOR UPDATE`, `LOCK IN SHARE MODE`). */
export const locksRows = (m: EntityManager) => m.connection.options.type === 'mysql';

/** `FOR UPDATE` on MySQL: the latest committed row, held until the transaction ends. SQLite's writer lock holds it all. */
export const forUpdate = (m: EntityManager) => (locksRows(m) ? ' FOR UPDATE' : '');

/** A shared lock on MySQL: the rows cannot be changed or deleted by another transaction until this one ends. */
export const forShare = (m: EntityManager) => (locksRows(m) ? ' LOCK IN SHARE MODE' : '');

/**
 * MySQL: holds the `write_locks` row named `key` exclusively until `m`'s transaction ends, making it on first use (an
 * upsert takes the row lock whether it inserts or finds the row). SQLite: nothing (its writer lock serializes writes).
 */
export async function holdWriteLock(m: EntityManager, key: string): Promise<void> {
  if (locksRows(m)) await m.query('INSERT INTO write_locks (name) VALUES (?) ON DUPLICATE KEY UPDATE name = name', [key]);
}

/** Attempts of one unit of work that lost a deadlock, a lock wait or a unique-index race, before 503. */
const ATTEMPTS = 6;

/**
 * Transactions through TypeORM; repositories call `managerOf(dataSource)` so they join the current one.
 *
 * How a write is serialized (CONTRACT §9.1, §9.11):
 * - MySQL/MariaDB: READ COMMITTED. A write first takes the record it changes with `SELECT … FOR UPDATE` (the
 *   repositories' `lock…` methods), so every other write of that record waits; every later read of the transaction sees
 *   the latest committed rows (a REPEATABLE READ snapshot taken before the lock could be older). Records a write links
 *   to are held in share mode while the links are written, so they cannot be deleted under it.
 * - SQLite: one writer at a time. In this process transactions are queued; across processes (WORKERS) each one starts
 *   with `BEGIN IMMEDIATE`, taking the database's write lock before its first read.
 * A deadlock victim, a lock wait over DB_LOCK_WAIT_S and a lost unique-index race (two creates of one slug) roll the
 * whole transaction back; it is run again from the start after a short random pause, up to ATTEMPTS times, and then
 * answers 503 `rest_write_contention` with `Retry-After`. Nothing of a failed attempt is kept.
 * Every unit of work that commits raises the data version last (`raiseDataVersion`), for the reads that check kept
 * renderings against it.
 */
export class TypeOrmUnitOfWork extends UnitOfWork {
  private queue: Promise<unknown> = Promise.resolve();
  /** MySQL connections whose session lock wait timeout is already set. */
  private readonly prepared = new WeakSet<object>();

  /** `lockWaitSeconds` (DB_LOCK_WAIT_S): how long a MySQL attempt waits for a record another write holds. */
  constructor(
    private readonly dataSource: DataSource,
    private readonly lockWaitSeconds = 5,
  ) {
    super();
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (current.getStore()) return work(); // already inside a transaction: join it
    if (this.dataSource.options.type !== 'better-sqlite3') return this.withRetries(() => this.mysqlTransaction(work));
    const transaction = () => this.sqliteTransaction(work);
    const result = this.queue.then(transaction, transaction);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** The `write_locks` row named `key`, held until the transaction ends (`holdWriteLock`). */
  async hold(key: string): Promise<void> {
    const manager = current.getStore();
    if (!manager) throw new Error('UnitOfWork.hold() is only meaningful inside run()');
    await holdWriteLock(manager, key);
  }

  private mysqlTransaction<T>(work: () => Promise<T>): Promise<T> {
    return this.dataSource.transaction('READ COMMITTED', async (manager) => {
      const connection = (manager.queryRunner as QueryRunner & { databaseConnection?: object }).databaseConnection;
      if (connection && !this.prepared.has(connection)) {
        await manager.query(`SET SESSION innodb_lock_wait_timeout = ${Math.trunc(this.lockWaitSeconds)}`);
        this.prepared.add(connection);
      }
      return current.run(manager, async () => {
        const result = await work();
        await raiseDataVersion(manager);
        return result;
      });
    });
  }

  /**
   * `BEGIN IMMEDIATE` instead of TypeORM's deferred `BEGIN`: a deferred transaction that read first and then writes
   * fails with SQLITE_BUSY when another process wrote meanwhile; an immediate one waits (busy_timeout) for the writer
   * lock before it reads anything. The query runner is told a transaction is open so TypeORM does not start another.
   */
  private async sqliteTransaction<T>(work: () => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.query('BEGIN IMMEDIATE').catch((error) => {
        // Another process held the writer lock for all of busy_timeout.
        throw driverErrorCode(error)?.startsWith('SQLITE_BUSY') ? writeContention(1) : error;
      });
      Object.assign(runner, { isTransactionActive: true, transactionDepth: 1 });
      try {
        const result = await current.run(runner.manager, work);
        await raiseDataVersion(runner.manager);
        await runner.commitTransaction();
        return result;
      } catch (error) {
        await runner.rollbackTransaction();
        throw error;
      }
    } finally {
      await runner.release();
    }
  }

  private async withRetries<T>(transaction: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction();
      } catch (error) {
        if (!isContention(error)) throw error;
        if (attempt >= ATTEMPTS) throw writeContention(1);
        await new Promise((r) => setTimeout(r, 5 * 2 ** attempt + Math.floor(Math.random() * 20)));
      }
    }
  }
}

/** A deadlock victim, a lock wait timeout, or a unique index a concurrent transaction filled first. */
function isContention(error: unknown): boolean {
  const code = driverErrorCode(error);
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code === 'ER_DUP_ENTRY';
}
