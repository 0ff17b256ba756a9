import { MigrationInterface, QueryRunner, Table, TableColumnOptions } from 'typeorm';
import { boolColumn, intColumn, isMysql, stringColumn, wallClockColumn } from '../schema-helpers';

/** The tables that get a `global_id_lineage` column: the records that have a global id (CONTRACT §6.2–§6.4). */
const RECORD_TABLES = ['events', 'venues', 'organizers'];

/**
 * Issue 15, `npm run import`:
 * - `import_mappings`: which local record copies which record of which source — (source namespace URL, kind, source id)
 *   → local id — with the source's `modified` time, a fingerprint of what was written and whether the copy is
 *   password-protected. A second run finds its copies here (idempotent), and an interrupted one continues: a row is
 *   written in the same transaction as the copy it describes.
 * - `global_id_lineage` on events, venues and organizers: the global ids a record is a copy of (JSON array, NULL when
 *   it is no copy), shown after its own global id in `global_id_lineage`.
 * Text columns are utf8mb4 on MySQL whatever the database's default character set (as migration 1764000012000).
 */
export class ImportMappings1764000015000 implements MigrationInterface {
  name = 'ImportMappings1764000015000';

  async up(q: QueryRunner): Promise<void> {
    const utf8 = (column: TableColumnOptions): TableColumnOptions =>
      isMysql(q) ? { ...column, charset: 'utf8mb4', collation: 'utf8mb4_bin' } : column;
    await q.createTable(
      new Table({
        name: 'import_mappings',
        columns: [
          { ...utf8(stringColumn('source', 255)), isPrimary: true },
          { ...utf8(stringColumn('kind', 16)), isPrimary: true },
          { ...intColumn('source_id'), isPrimary: true },
          intColumn('local_id'),
          utf8(wallClockColumn('source_modified', true)),
          utf8(stringColumn('fingerprint', 64)),
          boolColumn('protected', false),
          utf8(wallClockColumn('imported_utc')),
        ],
      }),
    );
    // A plain ADD COLUMN: instant on both databases (TypeORM's addColumn rebuilds an SQLite table).
    const type = isMysql(q) ? 'TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci' : 'TEXT';
    for (const table of RECORD_TABLES) await q.query(`ALTER TABLE ${table} ADD COLUMN global_id_lineage ${type} NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of RECORD_TABLES) await q.query(`ALTER TABLE ${table} DROP COLUMN global_id_lineage`);
    await q.dropTable('import_mappings');
  }
}
