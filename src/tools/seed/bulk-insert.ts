import type { DataSource, EntityTarget, QueryRunner } from 'typeorm';

/** SQLite binds at most 32,766 parameters per statement; MySQL packets stay small at 1,000 rows. */
const MAX_PARAMS = 30_000;
const MAX_ROWS = 1_000;

/** A row value as the drivers bind it: booleans as 1/0 (better-sqlite3 cannot bind booleans), undefined as NULL. */
const bindable = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v === undefined ? null : v);

/**
 * Multi-row INSERTs into one table. Column names come from the TypeORM entity metadata (the names the repositories read
 * and write), so the seeder writes exactly the service's schema; link tables without an entity name their columns.
 */
export class BulkInsert<T> {
  private readonly pending: unknown[][] = [];
  private readonly rowsPerStatement: number;
  private readonly head: string;

  private constructor(
    private readonly runner: QueryRunner,
    table: string,
    private readonly columns: Array<{ column: string; read: (row: T) => unknown }>,
  ) {
    const escape = (name: string) => runner.connection.driver.escape(name);
    this.rowsPerStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns.length)));
    this.head = `INSERT INTO ${escape(table)} (${columns.map((c) => escape(c.column)).join(', ')}) VALUES `;
  }

  /** Rows of an entity: every mapped column, keyed by property name. */
  static forEntity<T extends object>(runner: QueryRunner, dataSource: DataSource, entity: EntityTarget<T>): BulkInsert<T> {
    const meta = dataSource.getMetadata(entity);
    const columns = meta.columns.map((c) => ({ column: c.databaseName, read: (row: T) => (row as Record<string, unknown>)[c.propertyName] }));
    return new BulkInsert<T>(runner, meta.tableName, columns);
  }

  /** Rows given as plain objects keyed by column name (link tables). */
  static forColumns<T extends Record<string, unknown>>(runner: QueryRunner, table: string, columns: string[]): BulkInsert<T> {
    return new BulkInsert<T>(runner, table, columns.map((column) => ({ column, read: (row: T) => row[column] })));
  }

  async add(row: T): Promise<void> {
    this.pending.push(this.columns.map((c) => bindable(c.read(row))));
    if (this.pending.length >= this.rowsPerStatement) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const rows = this.pending.splice(0, this.pending.length);
    const tuple = `(${this.columns.map(() => '?').join(', ')})`;
    const sql = this.head + rows.map(() => tuple).join(', ');
    await this.runner.query(sql, rows.flat());
  }
}
