import type { DataSource } from 'typeorm';
import { FixedClock } from '../../../src/shared/domain/clock';
import type { SeedEvent, SeedSizes } from '../../../src/tools/seed/dataset';
import { seedDatabase, SeedSummary } from '../../../src/tools/seed/seeder';
import { startTestApp, TestApp } from './test-app';

/** The anchor day of seeded test data; the app's clock stands at noon UTC of it. */
export const SEED_ANCHOR = '2026-11-22';

export interface SeededApp {
  t: TestApp;
  clock: FixedClock;
  summary: SeedSummary;
  events: SeedEvent[];
}

/** The real app on a fresh database filled by the seeder (`npm run seed`'s code). */
export async function startSeededApp(sizes: Partial<SeedSizes> & { events: number }, env: Record<string, string> = {}): Promise<SeededApp> {
  const clock = new FixedClock(new Date(`${SEED_ANCHOR}T12:00:00Z`));
  // These tests measure the database path (queries, plans): the read cache would answer repeated reads from memory.
  const t = await startTestApp({ READ_CACHE_TTL_MS: '0', ...env }, clock);
  const events: SeedEvent[] = [];
  const summary = await seedDatabase(
    t.dataSource,
    { venues: 20, organizers: 20, categories: 12, tags: 15, seed: 1, anchor: SEED_ANCHOR, ...sizes },
    { siteZone: t.config.calendarTimezone, onEvents: (batch) => events.push(...batch) },
  );
  return { t, clock, summary, events };
}

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** Every SQL statement the app sends while `work` runs, as TypeORM's logger is told of it. */
export async function captureQueries(dataSource: DataSource, work: () => Promise<unknown>): Promise<CapturedQuery[]> {
  // Every statement is logged to the data source's logger: those run by TypeORM's query runners and the hot reads'
  // own (`readRows`).
  const logger = dataSource.logger;
  const captured: CapturedQuery[] = [];
  const original = logger.logQuery;
  logger.logQuery = function (this: unknown, sql: string, params?: unknown[], ...rest: unknown[]) {
    captured.push({ sql, params: params ?? [] });
    return original.call(this, sql, params, ...(rest as []));
  };
  try {
    await work();
  } finally {
    logger.logQuery = original;
  }
  return captured;
}
