import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { autoIdColumn, idColumn, intColumn, keyColumn, stringColumn, wallClockColumn } from '../schema-helpers';

/**
 * Core tables: known users, the shared record id sequence (events, venues, organizers, media: CONTRACT §1.6) and media
 * items. `record_ids` rows are never deleted, so ids are never reused and `kind` tells what an id named.
 */
export class Core1764000000000 implements MigrationInterface {
  name = 'Core1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(new Table({ name: 'users', columns: [idColumn()] }));
    await q.createTable(
      new Table({
        name: 'record_ids',
        columns: [autoIdColumn(), stringColumn('kind', 16)],
      }),
    );
    await q.createTable(
      new Table({
        name: 'media',
        columns: [
          idColumn(),
          stringColumn('url', 2048),
          keyColumn(q, 'url_hash', 64),
          stringColumn('extension', 16),
          intColumn('author_id'),
          wallClockColumn('created_utc'),
        ],
        indices: [{ name: 'media_url_hash', columnNames: ['url_hash'], isUnique: true }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('media');
    await q.dropTable('record_ids');
    await q.dropTable('users');
  }
}
