import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config';
import { openCalendarDatabase } from '../../src/calendar-database';
import { freshTestDatabase } from '../e2e/support/test-database';

/**
 * Several instances starting together on one empty MySQL/MariaDB database each found every migration pending and ran
 * them at once: the losers failed on each other's half-made tables and retried (a black-box probe, 2026-11-27), and a
 * migration that moves data could have run twice. They now take turns on a named lock. MySQL tier only.
 */
describe('instances starting together on one MySQL database', () => {
  it('migrate it once, one after another: no instance fails or retries, and every migration is recorded once', async () => {
    const database = await freshTestDatabase();
    const db = loadConfig({ AUTH_JWT_SECRET: 'concurrent-migrations-secret-0123456789', ...database.env }).db;
    const warnings: string[] = [];
    const logger = { warn: (m: string) => warnings.push(m), log: () => undefined, error: (m: string) => warnings.push(m) } as unknown as Logger;
    const opened: DataSource[] = [];
    try {
      const instances = await Promise.all([1, 2, 3, 4].map(() => openCalendarDatabase(db, 60_000, logger)));
      opened.push(...instances);
      expect(warnings).toEqual([]);
      const runs = (await instances[0].query('SELECT name, COUNT(*) AS n FROM migrations GROUP BY name HAVING COUNT(*) <> 1')) as unknown[];
      expect(runs).toEqual([]);
      const [{ n }] = (await instances[0].query('SELECT COUNT(*) AS n FROM migrations')) as Array<{ n: unknown }>;
      expect(Number(n)).toBe(instances[0].migrations.length);
    } finally {
      await Promise.all(opened.map((d) => d.destroy()));
      await database.drop();
    }
  });

  it('migrate with DB_POOL_SIZE=1: the migrations run on the connection that holds the lock (startup hung for ever)', async () => {
    const database = await freshTestDatabase();
    const db = loadConfig({ AUTH_JWT_SECRET: 'concurrent-migrations-secret-0123456789', DB_POOL_SIZE: '1', ...database.env }).db;
    const opened: DataSource[] = [];
    try {
      const instances = await Promise.all([1, 2].map(() => openCalendarDatabase(db, 30_000)));
      opened.push(...instances);
      const [{ n }] = (await instances[1].query('SELECT COUNT(*) AS n FROM migrations')) as Array<{ n: unknown }>;
      expect(Number(n)).toBe(instances[1].migrations.length);
      expect(await instances[0].query('SELECT COUNT(*) AS n FROM events')).toEqual([{ n: expect.anything() }]);
    } finally {
      await Promise.all(opened.map((d) => d.destroy()));
      await database.drop();
    }
  }, 60_000);
});
