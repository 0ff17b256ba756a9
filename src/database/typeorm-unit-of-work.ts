import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';
import { UnitOfWork } from '../shared/domain/unit-of-work';

const current = new AsyncLocalStorage<EntityManager>();

/** The entity manager of the transaction in progress, or the data source's own manager outside one. */
export function managerOf(dataSource: DataSource): EntityManager {
  return current.getStore() ?? dataSource.manager;
}

/**
 * Transactions through TypeORM. Repositories call `managerOf(dataSource)` so they join the current transaction.
 * SQLite has one connection and one writer: transactions are queued so two requests never interleave inside one.
 */
export class TypeOrmUnitOfWork extends UnitOfWork {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (current.getStore()) return work(); // already inside a transaction: join it
    const transaction = () => this.dataSource.transaction((manager) => current.run(manager, work));
    if (this.dataSource.options.type !== 'better-sqlite3') return this.retryOnDeadlock(transaction);
    const result = this.queue.then(transaction, transaction);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * MySQL may pick a transaction as a deadlock victim (or time out a lock wait) when concurrent writes touch the same
   * index range, and two concurrent creates may both miss a row the other is inserting (same slug, same inline venue)
   * and collide on a unique index. Nothing of the failed transaction was kept, so the whole unit of work is run again
   * after a short pause: on the retry it sees the committed row (duplicate avoidance reuses it, slugs move on to -2).
   */
  private async retryOnDeadlock<T>(transaction: () => Promise<T>, attempts = 5): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction();
      } catch (error) {
        const code = (error as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (error as { code?: string }).code;
        const retryable = code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code === 'ER_DUP_ENTRY';
        if (!retryable || attempt >= attempts) throw error;
        await new Promise((r) => setTimeout(r, 10 * attempt + Math.floor(Math.random() * 20)));
      }
    }
  }
}
