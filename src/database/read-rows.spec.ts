import { DataSource, QueryFailedError } from 'typeorm';
import { readRows } from './read-rows';
import { managerOf, TypeOrmUnitOfWork } from './typeorm-unit-of-work';

describe('readRows on SQLite (issue 18: rows read as arrays, made objects by a compiled function)', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await new DataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize();
    await dataSource.query('CREATE TABLE t (id bigint PRIMARY KEY NOT NULL, name text NOT NULL, note text NULL, lat double NULL, data blob NULL)');
    await dataSource.query("INSERT INTO t VALUES (1, 'Ünïcode \"quoted\"', NULL, 40.5, x'00ff'), (2, 'b', 'n', NULL, NULL)");
  });
  afterAll(() => dataSource.destroy());

  const statements = [
    ['SELECT * FROM t ORDER BY id', []],
    ['SELECT id AS "id", name AS "name", note AS "note", lat AS "geoLat" FROM t WHERE id IN (?, ?)', [2, 1]],
    // A repeated name keeps its first place and its last value; names needing quotes stay names.
    ['SELECT id AS x, name AS "a b", note AS x, lat AS "it\'s", 7 AS """", 8 AS "back\\slash" FROM t', []],
    ['SELECT COUNT(*) AS n FROM t WHERE id > ?', [5]],
    ['SELECT * FROM t WHERE id = ?', [99]],
  ] as const;

  it.each(statements)('gives what EntityManager.query gives, key order included: %s', async (sql, params) => {
    const expected = await dataSource.manager.query(sql, [...params]);
    const rows = await readRows<Record<string, unknown>>(dataSource.manager, sql, [...params]);
    expect(rows).toEqual(expected);
    expect(rows.map((r) => Object.keys(r))).toEqual(expected.map((r: object) => Object.keys(r)));
    expect(await readRows(dataSource.manager, sql, [...params])).toEqual(expected); // the kept statement again
  });

  it('reads inside a unit of work what its transaction wrote, and nothing of it once rolled back', async () => {
    const uow = new TypeOrmUnitOfWork(dataSource);
    const seen = uow.run(async () => {
      await managerOf(dataSource).query("INSERT INTO t (id, name) VALUES (3, 'c')");
      const inside = await readRows<{ id: number }>(managerOf(dataSource), 'SELECT id FROM t ORDER BY id', []);
      throw Object.assign(new Error('undo'), { inside: inside.map((r) => r.id) });
    });
    await expect(seen).rejects.toMatchObject({ inside: [1, 2, 3] });
    expect(await readRows(dataSource.manager, 'SELECT id FROM t ORDER BY id', [])).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('reports a failed statement as TypeORM does (QueryFailedError with the SQL and the driver error)', async () => {
    const failed = readRows(dataSource.manager, 'SELECT nope FROM t WHERE id = ?', [1]);
    await expect(failed).rejects.toBeInstanceOf(QueryFailedError);
    await expect(failed).rejects.toMatchObject({ query: 'SELECT nope FROM t WHERE id = ?' });
    await expect(readRows(dataSource.manager, 'SELECT id FROM t WHERE id = ?', [])).rejects.toBeInstanceOf(QueryFailedError);
  });

  it('keeps a bounded number of statements: reads go on giving the right rows past the limit', async () => {
    for (let i = 0; i < 300; i++) {
      expect(await readRows(dataSource.manager, `SELECT ${i} AS v, id FROM t WHERE id = ?`, [1])).toEqual([{ v: i, id: 1 }]);
    }
    expect(await readRows(dataSource.manager, 'SELECT 0 AS v, id FROM t WHERE id = ?', [2])).toEqual([{ v: 0, id: 2 }]);
  });
});

describe('readRows on MySQL', () => {
  it('is EntityManager.query: mysql2 parses rows with its own compiled parsers', async () => {
    const calls: unknown[][] = [];
    const manager = {
      connection: { options: { type: 'mysql' } },
      query: async (sql: string, params: unknown[]) => {
        calls.push([sql, params]);
        return [{ id: 1 }];
      },
    } as unknown as Parameters<typeof readRows>[0];
    expect(await readRows(manager, 'SELECT id FROM t WHERE id = ?', [1])).toEqual([{ id: 1 }]);
    expect(calls).toEqual([['SELECT id FROM t WHERE id = ?', [1]]]);
  });
});
