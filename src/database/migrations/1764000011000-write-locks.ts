import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { stringColumn } from '../schema-helpers';

/**
 * Issue 13: named locks a write can hold until its transaction ends (`UnitOfWork.hold`). A create that first looks for
 * a record of the same name (venue and organizer duplicate avoidance, unique term names) holds the key of that name, so
 * two such creates cannot both miss each other and insert twice. Rows are made on first use and stay (the keys are
 * bounded: a kind and a bucket of the folded name).
 */
export class WriteLocks1764000011000 implements MigrationInterface {
  name = 'WriteLocks1764000011000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(new Table({ name: 'write_locks', columns: [{ ...stringColumn('name', 64), isPrimary: true }] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('write_locks');
  }
}
