import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { DbConfig } from '../config/app-config';
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
        conn.pragma('busy_timeout = 5000');
        conn.pragma('foreign_keys = ON');
        conn.pragma('synchronous = NORMAL');
      },
    };
  }
  return {
    ...common,
    type: 'mysql',
    host: db.host,
    port: db.port,
    username: db.user,
    password: db.password,
    database: db.database,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    poolSize: db.poolSize,
    supportBigNumbers: true,
    bigNumberStrings: false,
    extra: { connectionLimit: db.poolSize, waitForConnections: true },
  };
}

/** A short name of the database for messages: never the password. */
export function describeDatabase(db: DbConfig): string {
  return db.type === 'sqlite' ? `SQLite database ${db.sqlitePath}` : `MySQL database ${db.database} at ${db.host}:${db.port}`;
}
