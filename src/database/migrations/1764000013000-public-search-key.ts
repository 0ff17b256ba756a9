import { MigrationInterface, QueryRunner } from 'typeorm';
import { fold } from '../../shared/domain/text';
import { isMysql } from '../schema-helpers';

/**
 * Issue 14 / CONTRACT §8.4: a search must not reveal the text of a password-protected event to a caller who cannot read
 * it. `public_search_key` is what such a caller's search may match: NULL for an event that is not protected (its whole
 * `search_key` is readable), the folded title for a protected one. Filled here for the protected events there are.
 */
export class PublicSearchKey1764000013000 implements MigrationInterface {
  name = 'PublicSearchKey1764000013000';

  async up(q: QueryRunner): Promise<void> {
    // A plain ADD COLUMN: instant on both databases (TypeORM's addColumn rebuilds an SQLite table).
    const type = isMysql(q) ? 'MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin' : 'TEXT';
    await q.query(`ALTER TABLE events ADD COLUMN public_search_key ${type} NULL`);
    const protectedEvents: Array<{ id: number; title: string }> = await q.query(`SELECT id, title FROM events WHERE post_password <> ''`);
    for (const e of protectedEvents) await q.query('UPDATE events SET public_search_key = ? WHERE id = ?', [fold(e.title), e.id]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE events DROP COLUMN public_search_key');
  }
}
