import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import {
  boolColumn, doubleColumn, idColumn, intColumn, keyColumn, keyTextColumn, stringColumn, textColumn, wallClockColumn,
} from '../schema-helpers';

/**
 * Venues and organizers (CONTRACT §6.3, §6.4, §10). Every compared or searched text has a folded `*_key` copy
 * (binary collation on MySQL) so search and duplicate detection give identical results on both databases.
 */
export class VenuesOrganizers1764000003100 implements MigrationInterface {
  name = 'VenuesOrganizers1764000003100';

  async up(q: QueryRunner): Promise<void> {
    const common = [
      idColumn(),
      intColumn('author_id'),
      stringColumn('status', 16),
      keyColumn(q, 'slug', 200),
      wallClockColumn('date_local'),
      wallClockColumn('date_utc'),
      wallClockColumn('modified_utc'),
      textColumn('name'),
      textColumn('description'),
      textColumn('excerpt'),
      intColumn('image_id', true),
      keyTextColumn(q, 'name_key'),
      keyTextColumn(q, 'description_key'),
    ];
    await q.createTable(
      new Table({
        name: 'venues',
        columns: [
          ...common,
          textColumn('address'),
          stringColumn('city', 255),
          stringColumn('country', 255),
          stringColumn('province', 255),
          stringColumn('state', 255),
          stringColumn('zip', 255),
          stringColumn('phone', 255),
          stringColumn('website', 2048),
          stringColumn('stateprovince', 255),
          boolColumn('show_map', true),
          boolColumn('show_map_link', true),
          doubleColumn('geo_lat'),
          doubleColumn('geo_lng'),
          keyTextColumn(q, 'address_key'),
          keyColumn(q, 'city_key'),
          keyColumn(q, 'province_key'),
          keyColumn(q, 'state_key'),
          keyColumn(q, 'stateprovince_key'),
          keyColumn(q, 'zip_key'),
          keyColumn(q, 'phone_key'),
        ],
        indices: [
          { name: 'venues_slug', columnNames: ['slug'], isUnique: true },
          { name: 'venues_date_utc_id', columnNames: ['date_utc', 'id'] },
          { name: 'venues_status_date_utc_id', columnNames: ['status', 'date_utc', 'id'] },
          { name: 'venues_author', columnNames: ['author_id'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'organizers',
        columns: [
          ...common.map((c) => ({ ...c })),
          stringColumn('phone', 255),
          stringColumn('website', 2048),
          stringColumn('email', 255),
          keyColumn(q, 'phone_key'),
          keyColumn(q, 'email_key'),
          keyColumn(q, 'website_key', 2048),
        ],
        indices: [
          { name: 'organizers_slug', columnNames: ['slug'], isUnique: true },
          { name: 'organizers_date_utc_id', columnNames: ['date_utc', 'id'] },
          { name: 'organizers_status_date_utc_id', columnNames: ['status', 'date_utc', 'id'] },
          { name: 'organizers_author', columnNames: ['author_id'] },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('organizers');
    await q.dropTable('venues');
  }
}
