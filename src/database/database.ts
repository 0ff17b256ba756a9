import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { DbConfig } from '../config/app-config';
import { ALL_ENTITIES } from './entities';
import { logServerRotation } from './mysql-pools';
import { ReadRoutingDataSource } from './read-routing-data-source';
import { describeDatabase, typeOrmOptions } from './typeorm-options';

export class DatabaseUnavailableError extends Error {}

export interface OpenDatabaseOptions {
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
  { migrate = true }: OpenDatabaseOptions = {},
): Promise<DataSource> {
  const deadline = Date.now() + retryForMs;
  let attempt = 0;
  for (;;) {
    attempt += 1;
    const dataSource = new ReadRoutingDataSource(typeOrmOptions(db, ALL_ENTITIES));
    try {
      await dataSource.initialize();
      if (migrate) await dataSource.runMigrations({ transaction: 'each' });
      logServerRotation(dataSource, db, logger);
      return dataSource;
    } catch (error) {
      if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      if (Date.now() >= deadline) {
        throw new DatabaseUnavailableError(`cannot reach ${describeDatabase(db)}: ${reason}`);
      }
      logger.warn(`${describeDatabase(db)} not reachable (attempt ${attempt}): ${reason}; retrying`);
      await new Promise((r) => setTimeout(r, Math.min(2000, Math.max(0, deadline - Date.now()))));
    }
  }
}
