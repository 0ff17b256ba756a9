import { MigrationInterface, QueryRunner } from 'typeorm';
import { indexEvent, storedEvents } from '../../modules/events/infrastructure/typeorm/search/mysql-search-index';
import { cutKey, LONG_KEY_LENGTH } from '../../shared/domain/text';
import { isMysql } from '../schema-helpers';

/** The folded key columns (CONTRACT §1.7) and the length each is cut to (`foldKey`; terms' keys are not cut). */
const FOLDED_KEYS: Record<string, Array<[column: string, max: number]>> = {
  events: [
    ['search_key', LONG_KEY_LENGTH],
    ['public_search_key', LONG_KEY_LENGTH],
  ],
  venues: [
    ['name_key', LONG_KEY_LENGTH],
    ['description_key', LONG_KEY_LENGTH],
    ['address_key', LONG_KEY_LENGTH],
    ...['city_key', 'province_key', 'state_key', 'stateprovince_key', 'zip_key', 'phone_key'].map((c): [string, number] => [c, 255]),
  ],
  organizers: [
    ['name_key', LONG_KEY_LENGTH],
    ['description_key', LONG_KEY_LENGTH],
    ['phone_key', 255],
    ['email_key', 255],
    ['website_key', 2048],
  ],
  terms: [
    ['name_key', Infinity],
    ['slug_key', Infinity],
  ],
};

/**
 * `fold` turned `ß` into `ss` but the capital `ẞ` (U+1E9E) only into `ß` (lower case comes last), so `STRAẞE` was kept
 * as `straße` and no search for `straße`, `strasse` or `ẞ` found it (a black-box probe, 2026-11-26). `fold` now turns
 * both into `ss`; a stored key holds `ß` only where its text held `ẞ`, and becomes what the new `fold` makes of that
 * text by the same replacement (then cut to its column as before). On MySQL the events' search tokens follow their
 * keys. Rows without `ß` in a key are not written.
 */
export class RefoldCapitalSharpS1764000021000 implements MigrationInterface {
  name = 'RefoldCapitalSharpS1764000021000';

  async up(q: QueryRunner): Promise<void> {
    for (const [table, keys] of Object.entries(FOLDED_KEYS)) {
      const columns = keys.map(([c]) => c);
      const rows = (await q.query(`SELECT id, ${columns.join(', ')} FROM ${table} WHERE ${columns.map((c) => `${c} LIKE ?`).join(' OR ')}`, columns.map(() => '%ß%'))) as Array<
        Record<string, unknown>
      >;
      for (const row of rows) {
        const id = Number(row.id);
        const reindexed = table === 'events' && isMysql(q);
        const [previous] = reindexed ? await storedEvents(q.manager, 'id = ?', [id]) : [];
        const values = keys.map(([c, max]) => (typeof row[c] === 'string' ? cutKey((row[c] as string).replace(/ß/g, 'ss'), max) : row[c]));
        await q.query(`UPDATE ${table} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`, [...values, id]);
        if (reindexed) await indexEvent(q.manager, (await storedEvents(q.manager, 'id = ?', [id]))[0], previous);
      }
    }
  }

  async down(): Promise<void> {
    // Nothing to undo: with the previous `fold` these keys only stop matching searches that spell the capital `ẞ`.
  }
}
