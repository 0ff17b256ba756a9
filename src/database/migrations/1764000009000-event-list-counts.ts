import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { intColumn, stringColumn } from '../schema-helpers';

/** Both clocks of the event list (CONTRACT §8.2.5): `local` for TIMEZONE_MODE=event, `utc` for site. */
const CLOCKS = [
  { clock: 'local', start: 'start_local', end: 'end_local' },
  { clock: 'utc', start: 'start_utc', end: 'end_utc' },
] as const;

/**
 * Issue 8: the total of an event list must not read every matching event (with 1,000,000 events the default window
 * holds about 350,000, and counting them through the events table took seconds once it outgrew the buffer pool).
 *
 * - `event_list_counts`: how many listable events (not hidden) of each status start on one day and end on another, per
 *   clock. The total of a list filtered only by dates and status is the sum of the buckets the day decides alone, plus
 *   an exact count of the events starting or ending on a bound's day (see `day-count-plan.ts`). Kept exact by the
 *   event repository inside every write transaction; backfilled here.
 * - The list indexes `(status, start, id)` gain `hide_from_listings` and the end after the ordering columns, so the
 *   page walk and the exact counts check every condition inside the index (no row read for a row that is skipped),
 *   and the end indexes gain status, hidden flag and start for the events ending on a boundary day.
 */
export class EventListCounts1764000009000 implements MigrationInterface {
  name = 'EventListCounts1764000009000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'event_list_counts',
        columns: [
          { ...stringColumn('clock', 5), isPrimary: true },
          { ...stringColumn('status', 16), isPrimary: true },
          { ...stringColumn('start_day', 10), isPrimary: true },
          { ...stringColumn('end_day', 10), isPrimary: true },
          intColumn('n', false, 0),
        ],
      }),
    );
    for (const { clock, start, end } of CLOCKS) {
      await q.query(
        `INSERT INTO event_list_counts (clock, status, start_day, end_day, n) ` +
          `SELECT '${clock}', status, SUBSTR(${start}, 1, 10), SUBSTR(${end}, 1, 10), COUNT(*) FROM events ` +
          `WHERE hide_from_listings = 0 GROUP BY status, SUBSTR(${start}, 1, 10), SUBSTR(${end}, 1, 10)`,
      );
      await q.dropIndex('events', `events_status_${start}`);
      await q.dropIndex('events', `events_${end}`);
      await q.createIndices('events', [
        new TableIndex({ name: `events_list_${clock}`, columnNames: ['status', start, 'id', 'hide_from_listings', end] }),
        new TableIndex({ name: `events_ending_${clock}`, columnNames: [end, 'status', 'hide_from_listings', start] }),
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { clock, start, end } of CLOCKS) {
      await q.dropIndex('events', `events_ending_${clock}`);
      await q.dropIndex('events', `events_list_${clock}`);
      await q.createIndices('events', [
        new TableIndex({ name: `events_status_${start}`, columnNames: ['status', start, 'id'] }),
        new TableIndex({ name: `events_${end}`, columnNames: [end] }),
      ]);
    }
    await q.dropTable('event_list_counts');
  }
}
