import { QueryRunner, TableColumnOptions } from 'typeorm';

/**
 * Driver-neutral column helpers for migrations. Dates are `YYYY-MM-DD HH:MM:SS` strings (they sort and compare the same
 * way on every database); folded comparison keys use a binary collation on MySQL so ordering matches SQLite.
 */
export const isMysql = (q: QueryRunner) => q.connection.options.type === 'mysql';

export const idColumn = (name = 'id'): TableColumnOptions => ({ name, type: 'bigint', isPrimary: true });

export const autoIdColumn = (name = 'id'): TableColumnOptions => ({
  name,
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
});

export const wallClockColumn = (name: string, nullable = false): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: '19',
  isNullable: nullable,
});

export const textColumn = (name: string, nullable = false): TableColumnOptions => ({
  name,
  type: 'text',
  isNullable: nullable,
});

export const stringColumn = (name: string, length: number, nullable = false, dflt?: string): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable: nullable,
  ...(dflt !== undefined ? { default: `'${dflt}'` } : {}),
});

/**
 * A folded (lower-case, accent-free) comparison key: binary collation on MySQL. `utf8mb4_bin` is PAD SPACE (`=` ignores
 * trailing spaces, SQLite does not): migration 1764000022000 gives every binary column the server's NO PAD binary
 * collation, and the MySQL tier's schema test fails on any binary column created later without it.
 */
export const keyColumn = (q: QueryRunner, name: string, length = 255, nullable = false): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable: nullable,
  ...(isMysql(q) ? { collation: 'utf8mb4_bin', charset: 'utf8mb4' } : {}),
});

/** A folded long text (searched with LIKE). */
export const keyTextColumn = (q: QueryRunner, name: string): TableColumnOptions => ({
  name,
  type: isMysql(q) ? 'mediumtext' : 'text',
  isNullable: false,
  ...(isMysql(q) ? { collation: 'utf8mb4_bin', charset: 'utf8mb4' } : {}),
});

export const boolColumn = (name: string, dflt: boolean): TableColumnOptions => ({
  name,
  type: 'boolean',
  default: dflt ? 1 : 0,
});

export const intColumn = (name: string, nullable = false, dflt?: number): TableColumnOptions => ({
  name,
  type: 'bigint',
  isNullable: nullable,
  ...(dflt !== undefined ? { default: dflt } : {}),
});

export const doubleColumn = (name: string): TableColumnOptions => ({
  name,
  type: 'double',
  isNullable: true,
});
