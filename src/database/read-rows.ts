import { EntityManager, QueryFailedError } from 'typeorm';

/** The parts of better-sqlite3's connection and statements used here (the package ships no types). */
interface Statement {
  raw(on: boolean): Statement;
  columns(): Array<{ name: string }>;
  all(...params: unknown[]): unknown[];
}
interface Database {
  prepare(sql: string): Statement;
}

/** A prepared statement in raw mode (rows as arrays) and the function that makes a row object of one array. */
interface RawStatement {
  statement: Statement;
  toRow: (values: unknown[]) => Record<string, unknown>;
}

/** Statements of the hot reads by SQL text, per SQLite connection; the oldest go first beyond the limit. */
const statements = new WeakMap<Database, Map<string, RawStatement>>();
const KEPT_STATEMENTS = 256;

/**
 * The rows of a read, as `EntityManager.query` gives them, for the hot read paths (issue 18). On SQLite, better-sqlite3
 * builds each row object column by column in C++ (~0.5 µs a column: 25 µs for one venue row of 34 columns); read as
 * arrays (`raw`) and made objects here by a function compiled for the statement's columns, the same rows cost about
 * half. Same connection, so same transaction: TypeORM's better-sqlite3 driver has one connection, which a unit of work's
 * transaction runs on too. MySQL's rows come from mysql2's own compiled parsers: through TypeORM as before.
 */
export async function readRows<Row>(m: EntityManager, sql: string, params: unknown[]): Promise<Row[]> {
  if (m.connection.options.type !== 'better-sqlite3') return (await m.query(sql, params)) as Row[];
  // Logged and reported as TypeORM's runner does (its logger is where statements are counted and logged).
  m.connection.logger.logQuery(sql, params, m.queryRunner);
  try {
    const raw = rawStatement((m.connection.driver as unknown as { databaseConnection: Database }).databaseConnection, sql);
    return raw.statement.all(...params).map((values) => raw.toRow(values as unknown[])) as Row[];
  } catch (error) {
    m.connection.logger.logQueryError(error as Error, sql, params, m.queryRunner);
    throw new QueryFailedError(sql, params, error as Error);
  }
}

function rawStatement(db: Database, sql: string): RawStatement {
  let bySql = statements.get(db);
  if (!bySql) statements.set(db, (bySql = new Map()));
  let raw = bySql.get(sql);
  if (raw === undefined) {
    const statement = db.prepare(sql).raw(true);
    raw = { statement, toRow: rowMaker(statement.columns().map((c) => c.name)) };
    bySql.set(sql, raw);
    if (bySql.size > KEPT_STATEMENTS) bySql.delete(bySql.keys().next().value as string);
  }
  return raw;
}

/**
 * `values => ({ name0: values[0], … })` for these column names: an object literal gives every row one shape from the
 * start (properties set one by one by name would go through a generic store each). A repeated name keeps its first
 * place and its last value, as better-sqlite3's own row objects do. The names are the statement's own columns, quoted
 * as JSON strings: no text from outside reaches the function.
 */
function rowMaker(names: string[]): (values: unknown[]) => Record<string, unknown> {
  const properties = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
  return new Function('values', `return { ${properties} };`) as (values: unknown[]) => Record<string, unknown>;
}
