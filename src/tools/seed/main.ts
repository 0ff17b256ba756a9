import 'reflect-metadata';
import { ConfigError, loadConfig } from '../../config/app-config';
import { openCalendarDatabase } from '../../calendar-database';
import { describeDatabase, primaryOnly } from '../../database/typeorm-options';
import { progressReporter } from './progress';
import { parseSeedArgs, SeedUsageError } from './seed-options';
import { seedDatabase } from './seeder';

/** `npm run seed -- --events N […]`: fills the configured database (DB_TYPE, DB_SQLITE_PATH / DATABASE_URL) with a data set. */
async function main(): Promise<void> {
  const sizes = parseSeedArgs(process.argv.slice(2), new Date());
  const config = loadConfig(process.env);
  // The seeder continues ids and slugs from what it reads: from the primary, never from a replica that lags.
  const db = primaryOnly(config.db);
  const dataSource = await openCalendarDatabase(db, 5_000);
  const started = Date.now();
  process.stderr.write(
    `seeding ${describeDatabase(db)}: ${sizes.events} events, ${sizes.venues} venues, ${sizes.organizers} organizers, ` +
      `${sizes.categories} categories, ${sizes.tags} tags (seed ${sizes.seed}, anchor ${sizes.anchor})\n`,
  );
  const progress = progressReporter(sizes.events);
  try {
    const summary = await seedDatabase(dataSource, sizes, {
      siteZone: config.calendarTimezone,
      onProgress: (n) => progress.update(n),
      onPhase: (message) => {
        progress.stop();
        process.stderr.write(`${message} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
      },
    });
    progress.stop();
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `seeded ${summary.events} events (ids ${summary.firstEventId}…${summary.firstEventId + summary.events - 1}), ` +
        `${summary.venues.length} venues, ${summary.organizers.length} organizers, ${summary.terms.length} terms, ` +
        `${summary.links.venues + summary.links.organizers + summary.links.terms} links in ${seconds.toFixed(1)} s\n`,
    );
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error) => {
  const known = error instanceof ConfigError || error instanceof SeedUsageError;
  process.stderr.write(`${known ? `seed: ${error.message}` : `seed error: ${error instanceof Error ? error.stack : String(error)}`}\n`);
  process.exit(known ? 2 : 1);
});
