import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { intColumn, isMysql, stringColumn, wallClockColumn } from '../schema-helpers';

/** The event link tables and the column naming the linked record. */
const LINK_TABLES: ReadonlyArray<{ table: string; column: string; oldIndex: string }> = [
  { table: 'event_venues', column: 'venue_id', oldIndex: 'event_venues_venue_id' },
  { table: 'event_organizers', column: 'organizer_id', oldIndex: 'event_organizers_organizer_id' },
  { table: 'event_terms', column: 'term_id', oldIndex: 'event_terms_term' },
];

/**
 * Issue 8: list filters by venue, organizer, category or tag walk an index in list order instead of sorting every
 * linked event. Each link row carries its event's status and start (local and UTC wall clocks), kept equal to the
 * event's by the same write transactions, with one index per timezone mode: `(link id, status, start, event_id)`
 * gives one link's events of one status already in list order. These indexes replace the `(link id, event_id)` ones
 * (same leading column). Terms get `event_count`, the number of their links whose event is published (the term
 * `count` of the API), maintained with the links. Existing rows are backfilled.
 */
export class EventLinkListingKeys1764000008000 implements MigrationInterface {
  name = 'EventLinkListingKeys1764000008000';

  async up(q: QueryRunner): Promise<void> {
    for (const { table, column, oldIndex } of LINK_TABLES) {
      await q.addColumns(table, [
        new TableColumn(stringColumn('event_status', 16, false, '')),
        new TableColumn({ ...wallClockColumn('event_start_local'), default: "''" }),
        new TableColumn({ ...wallClockColumn('event_start_utc'), default: "''" }),
      ]);
      if (isMysql(q)) {
        await q.query(
          `UPDATE ${table} l JOIN events e ON e.id = l.event_id ` +
            'SET l.event_status = e.status, l.event_start_local = e.start_local, l.event_start_utc = e.start_utc',
        );
      } else {
        const of = (c: string) => `(SELECT e.${c} FROM events e WHERE e.id = ${table}.event_id)`;
        await q.query(
          `UPDATE ${table} SET event_status = ${of('status')}, event_start_local = ${of('start_local')}, event_start_utc = ${of('start_utc')} ` +
            'WHERE event_id IN (SELECT id FROM events)',
        );
      }
      await q.dropIndex(table, oldIndex);
      await q.createIndices(table, [
        new TableIndex({ name: `${table}_list_local`, columnNames: [column, 'event_status', 'event_start_local', 'event_id'] }),
        new TableIndex({ name: `${table}_list_utc`, columnNames: [column, 'event_status', 'event_start_utc', 'event_id'] }),
      ]);
    }
    await q.addColumn('terms', new TableColumn(intColumn('event_count', false, 0)));
    await q.query(
      "UPDATE terms SET event_count = (SELECT COUNT(*) FROM event_terms l WHERE l.term_id = terms.id AND l.event_status = 'publish')",
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('terms', 'event_count');
    for (const { table, column, oldIndex } of LINK_TABLES) {
      await q.dropIndex(table, `${table}_list_utc`);
      await q.dropIndex(table, `${table}_list_local`);
      await q.createIndex(table, new TableIndex({ name: oldIndex, columnNames: [column, 'event_id'] }));
      await q.dropColumns(table, ['event_status', 'event_start_local', 'event_start_utc']);
    }
  }
}
