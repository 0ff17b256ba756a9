import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 16: `events.revision`, how many times an event was changed since it was created (0 on create, one more on
 * every update and trash; the write that changes it holds the event, so two writes never count the same revision). It
 * is the iCalendar SEQUENCE of the event's VEVENT. Nothing stored could stand in for it: `modified_utc` repeats within
 * a second and follows the clock, which may be set back. Existing events start at 0.
 */
export class EventRevision1764000016000 implements MigrationInterface {
  name = 'EventRevision1764000016000';

  async up(q: QueryRunner): Promise<void> {
    // A plain ADD COLUMN: instant on both databases (TypeORM's addColumn rebuilds an SQLite table).
    await q.query('ALTER TABLE events ADD COLUMN revision INTEGER NOT NULL DEFAULT 0');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE events DROP COLUMN revision');
  }
}
