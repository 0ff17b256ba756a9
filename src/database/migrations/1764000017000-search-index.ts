import { MigrationInterface, QueryRunner } from 'typeorm';
import { SearchIndexBulkLoad } from '../../modules/events/infrastructure/typeorm/search/mysql-search-bulk-load';
import { storedEvents } from '../../modules/events/infrastructure/typeorm/search/mysql-search-index';
import { isMysql } from '../schema-helpers';

/** Events indexed per round when the MySQL index is built for existing rows. */
const BATCH = 2_000;

/**
 * Issue 18: `search` with 1,000,000 events read every listed event's key (`LIKE '%word%'`): over 10 s on MariaDB. An
 * index answers the substring search now, with the same meaning (folded keys, §8.4 visibility), built here for the
 * existing rows.
 *
 * - SQLite: `events_search`, FTS5 with the `trigram` tokenizer over `search_key` and `public_search_key` (external
 *   content: the text stays in `events`), kept in step by triggers on `events`. A rebuild of the `events` table (as
 *   TypeORM's SQLite `addColumn` does) drops its triggers: such a migration must create them again.
 * - MySQL/MariaDB: the token dictionary `search_tokens`, its trigrams `search_token_trigrams`, and the token rows
 *   `event_search_tokens`, which carry their event's listing columns (see mysql-search-index.ts), written by the event
 *   repository: triggers would need SUPER on a server with binary logging, which hosted MySQL rarely grants.
 */
export class SearchIndex1764000017000 implements MigrationInterface {
  name = 'SearchIndex1764000017000';

  async up(q: QueryRunner): Promise<void> {
    if (isMysql(q)) await this.upMysql(q);
    else await this.upSqlite(q);
  }

  private async upSqlite(q: QueryRunner): Promise<void> {
    const row = (prefix: 'new' | 'old') => `${prefix}.id, ${prefix}.search_key, ${prefix}.public_search_key`;
    const add = `INSERT INTO events_search (rowid, search_key, public_search_key) VALUES (${row('new')});`;
    const drop = `INSERT INTO events_search (events_search, rowid, search_key, public_search_key) VALUES ('delete', ${row('old')});`;
    await q.query(
      "CREATE VIRTUAL TABLE events_search USING fts5(search_key, public_search_key, content='events', content_rowid='id', " +
        "tokenize='trigram case_sensitive 1')",
    );
    await q.query(`CREATE TRIGGER events_search_insert AFTER INSERT ON events BEGIN ${add} END`);
    await q.query(`CREATE TRIGGER events_search_delete AFTER DELETE ON events BEGIN ${drop} END`);
    await q.query(
      'CREATE TRIGGER events_search_update AFTER UPDATE OF search_key, public_search_key ON events ' +
        'WHEN old.search_key IS NOT new.search_key OR old.public_search_key IS NOT new.public_search_key ' +
        `BEGIN ${drop} ${add} END`,
    );
    await q.query("INSERT INTO events_search (events_search) VALUES ('rebuild')");
  }

  private async upMysql(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE search_tokens (id INT UNSIGNED NOT NULL AUTO_INCREMENT, token VARBINARY(512) NOT NULL, ' +
        'PRIMARY KEY (id), UNIQUE KEY search_tokens_token (token)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4',
    );
    await q.query(
      'CREATE TABLE search_token_trigrams (trigram VARBINARY(12) NOT NULL, token_id INT UNSIGNED NOT NULL, ' +
        'PRIMARY KEY (trigram, token_id)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4',
    );
    await q.query(
      'CREATE TABLE event_search_tokens (token_id INT UNSIGNED NOT NULL, kind TINYINT NOT NULL, event_id BIGINT NOT NULL, ' +
        'status VARCHAR(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, hide_from_listings TINYINT NOT NULL, start_local DATETIME NOT NULL, end_local DATETIME NOT NULL, ' +
        'start_utc DATETIME NOT NULL, end_utc DATETIME NOT NULL, author_id BIGINT NOT NULL, protected TINYINT NOT NULL, ' +
        'PRIMARY KEY (token_id, kind, event_id)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4',
    );
    const load = await SearchIndexBulkLoad.over(q);
    for (let after = 0; ; ) {
      const events = await storedEvents(q.manager, 'id > ? ORDER BY id LIMIT ?', [after, BATCH]);
      if (events.length === 0) return;
      await load.add(events);
      after = events[events.length - 1].id;
    }
  }

  async down(q: QueryRunner): Promise<void> {
    if (isMysql(q)) {
      await q.query('DROP TABLE event_search_tokens');
      await q.query('DROP TABLE search_token_trigrams');
      await q.query('DROP TABLE search_tokens');
      return;
    }
    for (const trigger of ['events_search_insert', 'events_search_delete', 'events_search_update']) await q.query(`DROP TRIGGER ${trigger}`);
    await q.query('DROP TABLE events_search');
  }
}
