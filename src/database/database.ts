import { Logger } from '@nestjs/common';
import { MigrationExecutor } from 'typeorm';
import type { DataSource } from 'typeorm';
import type { DbConfig } from '../config/app-config';
import { logServerRotation } from './mysql-pools';
import { ReadRoutingDataSource } from './read-routing-data-source';
import { describeDatabase, typeOrmOptions } from './typeorm-options';

export class DatabaseUnavailableError extends Error {}

interface OpenDatabaseOptions {
  /** The TypeORM entities of every module (the composition root's list, `calendar-database.ts`). */
  entities: Function[];
  /**
   * Run pending migrations once connected (default). `false` in the workers of a WORKERS cluster: the primary applied
   * them before forking, and a worker (or a restarted one) must never change the schema under its serving peers.
   */
  migrate?: boolean;
}

/**
 * Opens the configured database, retrying for `retryForMs` (CONTRACT §2.4: 30 s), then runs pending migrations. With
 * read replicas only the primary must answer here (replica pools connect on first use) and the migrations run on the
 * primary alone (TypeORM runs them on a primary connection); replicas get the schema by replication.
 */
export async function openDatabase(
  db: DbConfig,
  retryForMs = 30_000,
  logger = new Logger('Database'),
  { entities, migrate = true }: OpenDatabaseOptions,
): Promise<DataSource> {
  const deadline = Date.now() + retryForMs;
  let attempt = 0;
  for (;;) {
    attempt += 1;
    const dataSource = new ReadRoutingDataSource(typeOrmOptions(db, entities));
    let migrating = false;
    try {
      await dataSource.initialize();
      migrating = true;
      if (migrate) await runMigrationsAlone(dataSource, db);
      logServerRotation(dataSource, db, logger);
      return dataSource;
    } catch (error) {
      if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      if (Date.now() >= deadline) {
        throw new DatabaseUnavailableError(`cannot ${migrating ? 'migrate' : 'reach'} ${describeDatabase(db)}: ${reason}`);
      }
      logger.warn(`${describeDatabase(db)} ${migrating ? 'could not be migrated' : 'not reachable'} (attempt ${attempt}): ${reason}; retrying`);
      await new Promise((r) => setTimeout(r, Math.min(2000, Math.max(0, deadline - Date.now()))));
    }
  }
}

/** How long an instance waits for another one's migrations (a large table's backfill takes minutes). */
const MIGRATION_LOCK_WAIT_S = 600;

/**
 * Pending migrations, run by one instance at a time. On MySQL several instances starting together on one database
 * each found the same migrations pending and ran them at once: the losers failed on half-created tables (a black-box
 * probe, 2026-11-27), and a migration that moves data could have run twice. A named lock (GET_LOCK, held by one
 * connection until released or closed) serializes them; the next instance then finds nothing pending. SQLite takes no
 * such lock: a WORKERS cluster migrates in its primary alone, before forking.
 */
async function runMigrationsAlone(dataSource: DataSource, db: DbConfig): Promise<void> {
  if (db.type !== 'mysql') {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const holder = dataSource.createQueryRunner('master');
  try {
    const lock = `calendar_migrations:${db.database}`.slice(0, 64);
    const [row] = (await holder.query('SELECT GET_LOCK(?, ?) AS taken', [lock, MIGRATION_LOCK_WAIT_S])) as Array<{ taken: unknown }>;
    if (Number(row?.taken) !== 1) throw new Error(`another instance kept the migration lock for ${MIGRATION_LOCK_WAIT_S} s`);
    try {
      // On the lock's own connection: with DB_POOL_SIZE=1 another one would never come (the pool's only connection
      // holds the lock), and startup hung for ever (a probe, 2026-11-27). The migrations use only their query runner.
      const migrations = new MigrationExecutor(dataSource, holder);
      migrations.transaction = 'each';
      await migrations.executePendingMigrations();
    } finally {
      await holder.query('SELECT RELEASE_LOCK(?)', [lock]).catch(() => undefined);
    }
  } finally {
    await holder.release();
  }
}
