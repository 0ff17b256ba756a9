import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config';
import { openCalendarDatabase } from '../../src/calendar-database';
import { TypeOrmTermRepository } from '../../src/modules/terms/infrastructure/typeorm/typeorm-term.repository';
import { InMemoryTermRepository } from '../../src/modules/terms/infrastructure/in-memory/in-memory-term.repository';
import { freshTestDatabase } from '../e2e/support/test-database';
import { describeTermRepositoryContract, TermRepositoryFixture } from './term-repository.contract';
import { replaceLinks } from '../../src/modules/events/infrastructure/typeorm/event-link-tables';

async function sqlFixture(env: Record<string, string>): Promise<TermRepositoryFixture> {
  const config = loadConfig({ AUTH_JWT_SECRET: 'contract-secret-contract-secret-32', ...env });
  const dataSource: DataSource = await openCalendarDatabase(config.db, 5_000);
  const d = '2026-01-01 00:00:00';
  return {
    repo: new TypeOrmTermRepository(dataSource),
    linkEvent: async (eventId, status, termIds) => {
      await dataSource.query(
        `INSERT INTO events (id, author_id, status, slug, title, description, excerpt, search_key, date_local, date_utc,
          modified_utc, start_local, end_local, start_utc, end_utc, timezone) VALUES (?, 1, ?, ?, 't', '', '', '', ?, ?, ?, ?, ?, ?, ?, 'UTC')`,
        [eventId, status, `e-${eventId}`, d, d, d, d, d, d, d],
      );
      await replaceLinks(dataSource.manager, 'term', eventId, termIds); // the service's link writer (keeps term counts)
    },
    close: () => dataSource.destroy(),
  };
}

describeTermRepositoryContract('in-memory', async () => {
  const repo = new InMemoryTermRepository();
  return { repo, linkEvent: async (id, status, termIds) => repo.linkEvent(id, status, termIds), close: async () => undefined };
});

describeTermRepositoryContract('sqlite', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'terms-contract-'));
  return sqlFixture({ DB_TYPE: 'sqlite', DB_SQLITE_PATH: path.join(dir, 'db.sqlite') });
});

if (process.env.TEST_MYSQL_URL) {
  describeTermRepositoryContract('mysql', async () => sqlFixture((await freshTestDatabase()).env));
}
