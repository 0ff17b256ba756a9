import type { DataSource } from 'typeorm';

/** One secondary index as the database reports it (never a second copy of the migrations' definitions). */
interface IndexDefinition {
  name: string;
  unique: boolean;
  /** Column names in index order, with their prefix length when the index has one. */
  parts: Array<{ column: string; prefix: number | null }>;
}

async function secondaryIndexes(ds: DataSource, table: string): Promise<IndexDefinition[]> {
  const rows = (await ds.query(
    `SELECT INDEX_NAME AS name, NON_UNIQUE AS non_unique, COLUMN_NAME AS col, SUB_PART AS prefix
       FROM information_schema.STATISTICS
      WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND INDEX_NAME <> 'PRIMARY'
      ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
    [table],
  )) as Array<{ name: string; non_unique: unknown; col: string; prefix: unknown }>;
  const byName = new Map<string, IndexDefinition>();
  for (const r of rows) {
    const index = byName.get(r.name) ?? { name: r.name, unique: Number(r.non_unique) === 0, parts: [] };
    index.parts.push({ column: r.col, prefix: r.prefix === null ? null : Number(r.prefix) });
    byName.set(r.name, index);
  }
  return [...byName.values()];
}

const isEmpty = async (ds: DataSource, table: string) =>
  ((await ds.query(`SELECT 1 AS x FROM ${ds.driver.escape(table)} LIMIT 1`)) as unknown[]).length === 0;

/**
 * MySQL bulk load of empty tables: their secondary indexes (as the schema has them after the migrations) are dropped
 * before `load` and re-created afterwards with one `ALTER TABLE` per table, which InnoDB builds by sorting instead of
 * inserting every key at a random place (the slug and date indexes outgrow a small buffer pool at 1M events). Tables
 * that already hold rows, and SQLite, are loaded with their indexes in place.
 */
export async function withIndexesBuiltAfterLoad<T>(
  ds: DataSource,
  tables: string[],
  load: () => Promise<T>,
  onPhase: (message: string) => void = () => undefined,
): Promise<T> {
  if (ds.options.type !== 'mysql') return load();
  const dropped = new Map<string, IndexDefinition[]>();
  for (const table of tables) {
    if (!(await isEmpty(ds, table))) continue;
    const indexes = await secondaryIndexes(ds, table);
    if (indexes.length === 0) continue;
    await ds.query(`ALTER TABLE ${ds.driver.escape(table)} ${indexes.map((i) => `DROP INDEX ${ds.driver.escape(i.name)}`).join(', ')}`);
    dropped.set(table, indexes);
  }
  try {
    return await load();
  } finally {
    for (const [table, indexes] of dropped) {
      onPhase(`building ${indexes.length} indexes of ${table}`);
      const add = indexes.map(
        (i) =>
          `ADD ${i.unique ? 'UNIQUE ' : ''}INDEX ${ds.driver.escape(i.name)} ` +
          `(${i.parts.map((p) => `${ds.driver.escape(p.column)}${p.prefix === null ? '' : `(${p.prefix})`}`).join(', ')})`,
      );
      await ds.query(`ALTER TABLE ${ds.driver.escape(table)} ${add.join(', ')}`);
    }
  }
}
