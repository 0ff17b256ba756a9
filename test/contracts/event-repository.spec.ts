import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config';
import { openCalendarDatabase } from '../../src/calendar-database';
import { InMemoryEventRepository } from '../../src/modules/events/infrastructure/in-memory/in-memory-event.repository';
import { TypeOrmEventRepository } from '../../src/modules/events/infrastructure/typeorm/typeorm-event.repository';
import { freshTestDatabase } from '../e2e/support/test-database';
import { describeEventRepositoryContract, EventRepositoryFixture } from './event-repository.contract';

async function sqlFixture(env: Record<string, string>): Promise<EventRepositoryFixture> {
  const config = loadConfig({ AUTH_JWT_SECRET: 'contract-secret-contract-secret-32', ...env });
  const dataSource: DataSource = await openCalendarDatabase(config.db, 5_000);
  const d = '2026-01-01 00:00:00';
  return {
    repo: new TypeOrmEventRepository(dataSource),
    seedVenue: async (id, lat, lng) => {
      const cols: Record<string, unknown> = {
        id, author_id: 1, status: 'publish', slug: `v-${id}`, date_local: d, date_utc: d, modified_utc: d, name: 'v', description: '',
        excerpt: '', address: '', city: '', country: '', province: '', state: '', zip: '', phone: '', website: '', stateprovince: '',
        show_map: 1, show_map_link: 1, geo_lat: lat, geo_lng: lng, name_key: 'v', description_key: '', address_key: '', city_key: '',
        province_key: '', state_key: '', stateprovince_key: '', zip_key: '', phone_key: '',
      };
      const names = Object.keys(cols);
      await dataSource.query(
        `INSERT INTO venues (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
        names.map((n) => cols[n]),
      );
    },
    seedLinkTargets: async (links) => {
      await insertBareRows(dataSource, 'venues', links.venueIds ?? []);
      await insertBareRows(dataSource, 'organizers', links.organizerIds ?? []);
      await insertBareRows(dataSource, 'terms', links.termIds ?? []);
    },
    close: () => dataSource.destroy(),
  };
}

/** Rows with these ids and empty values (only their existence matters to links), skipping those already stored. */
async function insertBareRows(dataSource: DataSource, table: string, ids: number[]): Promise<void> {
  const meta = dataSource.entityMetadatas.find((m) => m.tableName === table);
  if (!meta) throw new Error(`no entity for ${table}`);
  for (const id of ids) {
    if ((await dataSource.query(`SELECT 1 FROM ${table} WHERE id = ?`, [id])).length > 0) continue;
    const values = meta.columns.map((c) => {
      const name = c.databaseName;
      if (name === 'id') return id;
      if (name === 'taxonomy') return 'category';
      if (name === 'slug' || name === 'slug_key') return `${table}-${id}`;
      if (c.isNullable) return null;
      const type = String(typeof c.type === 'function' ? c.type.name : c.type).toLowerCase();
      return /int|bool|double|float|number|decimal/.test(type) ? 0 : name.endsWith('_utc') || name.endsWith('_local') ? '2026-01-01 00:00:00' : '';
    });
    const names = meta.columns.map((c) => c.databaseName);
    await dataSource.query(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`, values);
  }
}

describeEventRepositoryContract('in-memory', async () => {
  const repo = new InMemoryEventRepository();
  return {
    repo,
    seedVenue: async (id, lat, lng) => {
      if (lat !== null && lng !== null) repo.venueCoords.set(id, { lat, lng });
    },
    seedLinkTargets: async () => undefined,
    close: async () => undefined,
  };
});

describeEventRepositoryContract('sqlite', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'events-contract-'));
  return sqlFixture({ DB_TYPE: 'sqlite', DB_SQLITE_PATH: path.join(dir, 'db.sqlite') });
});

if (process.env.TEST_MYSQL_URL) {
  describeEventRepositoryContract('mysql', async () => sqlFixture((await freshTestDatabase()).env));
}
