import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config';
import { openDatabase } from '../../src/database/database';
import { InMemoryVenueRepository } from '../../src/modules/venues/infrastructure/in-memory/in-memory-venue.repository';
import { TypeOrmVenueRepository } from '../../src/modules/venues/infrastructure/typeorm/typeorm-venue.repository';
import { freshTestDatabase } from '../e2e/support/test-database';
import { describeVenueRepositoryContract, VenueRepositoryFixture } from './venue-repository.contract';
import { replaceLinks } from '../../src/modules/events/infrastructure/typeorm/event-link-tables';

async function sqlFixture(env: Record<string, string>): Promise<VenueRepositoryFixture> {
  const config = loadConfig({ AUTH_JWT_SECRET: 'contract-secret-contract-secret-32', ...env });
  const dataSource: DataSource = await openDatabase(config.db, 5_000);
  const d = '2026-01-01 00:00:00';
  return {
    repo: new TypeOrmVenueRepository(dataSource),
    seedEvent: async (e) => {
      await dataSource.query(
        `INSERT INTO events (id, author_id, status, slug, title, description, excerpt, search_key, date_local, date_utc,
          modified_utc, start_local, end_local, start_utc, end_utc, timezone, hide_from_listings)
          VALUES (?, ?, ?, ?, 't', '', '', '', ?, ?, ?, ?, ?, ?, ?, 'UTC', ?)`,
        [e.id, e.authorId ?? 1, e.status, `e-${e.id}`, d, d, d, e.startUtc, e.startUtc, e.startUtc, e.startUtc, e.hidden ? 1 : 0],
      );
      await replaceLinks(dataSource.manager, 'venue', e.id, e.venueIds);
    },
    linkedVenueIds: async (eventId) =>
      ((await dataSource.query('SELECT venue_id FROM event_venues WHERE event_id = ? ORDER BY position', [eventId])) as Array<{ venue_id: number | string }>).map(
        (r) => Number(r.venue_id),
      ),
    close: () => dataSource.destroy(),
  };
}

describeVenueRepositoryContract('in-memory', async () => {
  const repo = new InMemoryVenueRepository();
  return {
    repo,
    seedEvent: async (e) => {
      repo.events.set(e.id, { status: e.status, startUtc: e.startUtc, hidden: !!e.hidden, authorId: e.authorId ?? 1 });
      repo.links.set(e.id, [...e.venueIds]);
    },
    linkedVenueIds: async (eventId) => repo.links.get(eventId) ?? [],
    close: async () => undefined,
  };
});

describeVenueRepositoryContract('sqlite', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venues-contract-'));
  return sqlFixture({ DB_TYPE: 'sqlite', DB_SQLITE_PATH: path.join(dir, 'db.sqlite') });
});

if (process.env.TEST_MYSQL_URL) {
  describeVenueRepositoryContract('mysql', async () => sqlFixture((await freshTestDatabase()).env));
}
