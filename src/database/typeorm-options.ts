import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { DbConfig, MysqlEndpoint } from '../config/app-config';
import { MIGRATIONS } from './migrations';

/**
 * TypeORM options for the configured database, used by the app and by the migration command alike.
 * Entities are passed in explicitly by the caller (no globs). Schema changes only through migrations.
 */
export function typeOrmOptions(db: DbConfig, entities: Function[]): DataSourceOptions {
  const common = {
    entities,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    logging: false as const,
  };
  if (db.type === 'sqlite') {
    if (db.sqlitePath !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(db.sqlitePath)), { recursive: true });
    return {
      ...common,
      type: 'better-sqlite3',
      database: db.sqlitePath,
      enableWAL: db.sqlitePath !== ':memory:',
      prepareDatabase: (conn: { pragma: (s: string) => unknown }) => {
        conn.pragma(`busy_timeout = ${db.lockWaitSeconds * 1000}`);
        conn.pragma('foreign_keys = ON');
        conn.pragma('synchronous = NORMAL');
      },
    };
  }
  return {
    ...common,
    type: 'mysql',
    ...(db.replicas.length === 0 ? credentials(db) : { replication: replication(db, db.replicas) }),
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    // One pool of this size per server (mysql2 gives every server of a pool cluster the same options).
    poolSize: db.poolSize,
    supportBigNumbers: true,
    bigNumberStrings: false,
    extra: { connectionLimit: db.poolSize, waitForConnections: true },
  };
}

function credentials(server: MysqlEndpoint) {
  return { host: server.host, port: server.port, username: server.user, password: server.password, database: server.database };
}

/**
 * TypeORM's primary + replicas setup: a mysql2 pool cluster with the primary as "MASTER" and the replicas as "SLAVE0"…,
 * the replicas taken in turn (round robin). Where each statement goes is decided by ReadRoutingDataSource. A server that fails five connection attempts in a row
 * leaves the rotation for a second and is then tried again: mysql2's default (restoreNodeTimeout 0) would drop it for
 * good, so a primary that restarted would never be used again and /health/ready would never recover. No retry on
 * another server of the same kind (canRetry false): a read whose replica cannot connect is served by the primary.
 */
function replication(primary: MysqlEndpoint, replicas: MysqlEndpoint[]) {
  return {
    master: credentials(primary),
    slaves: replicas.map(credentials),
    canRetry: false,
    removeNodeErrorCount: 5,
    restoreNodeTimeout: 1000,
  };
}

/** The same database without its replicas: for migrations and tools, which must see and change the primary only. */
export function primaryOnly(db: DbConfig): DbConfig {
  return db.type === 'mysql' ? { ...db, replicas: [] } : db;
}

/** A short name of the database for messages: never the password. */
export function describeDatabase(db: DbConfig): string {
  if (db.type === 'sqlite') return `SQLite database ${db.sqlitePath}`;
  const replicas = db.replicas.length === 0 ? '' : ` (with ${db.replicas.length} read replica${db.replicas.length === 1 ? '' : 's'})`;
  return `MySQL database ${db.database} at ${db.host}:${db.port}${replicas}`;
}
