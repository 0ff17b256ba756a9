import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DbConfig } from '../config/app-config';
import { ALL_ENTITIES } from './entities';
import { describeDatabase, typeOrmOptions } from './typeorm-options';

export class DatabaseUnavailableError extends Error {}

/**
 * Opens the configured database, retrying for `retryForMs` (CONTRACT §2.4: 30 s), then runs pending migrations.
 */
export async function openDatabase(db: DbConfig, retryForMs = 30_000, logger = new Logger('Database')): Promise<DataSource> {
  const deadline = Date.now() + retryForMs;
  let attempt = 0;
  for (;;) {
    attempt += 1;
    const dataSource = new DataSource(typeOrmOptions(db, ALL_ENTITIES));
    try {
      await dataSource.initialize();
      await dataSource.runMigrations({ transaction: 'each' });
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
