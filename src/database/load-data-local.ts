import { Readable } from 'node:stream';
import type { QueryRunner } from 'typeorm';

/**
 * MySQL bulk loads with `LOAD DATA LOCAL INFILE`: the server parses tab-separated text instead of SQL, and the client
 * skips formatting a placeholder per value: less than half the time of multi-row INSERTs for the seeder's and the
 * search index migration's tens of millions of rows. Only when the server accepts local files (`local_infile`, off by
 * default on MySQL 8): `acceptsLocalFiles` says so, and callers INSERT otherwise. The server turns bad values into
 * warnings here (it cannot stop the client's stream), so only rows already checked by the service belong in it.
 */

/** The raw mysql2 connection of a TypeORM MySQL query runner (callback API), which takes a per-query stream factory. */
interface RawConnection {
  query(options: { sql: string; infileStreamFactory: () => NodeJS.ReadableStream }, callback: (error: Error | null) => void): void;
}

export async function acceptsLocalFiles(runner: QueryRunner): Promise<boolean> {
  if (runner.connection.options.type !== 'mysql') return false;
  const [row] = (await runner.query('SELECT @@GLOBAL.local_infile AS enabled')) as Array<{ enabled: unknown }>;
  return Number(row?.enabled) === 1;
}

/** One field as LOAD DATA reads it by default (`\N` is NULL; backslash, tab and newline escaped). */
function field(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value).replace(/[\\\t\n]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : '\\n'));
}

/** Appends rows to a table through the runner's connection (inside its transaction, if one is open). */
export async function loadDataLocal(runner: QueryRunner, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  await runner.connect();
  const connection = (runner as QueryRunner & { databaseConnection: RawConnection }).databaseConnection;
  const text = Buffer.from(rows.map((r) => r.map(field).join('\t')).join('\n'), 'utf8');
  const sql = `LOAD DATA LOCAL INFILE 'rows' INTO TABLE ${table} CHARACTER SET utf8mb4 (${columns.join(', ')})`;
  await new Promise<void>((resolve, reject) =>
    connection.query({ sql, infileStreamFactory: () => Readable.from([text]) }, (error) => (error ? reject(error) : resolve())),
  );
}
