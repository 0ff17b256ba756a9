import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { intColumn, isMysql, stringColumn } from '../schema-helpers';

/**
 * Issue 18: the total of a long window summed ~7,000 day buckets (2.7 years at 1,000,000 events: 3.5 ms of MariaDB per
 * list page, more than the page itself).
 *
 * - `event_list_month_counts`: the day buckets of `event_list_counts` summed per start month and end month. A window
 *   is counted from the month buckets the months alone decide, plus the day buckets of the events starting or ending
 *   in a month that holds one of its bounds (see `monthLevelMatch`). Kept exact with the day buckets, in the same
 *   write transactions; backfilled here from them.
 * - `event_list_counts_by_end`: the day buckets by end day, so that the events ending in a bound's month are found
 *   without reading every day bucket of the window (the primary key is ordered by start day).
 */
export class EventListMonthCounts1764000018000 implements MigrationInterface {
  name = 'EventListMonthCounts1764000018000';

  async up(q: QueryRunner): Promise<void> {
    // utf8mb4 on MySQL whatever the database's default character set (as migration 1764000012000); binary, as the
    // values are ASCII codes compared and ordered byte by byte.
    const key = (name: string, length: number) => ({
      ...stringColumn(name, length),
      isPrimary: true,
      ...(isMysql(q) ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
    });
    await q.createTable(
      new Table({
        name: 'event_list_month_counts',
        columns: [
          key('clock', 5),
          key('status', 16),
          key('start_month', 7),
          key('end_month', 7),
          intColumn('n', false, 0),
        ],
      }),
    );
    await q.query(
      'INSERT INTO event_list_month_counts (clock, status, start_month, end_month, n) ' +
        'SELECT clock, status, SUBSTR(start_day, 1, 7), SUBSTR(end_day, 1, 7), SUM(n) FROM event_list_counts ' +
        'GROUP BY clock, status, SUBSTR(start_day, 1, 7), SUBSTR(end_day, 1, 7)',
    );
    await q.query('CREATE INDEX event_list_counts_by_end ON event_list_counts (clock, status, end_day, start_day, n)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(isMysql(q) ? 'DROP INDEX event_list_counts_by_end ON event_list_counts' : 'DROP INDEX event_list_counts_by_end');
    await q.dropTable('event_list_month_counts');
  }
}
