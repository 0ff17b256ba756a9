import { ConfigError, loadConfig } from '../config/app-config';
import { openDatabase } from './database';
import { primaryOnly } from './typeorm-options';

/**
 * `npm run migration:run` / the compose `migrate` step: opens the configured database, applies pending migrations, exits.
 * Only the primary is opened: replicas get the schema by replication.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const dataSource = await openDatabase(primaryOnly(config.db), undefined, undefined, { entities: [] }); // migrations only
  await dataSource.destroy();
  process.stdout.write('migrations applied\n');
}

main().catch((error) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : `migration error: ${(error as Error).message}`}\n`);
  process.exit(1);
});
