import type { EntityManager } from 'typeorm';
import { entryRowsOf, IndexedEvent, insertEntries, tokenEntriesOf, tokenIds } from './mysql-search-index';

/**
 * Writes the MySQL search index of many new events at once (the seeder's rounds, the migration that indexes existing
 * rows): their rows in primary-key order, with the dictionary ids seen so far kept in memory, so that each token is
 * looked up once per load.
 */
export class SearchIndexBulkLoad {
  private readonly known = new Map<string, number>();

  constructor(private readonly manager: () => EntityManager) {}

  async add(events: IndexedEvent[]): Promise<void> {
    const m = this.manager();
    const unknown = events.flatMap((e) => tokenEntriesOf(e).map(([, t]) => t)).filter((t) => !this.known.has(t));
    if (unknown.length) for (const [token, id] of await tokenIds(m, unknown)) this.known.set(token, id);
    const rows = events.flatMap((e) => entryRowsOf(e, this.known)) as number[][];
    rows.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    await insertEntries(m, rows);
  }
}
