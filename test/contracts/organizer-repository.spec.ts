import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config';
import { openDatabase } from '../../src/database/database';
import { InMemoryOrganizerRepository } from '../../src/modules/organizers/infrastructure/in-memory/in-memory-organizer.repository';
import { TypeOrmOrganizerRepository } from '../../src/modules/organizers/infrastructure/typeorm/typeorm-organizer.repository';
import { freshTestDatabase } from '../e2e/support/test-database';
import { describeOrganizerRepositoryContract, OrganizerRepositoryFixture } from './organizer-repository.contract';
import { replaceLinks } from '../../src/modules/events/infrastructure/typeorm/event-link-tables';

async function sqlFixture(env: Record<string, string>): Promise<OrganizerRepositoryFixture> {
  const config = loadConfig({ AUTH_JWT_SECRET: 'contract-secret-contract-secret-32', ...env });
  const dataSource: DataSource = await openDatabase(config.db, 5_000);
  const d = '2026-01-01 00:00:00';
  return {
    repo: new TypeOrmOrganizerRepository(dataSource),
    seedEvent: async (e) => {
      await dataSource.query(
        `INSERT INTO events (id, author_id, status, slug, title, description, excerpt, search_key, date_local, date_utc,
          modified_utc, start_local, end_local, start_utc, end_utc, timezone, hide_from_listings)
          VALUES (?, ?, ?, ?, 't', '', '', '', ?, ?, ?, ?, ?, ?, ?, 'UTC', ?)`,
        [e.id, e.authorId ?? 1, e.status, `e-${e.id}`, d, d, d, e.startUtc, e.startUtc, e.startUtc, e.startUtc, e.hidden ? 1 : 0],
      );
      await replaceLinks(dataSource.manager, 'organizer', e.id, e.organizerIds);
    },
    linkedOrganizerIds: async (eventId) =>
      ((await dataSource.query('SELECT organizer_id FROM event_organizers WHERE event_id = ? ORDER BY position', [eventId])) as Array<{ organizer_id: number | string }>).map(
        (r) => Number(r.organizer_id),
      ),
    close: () => dataSource.destroy(),
  };
}

describeOrganizerRepositoryContract('in-memory', async () => {
  const repo = new InMemoryOrganizerRepository();
  return {
    repo,
    seedEvent: async (e) => {
      repo.events.set(e.id, { status: e.status, startUtc: e.startUtc, hidden: !!e.hidden, authorId: e.authorId ?? 1 });
      repo.links.set(e.id, [...e.organizerIds]);
    },
    linkedOrganizerIds: async (eventId) => repo.links.get(eventId) ?? [],
    close: async () => undefined,
  };
});

describeOrganizerRepositoryContract('sqlite', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'organizers-contract-'));
  return sqlFixture({ DB_TYPE: 'sqlite', DB_SQLITE_PATH: path.join(dir, 'db.sqlite') });
});

if (process.env.TEST_MYSQL_URL) {
  describeOrganizerRepositoryContract('mysql', async () => sqlFixture((await freshTestDatabase()).env));
}
