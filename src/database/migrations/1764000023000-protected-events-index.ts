import { MigrationInterface, QueryRunner } from 'typeorm';
import { isMysql } from '../schema-helpers';
import { noPadBinaryCollation } from './1764000022000-no-pad-binary-keys';

/**
 * §6.11, §8.1: `events (post_password)`, so that the protected events (a non-empty password; rare) are one index range.
 * A list filtered on a field a protected event's list item masks (terms, venue, organizer, featured, ticketed, geoloc)
 * leaves out the protected events the caller may not see unlocked: the page query excludes that small set, and a total
 * taken from maintained counts subtracts those of them that match, both read through this index.
 *
 * On MySQL/MariaDB the column also gets the NO PAD binary collation (as the keys in 1764000022000): under the default
 * `utf8mb4_unicode_ci` (PAD SPACE) a password of spaces equals `''`, so the range `post_password <> ''` would take such an
 * event for an unprotected one; binary, it compares as the service (and SQLite) does. One rebuild of the table for both.
 */
export class ProtectedEventsIndex1764000023000 implements MigrationInterface {
  name = 'ProtectedEventsIndex1764000023000';

  async up(q: QueryRunner): Promise<void> {
    if (!isMysql(q)) {
      await q.query('CREATE INDEX events_protected ON events (post_password)');
      return;
    }
    const collation = await noPadBinaryCollation(q);
    await q.query(
      `ALTER TABLE events MODIFY post_password VARCHAR(255) CHARACTER SET utf8mb4 COLLATE ${collation} NOT NULL DEFAULT '', ` +
        'ADD INDEX events_protected (post_password)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    if (!isMysql(q)) {
      await q.query('DROP INDEX events_protected');
      return;
    }
    await q.query(
      "ALTER TABLE events DROP INDEX events_protected, MODIFY post_password VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT ''",
    );
  }
}
