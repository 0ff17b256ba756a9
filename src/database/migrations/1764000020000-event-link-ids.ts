import { MigrationInterface, QueryRunner } from 'typeorm';
import { refreshLinkIds } from '../../modules/events/infrastructure/typeorm/stored-link-ids';

/**
 * Issue 18: `events.link_ids`, each event's venue, organizer and term ids as its link rows hold them (see
 * `stored-link-ids.ts`), so that a list page reads its links' records by id instead of three link tables by event.
 * Backfilled here in chunks of events.
 */
export class EventLinkIds1764000020000 implements MigrationInterface {
  name = 'EventLinkIds1764000020000';

  async up(q: QueryRunner): Promise<void> {
    // A plain ADD COLUMN: instant on both databases (TypeORM's addColumn rebuilds an SQLite table).
    await q.query('ALTER TABLE events ADD COLUMN link_ids TEXT NULL');
    for (let after = 0; ; ) {
      const rows = (await q.query('SELECT id FROM events WHERE id > ? ORDER BY id LIMIT 5000', [after])) as Array<{ id: unknown }>;
      if (rows.length === 0) break;
      const ids = rows.map((r) => Number(r.id));
      await refreshLinkIds(q.manager, ids);
      after = ids[ids.length - 1];
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE events DROP COLUMN link_ids');
  }
}
