import { MigrationInterface, QueryRunner } from 'typeorm';
import { isMysql } from '../schema-helpers';

/** Rich-text columns: they hold MAX_LENGTH.richText characters (a TEXT column holds only 65,535 bytes). */
const RICH_TEXT: Array<[table: string, column: string]> = [
  ['events', 'description'],
  ['events', 'excerpt'],
  ['venues', 'description'],
  ['venues', 'excerpt'],
  ['organizers', 'description'],
  ['organizers', 'excerpt'],
  ['terms', 'description'],
];

const TEXT = 'CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci';
const KEY = 'CHARACTER SET utf8mb4 COLLATE utf8mb4_bin';

/**
 * Issue 14, MySQL/MariaDB only (SQLite stores any text in any length):
 * - Every table and text column in utf8mb4, whatever the database's default character set: on a latin1 database the
 *   earlier migrations made latin1 tables, and an emoji then failed with "Incorrect string value". Tables with a column
 *   in another character set are converted (utf8mb4_unicode_ci), and the folded key columns, which compare in binary
 *   (utf8mb4_bin), get that collation back. On a utf8mb4 database this finds nothing to do.
 * - Rich-text columns become MEDIUMTEXT.
 */
export class Utf8mb4AndLongText1764000012000 implements MigrationInterface {
  name = 'Utf8mb4AndLongText1764000012000';

  async up(q: QueryRunner): Promise<void> {
    if (!isMysql(q)) return;
    const columns: Array<{ t: string; c: string; type: string; nullable: string; charset: string; collation: string }> = await q.query(
      `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, COLUMN_TYPE AS type, IS_NULLABLE AS nullable,
              CHARACTER_SET_NAME AS charset, COLLATION_NAME AS collation
         FROM information_schema.COLUMNS
        WHERE TABLE_SCHEMA = DATABASE() AND CHARACTER_SET_NAME IS NOT NULL AND TABLE_NAME <> 'migrations'`,
    );
    const tables = await q.query(
      `SELECT TABLE_NAME AS t, TABLE_COLLATION AS collation FROM information_schema.TABLES
        WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> 'migrations'`,
    );
    for (const { t, collation } of tables as Array<{ t: string; collation: string }>) {
      const own = columns.filter((col) => col.t === t);
      const changes: string[] = [];
      if (own.some((col) => col.charset !== 'utf8mb4') || !collation.startsWith('utf8mb4')) {
        await q.query(`ALTER TABLE \`${t}\` CONVERT TO ${TEXT}`);
        // CONVERT gave every column the table's collation: the binary keys get theirs back.
        for (const key of own.filter((col) => col.collation.endsWith('_bin'))) {
          changes.push(`MODIFY \`${key.c}\` ${key.type} ${KEY} ${key.nullable === 'YES' ? 'NULL' : 'NOT NULL'}`);
        }
      }
      for (const [table, column] of RICH_TEXT) {
        const col = own.find((c) => table === t && c.c === column);
        if (col) changes.push(`MODIFY \`${column}\` MEDIUMTEXT ${TEXT} ${col.nullable === 'YES' ? 'NULL' : 'NOT NULL'}`);
      }
      if (changes.length) await q.query(`ALTER TABLE \`${t}\` ${changes.join(', ')}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    if (!isMysql(q)) return;
    for (const [table, column] of RICH_TEXT) await q.query(`ALTER TABLE \`${table}\` MODIFY \`${column}\` TEXT ${TEXT} NOT NULL`);
  }
}
