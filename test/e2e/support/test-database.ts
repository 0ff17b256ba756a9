import * as os from 'node:os';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { createConnection } from 'mysql2/promise';

/**
 * The database behind an e2e or contract test: a fresh SQLite file by default, or, when TEST_MYSQL_URL is set, a fresh
 * MySQL database per Jest worker (its name must contain "test", so a production database can never be wiped).
 */
export interface TestDatabaseEnv {
  env: Record<string, string>;
  label: 'sqlite' | 'mysql';
  /** Removes the database (MySQL) or its file (SQLite) once the test is done with it. */
  drop: () => Promise<void>;
}

let counter = 0;

export async function freshTestDatabase(): Promise<TestDatabaseEnv> {
  const mysqlUrl = process.env.TEST_MYSQL_URL;
  if (!mysqlUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-test-'));
    const drop = async () => fs.rmSync(dir, { recursive: true, force: true });
    return { env: { DB_TYPE: 'sqlite', DB_SQLITE_PATH: path.join(dir, `db-${process.pid}-${counter++}.sqlite`) }, label: 'sqlite', drop };
  }
  const url = new URL(mysqlUrl);
  const base = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/test/i.test(base)) throw new Error(`TEST_MYSQL_URL must name a database containing "test", got "${base}"`);
  // The process id keeps two test runs on one server (a developer's and CI's) from dropping each other's databases.
  const name = `${base}_p${process.pid}_w${process.env.JEST_WORKER_ID ?? '0'}_${counter++}`;
  const connection = await createConnection({
    host: url.hostname,
    port: url.port ? Number(url.port) : 3306,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  });
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await connection.end();
  }
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = await createConnection({ host: url.hostname, port: url.port ? Number(url.port) : 3306, user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) });
    await c.query(`DROP DATABASE IF EXISTS \`${name}\``).finally(() => c.end());
  };
  return { env: { DB_TYPE: 'mysql', DATABASE_URL: url.toString() }, label: 'mysql', drop };
}
