import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { boolColumn, isMysql, wallClockColumn } from '../schema-helpers';

const LINK_TABLES: ReadonlyArray<{ table: string; column: string }> = [
  { table: 'event_venues', column: 'venue_id' },
  { table: 'event_organizers', column: 'organizer_id' },
  { table: 'event_terms', column: 'term_id' },
];

const CLOCKS = [
  { clock: 'local', start: 'start_local', end: 'end_local' },
  { clock: 'utc', start: 'start_utc', end: 'end_utc' },
] as const;

/**
 * Issue 8, lists with a filter at 1,000,000 events: every condition of a list must be answerable inside the index the
 * list walks, or each skipped or counted event costs a row read (seconds once the table outgrows the buffer pool).
 *
 * - Link rows also carry their event's end (both clocks) and hidden flag, so a list filtered by venues, organizers,
 *   categories or tags walks and counts its link index alone: `(link id, status, start, event_id, hidden, end)`.
 * - The events list indexes also hold `featured`, `ticketed` and `author_id` (the featured/ticketed filters and the
 *   own-unpublished rule of contributors and authors).
 * Existing rows are backfilled.
 */
export class ListFiltersInIndexes1764000010000 implements MigrationInterface {
  name = 'ListFiltersInIndexes1764000010000';

  async up(q: QueryRunner): Promise<void> {
    const copied: Array<[string, string]> = [
      ['event_end_local', 'end_local'],
      ['event_end_utc', 'end_utc'],
      ['event_hidden', 'hide_from_listings'],
    ];
    for (const { table, column } of LINK_TABLES) {
      await q.addColumns(table, [
        new TableColumn({ ...wallClockColumn('event_end_local'), default: "''" }),
        new TableColumn({ ...wallClockColumn('event_end_utc'), default: "''" }),
        new TableColumn(boolColumn('event_hidden', false)),
      ]);
      if (isMysql(q)) {
        await q.query(`UPDATE ${table} l JOIN events e ON e.id = l.event_id SET ${copied.map(([to, from]) => `l.${to} = e.${from}`).join(', ')}`);
      } else {
        const of = (c: string) => `(SELECT e.${c} FROM events e WHERE e.id = ${table}.event_id)`;
        await q.query(`UPDATE ${table} SET ${copied.map(([to, from]) => `${to} = ${of(from)}`).join(', ')} WHERE event_id IN (SELECT id FROM events)`);
      }
      for (const { clock, start, end } of CLOCKS) {
        await q.dropIndex(table, `${table}_list_${clock}`);
        await q.createIndex(
          table,
          new TableIndex({ name: `${table}_list_${clock}`, columnNames: [column, 'event_status', `event_${start}`, 'event_id', 'event_hidden', `event_${end}`] }),
        );
      }
    }
    for (const { clock, start, end } of CLOCKS) {
      await q.dropIndex('events', `events_list_${clock}`);
      await q.createIndex(
        'events',
        new TableIndex({
          name: `events_list_${clock}`,
          columnNames: ['status', start, 'id', 'hide_from_listings', end, 'featured', 'ticketed', 'author_id'],
        }),
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { clock, start, end } of CLOCKS) {
      await q.dropIndex('events', `events_list_${clock}`);
      await q.createIndex('events', new TableIndex({ name: `events_list_${clock}`, columnNames: ['status', start, 'id', 'hide_from_listings', end] }));
    }
    for (const { table, column } of LINK_TABLES) {
      for (const { clock, start } of CLOCKS) {
        await q.dropIndex(table, `${table}_list_${clock}`);
        await q.createIndex(table, new TableIndex({ name: `${table}_list_${clock}`, columnNames: [column, 'event_status', `event_${start}`, 'event_id'] }));
      }
      await q.dropColumns(table, ['event_end_local', 'event_end_utc', 'event_hidden']);
    }
  }
}
