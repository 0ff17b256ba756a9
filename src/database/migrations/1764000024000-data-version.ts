import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Issue 18: `data_version`, one row whose `version` every committed unit of work raises (`raiseDataVersion`). A read
 * takes it in the statement that reads its event, so a rendering kept from an earlier read is served only while nothing
 * has been written since, by this process or any other: checked, not aged out (`VersionedFragmentCache`).
 */
export class DataVersion1764000024000 implements MigrationInterface {
  name = 'DataVersion1764000024000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'data_version',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'version', type: 'bigint', isNullable: false, default: 0 },
        ],
      }),
    );
    await q.query('INSERT INTO data_version (id, version) VALUES (1, 0)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('data_version');
  }
}
