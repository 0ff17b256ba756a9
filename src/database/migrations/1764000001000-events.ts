import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import {
  boolColumn,
  idColumn,
  intColumn,
  keyColumn,
  keyTextColumn,
  stringColumn,
  textColumn,
  wallClockColumn,
} from '../schema-helpers';

/**
 * Events and their links. Start/end are stored as the event's local wall-clock time and as UTC (CONTRACT §8.2.5), each
 * indexed together with status for the list query. `search_key` is the folded title, description and excerpt.
 * The link tables are read by the venue, organizer and term modules too (has_events, counts, unlinking).
 */
export class Events1764000001000 implements MigrationInterface {
  name = 'Events1764000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'events',
        columns: [
          idColumn(),
          intColumn('author_id'),
          stringColumn('status', 16),
          keyColumn(q, 'slug', 200),
          textColumn('title'),
          textColumn('description'),
          textColumn('excerpt'),
          keyTextColumn(q, 'search_key'),
          wallClockColumn('date_local'),
          wallClockColumn('date_utc'),
          wallClockColumn('modified_utc'),
          wallClockColumn('start_local'),
          wallClockColumn('end_local'),
          wallClockColumn('start_utc'),
          wallClockColumn('end_utc'),
          stringColumn('timezone', 64),
          boolColumn('all_day', false),
          textColumn('cost_input', true),
          boolColumn('website_set', false),
          stringColumn('website', 2048, false, ''),
          boolColumn('show_map', true),
          boolColumn('show_map_link', true),
          boolColumn('hide_from_listings', false),
          boolColumn('sticky', false),
          boolColumn('featured', false),
          intColumn('image_id', true),
          stringColumn('post_password', 255, false, ''),
          boolColumn('ticketed', false),
          intColumn('post_parent', false, 0),
        ],
        indices: [
          { name: 'events_slug', columnNames: ['slug'], isUnique: true },
          { name: 'events_status_start_local', columnNames: ['status', 'start_local', 'id'] },
          { name: 'events_status_start_utc', columnNames: ['status', 'start_utc', 'id'] },
          { name: 'events_start_local', columnNames: ['start_local', 'id'] },
          { name: 'events_start_utc', columnNames: ['start_utc', 'id'] },
          { name: 'events_end_local', columnNames: ['end_local'] },
          { name: 'events_end_utc', columnNames: ['end_utc'] },
          { name: 'events_post_parent', columnNames: ['post_parent'] },
          { name: 'events_author', columnNames: ['author_id'] },
        ],
      }),
    );
    for (const [table, column] of [
      ['event_venues', 'venue_id'],
      ['event_organizers', 'organizer_id'],
    ]) {
      await q.createTable(
        new Table({
          name: table,
          columns: [
            { ...idColumn('event_id') },
            { ...idColumn(column) },
            { name: 'position', type: 'integer', default: 0 },
          ],
          indices: [{ name: `${table}_${column}`, columnNames: [column, 'event_id'] }],
        }),
      );
    }
    await q.createTable(
      new Table({
        name: 'event_terms',
        columns: [{ ...idColumn('event_id') }, { ...idColumn('term_id') }],
        indices: [{ name: 'event_terms_term', columnNames: ['term_id', 'event_id'] }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['event_terms', 'event_organizers', 'event_venues', 'events']) await q.dropTable(t);
  }
}
