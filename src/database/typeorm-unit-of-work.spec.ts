import type { DataSource } from 'typeorm';
import { TypeOrmUnitOfWork } from './typeorm-unit-of-work';

/** A MySQL-typed data source whose transactions run the work directly and count how often they were begun. */
function fakeMysql() {
  const calls = { transactions: 0, queries: [] as string[] };
  const manager = {
    query: async (sql: string) => void calls.queries.push(sql),
    queryRunner: { databaseConnection: {} },
    connection: { options: { type: 'mysql' } },
  };
  const dataSource = {
    options: { type: 'mysql' },
    transaction: async (_level: string, work: (m: typeof manager) => Promise<unknown>) => {
      calls.transactions++;
      return work(manager);
    },
  } as unknown as DataSource;
  return { dataSource, calls };
}

const driverError = (code: string) => Object.assign(new Error(code), { driverError: { code } });

describe('TypeOrmUnitOfWork on MySQL: retries and contention (issue 13)', () => {
  it('runs a deadlock victim, a lost lock wait or a lost unique race again from the start', async () => {
    const { dataSource, calls } = fakeMysql();
    const uow = new TypeOrmUnitOfWork(dataSource, 2);
    const failures = ['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'ER_DUP_ENTRY'];
    await expect(uow.run(async () => (failures.length ? Promise.reject(driverError(failures.shift()!)) : 'done'))).resolves.toBe('done');
    expect(calls.transactions).toBe(4);
    // The session setting once per connection; the data version raised by the attempt that commits, last.
    expect(calls.queries).toEqual(['SET SESSION innodb_lock_wait_timeout = 2', 'UPDATE data_version SET version = version + 1 WHERE id = 1']);
  });

  it('answers 503 rest_write_contention after six lost attempts, and passes any other error through at once', async () => {
    const { dataSource, calls } = fakeMysql();
    const uow = new TypeOrmUnitOfWork(dataSource);
    await expect(uow.run(() => Promise.reject(driverError('ER_LOCK_DEADLOCK')))).rejects.toMatchObject({ code: 'rest_write_contention', data: { retry_after: 1 } });
    expect(calls.transactions).toBe(6);
    const other = driverError('ER_BAD_FIELD_ERROR');
    await expect(uow.run(() => Promise.reject(other))).rejects.toBe(other);
    expect(calls.transactions).toBe(7);
  });

  it('holds a named lock with an upsert of its write_locks row, only inside a unit of work', async () => {
    const { dataSource, calls } = fakeMysql();
    const uow = new TypeOrmUnitOfWork(dataSource);
    await uow.run(() => uow.hold('venue:7'));
    expect(calls.queries.slice(-2)).toEqual([
      'INSERT INTO write_locks (name) VALUES (?) ON DUPLICATE KEY UPDATE name = name',
      'UPDATE data_version SET version = version + 1 WHERE id = 1',
    ]);
    await expect(uow.hold('venue:7')).rejects.toThrow('inside run()');
  });
});

/** A SQLite-typed data source whose query runners record the statements of every transaction, in the order run. */
function fakeSqlite() {
  const log: string[] = [];
  const dataSource = {
    options: { type: 'better-sqlite3' },
    createQueryRunner: () => {
      const runner = {
        query: async (sql: string) => void log.push(sql),
        manager: { query: async (sql: string) => void log.push(sql) },
        commitTransaction: async () => void log.push('COMMIT'),
        rollbackTransaction: async () => void log.push('ROLLBACK'),
        release: async () => undefined,
      };
      return runner;
    },
  } as unknown as DataSource;
  return { dataSource, log };
}

describe('TypeOrmUnitOfWork on SQLite: one writer at a time, in arrival order', () => {
  it('runs overlapping units of work one after the other, never interleaved, in the order they were asked for', async () => {
    const { dataSource, log } = fakeSqlite();
    const uow = new TypeOrmUnitOfWork(dataSource);
    const tick = () => new Promise((r) => setImmediate(r));
    const work = (name: string) => async () => {
      log.push(`${name} starts`);
      await tick(); // a unit of work waits on something: the other must still wait for it to end
      log.push(`${name} ends`);
      return name;
    };
    const failing = async () => {
      log.push('c starts');
      throw new Error('c failed');
    };
    const results = await Promise.allSettled([uow.run(work('a')), uow.run(work('b')), uow.run(failing), uow.run(work('d'))]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['a', 'b', 'c failed', 'd']);
    const raise = 'UPDATE data_version SET version = version + 1 WHERE id = 1';
    const unit = (name: string) => ['BEGIN IMMEDIATE', `${name} starts`, `${name} ends`, raise, 'COMMIT'];
    expect(log).toEqual([...unit('a'), ...unit('b'), 'BEGIN IMMEDIATE', 'c starts', 'ROLLBACK', ...unit('d')]);
  });
});
