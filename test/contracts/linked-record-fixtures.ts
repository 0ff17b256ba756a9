import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config';
import { openCalendarDatabase } from '../../src/calendar-database';
import { replaceLinks } from '../../src/modules/events/infrastructure/typeorm/event-link-tables';
import type { LinkedRecord } from '../../src/modules/records/domain/linked-record';
import type { LinkedRecordRepository } from '../../src/modules/records/domain/linked-record.repository';
import type { InMemoryLinkedRecordRepository } from '../../src/modules/records/infrastructure/in-memory/in-memory-linked-record.repository';
import type { LinkedRecordRepositoryFixture } from './linked-record-repository.contract';

/** The in-memory adapter, with events and links kept in its own maps. */
export async function inMemoryFixture<T extends LinkedRecord, Probe>(
  repo: InMemoryLinkedRecordRepository<T, Probe>,
): Promise<LinkedRecordRepositoryFixture<T, Probe>> {
  return {
    repo,
    seedEvent: async (e) => {
      repo.events.set(e.id, { status: e.status, startUtc: e.startUtc, hidden: !!e.hidden, authorId: e.authorId ?? 1, postPassword: e.postPassword ?? '' });
      repo.links.set(e.id, [...e.recordIds]);
    },
    linkedIds: async (eventId) => repo.links.get(eventId) ?? [],
    close: async () => undefined,
  };
}

/** A fresh SQLite file (`prefix` names its folder). */
export function sqliteEnv(prefix: string): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-contract-`));
  return { DB_TYPE: 'sqlite', DB_SQLITE_PATH: path.join(dir, 'db.sqlite') };
}

/** A TypeORM adapter on the database `env` names; events are inserted in SQL and linked as the events module links them. */
export async function sqlFixture<T extends LinkedRecord, Probe>(
  env: Record<string, string>,
  kind: 'venue' | 'organizer',
  makeRepo: (dataSource: DataSource) => LinkedRecordRepository<T, Probe>,
): Promise<LinkedRecordRepositoryFixture<T, Probe>> {
  const config = loadConfig({ AUTH_JWT_SECRET: 'contract-secret-contract-secret-32', ...env });
  const dataSource: DataSource = await openCalendarDatabase(config.db, 5_000);
  const d = '2026-01-01 00:00:00';
  return {
    repo: makeRepo(dataSource),
    seedEvent: async (e) => {
      await dataSource.query(
        `INSERT INTO events (id, author_id, status, slug, title, description, excerpt, search_key, date_local, date_utc,
          modified_utc, start_local, end_local, start_utc, end_utc, timezone, hide_from_listings, post_password)
          VALUES (?, ?, ?, ?, 't', '', '', '', ?, ?, ?, ?, ?, ?, ?, 'UTC', ?, ?)`,
        [e.id, e.authorId ?? 1, e.status, `e-${e.id}`, d, d, d, e.startUtc, e.startUtc, e.startUtc, e.startUtc, e.hidden ? 1 : 0, e.postPassword ?? ''],
      );
      await replaceLinks(dataSource.manager, kind, e.id, e.recordIds);
    },
    linkedIds: async (eventId) =>
      ((await dataSource.query(`SELECT ${kind}_id AS id FROM event_${kind}s WHERE event_id = ? ORDER BY position`, [eventId])) as Array<{ id: number | string }>).map(
        (r) => Number(r.id),
      ),
    close: () => dataSource.destroy(),
  };
}

/** Inserts the record, or rewrites it when it is stored already. */
export async function saveRecord<T extends { id: number }>(repo: { findById(id: number): Promise<T | null>; insert(r: T): Promise<void>; update(r: T): Promise<void> }, record: T) {
  return (await repo.findById(record.id)) ? repo.update(record) : repo.insert(record);
}
