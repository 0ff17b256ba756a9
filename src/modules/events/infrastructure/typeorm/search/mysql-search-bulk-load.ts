import type { EntityManager, QueryRunner } from 'typeorm';
import { acceptsLocalFiles, loadDataLocal } from '../../../../../database/load-data-local';
import { ENTRY_COLUMNS, entryRowsOf, IndexedEvent, insertEntries, tokenEntriesOf, tokenIds } from './mysql-search-index';

/**
 * Writes the MySQL search index of many new events at once (the seeder's rounds, the migration that indexes existing
 * rows): their rows in primary-key order, through LOAD DATA when the server allows it (see load-data-local.ts), with
 * the dictionary ids seen so far kept in memory, so that each token is looked up once per load.
 */
export class SearchIndexBulkLoad {
  private readonly known = new Map<string, number>();

  private constructor(
    private readonly manager: EntityManager,
    private readonly writeEntries: (rows: unknown[][]) => Promise<void>,
  ) {}

  /** A load through this runner (and its transaction). */
  static async over(runner: QueryRunner): Promise<SearchIndexBulkLoad> {
    const write = (await acceptsLocalFiles(runner))
      ? (rows: unknown[][]) => loadDataLocal(runner, 'event_search_tokens', ENTRY_COLUMNS, rows)
      : (rows: unknown[][]) => insertEntries(runner.manager, rows);
    return new SearchIndexBulkLoad(runner.manager, write);
  }

  async add(events: IndexedEvent[]): Promise<void> {
    const unknown = events.flatMap((e) => tokenEntriesOf(e).map(([, t]) => t)).filter((t) => !this.known.has(t));
    if (unknown.length) for (const [token, id] of await tokenIds(this.manager, unknown)) this.known.set(token, id);
    const rows = events.flatMap((e) => entryRowsOf(e, this.known)) as number[][];
    rows.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    await this.writeEntries(rows);
  }
}
