import { MigrationInterface, QueryRunner } from 'typeorm';
import { isMysql } from '../schema-helpers';

interface BinaryColumn {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
}

/** The binary collation of this server that compares trailing spaces as any other character (NO PAD). */
export async function noPadBinaryCollation(q: QueryRunner): Promise<string> {
  for (const name of ['utf8mb4_nopad_bin', 'utf8mb4_0900_bin']) {
    if (((await q.query('SHOW COLLATION WHERE Collation = ?', [name])) as unknown[]).length > 0) return name; // MariaDB, MySQL 8
  }
  throw new Error('this MySQL server has no NO PAD binary collation for utf8mb4 (MariaDB ≥ 10.2 or MySQL ≥ 8.0.17 needed)');
}

async function columnsCollated(q: QueryRunner, collation: string): Promise<BinaryColumn[]> {
  const rows = (await q.query(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, COLUMN_TYPE AS type, IS_NULLABLE AS nullable, COLUMN_DEFAULT AS dflt, EXTRA AS extra
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND COLLATION_NAME = ? ORDER BY TABLE_NAME, ORDINAL_POSITION`,
    [collation],
  )) as Array<{ t: string; c: string; type: string; nullable: string; dflt: string | null; extra: string }>;
  return rows.map((r) => {
    // Every such column is a key the service writes itself: no default, not generated (else MODIFY would drop them).
    if ((r.dflt !== null && r.dflt !== 'NULL') || r.extra !== '') throw new Error(`${r.t}.${r.c} has a default or is generated`);
    return { table: r.t, column: r.c, type: r.type, nullable: r.nullable === 'YES' };
  });
}

async function recollate(q: QueryRunner, columns: BinaryColumn[], collation: string): Promise<void> {
  const tables = [...new Set(columns.map((c) => c.table))];
  for (const table of tables) {
    const changes = columns
      .filter((c) => c.table === table)
      .map((c) => `MODIFY \`${c.column}\` ${c.type} CHARACTER SET utf8mb4 COLLATE ${collation} ${c.nullable ? 'NULL' : 'NOT NULL'}`);
    await q.query(`ALTER TABLE \`${table}\` ${changes.join(', ')}`);
  }
}

/**
 * MySQL's and MariaDB's `utf8mb4_bin` is PAD SPACE: `=` ignores trailing spaces, so `jazz ` found the category `jazz`,
 * `GET /events/by-slug/fair%20` read (and DELETE trashed) the event `fair`, and `Café Central´` (its key folds to
 * `cafe central `) was taken for the venue `Café Central` — where SQLite, comparing bytes, found nothing (a differential
 * probe of both databases, 2026-11-27). Every binary column (the folded keys, slugs, and the short codes beside them)
 * gets the server's NO PAD binary collation: the same order and equality as SQLite's. 2.5 s on MariaDB 10.11 with
 * 200,000 seeded events.
 */
export class NoPadBinaryKeys1764000022000 implements MigrationInterface {
  name = 'NoPadBinaryKeys1764000022000';

  async up(q: QueryRunner): Promise<void> {
    if (!isMysql(q)) return; // SQLite compares bytes
    const collation = await noPadBinaryCollation(q);
    await recollate(q, await columnsCollated(q, 'utf8mb4_bin'), collation);
  }

  async down(q: QueryRunner): Promise<void> {
    if (!isMysql(q)) return;
    await recollate(q, await columnsCollated(q, await noPadBinaryCollation(q)), 'utf8mb4_bin');
  }
}
