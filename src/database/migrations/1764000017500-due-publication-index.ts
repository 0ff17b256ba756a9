import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18: `events (status, date_utc)`, so that the earliest scheduled (`future`) event is one index lookup: reads ask
 * for it to know whether a due event must already be shown as published (§3.5), and the publishing job to know whether
 * there is anything to publish, without reading the table.
 */
export class DuePublicationIndex1764000017500 implements MigrationInterface {
  name = 'DuePublicationIndex1764000017500';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX events_due_publication ON events (status, date_utc)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(q.connection.options.type === 'mysql' ? 'DROP INDEX events_due_publication ON events' : 'DROP INDEX events_due_publication');
  }
}
