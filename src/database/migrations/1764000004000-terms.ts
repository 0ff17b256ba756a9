import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { autoIdColumn, intColumn, keyColumn, keyTextColumn, stringColumn, textColumn } from '../schema-helpers';

/**
 * Categories and tags in one table (CONTRACT §1.6: one id sequence, never reused — AUTOINCREMENT / AUTO_INCREMENT).
 * `taxonomy` is 'category' or 'tag'. `name_key` and `slug_key` are folded comparison keys (§1.7); slugs are unique per
 * taxonomy. `parent` is the parent category id, 0 for none.
 */
export class Terms1764000004000 implements MigrationInterface {
  name = 'Terms1764000004000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'terms',
        columns: [
          autoIdColumn(),
          stringColumn('taxonomy', 16),
          textColumn('name'),
          keyTextColumn(q, 'name_key'),
          keyColumn(q, 'slug', 200),
          keyColumn(q, 'slug_key', 200),
          textColumn('description'),
          intColumn('parent', false, 0),
        ],
        indices: [
          { name: 'terms_taxonomy_slug', columnNames: ['taxonomy', 'slug'], isUnique: true },
          { name: 'terms_taxonomy_slug_key', columnNames: ['taxonomy', 'slug_key'] },
          { name: 'terms_taxonomy_parent', columnNames: ['taxonomy', 'parent'] },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('terms');
  }
}
