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
    if (this.dataSource.options.type !== 'better-sqlite3') return transaction();
    const result = this.queue.then(transaction, transaction);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
