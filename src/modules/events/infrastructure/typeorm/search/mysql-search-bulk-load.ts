import type { EntityManager } from 'typeorm';
import { IndexedEvent, listingValuesOf, LISTING_COLUMNS, tokenEntriesOf, tokenIds } from './mysql-search-index';

/** Rows per INSERT: three or nine parameters each, far below every limit. */
const ROWS_PER_INSERT = 1_000;

async function insertRows(m: EntityManager, head: string, width: number, rows: unknown[][]): Promise<void> {
  const tuple = `(${Array.from({ length: width }, () => '?').join(', ')})`;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    await m.query(`${head} VALUES ${chunk.map(() => tuple).join(', ')}`, chunk.flat());
  }
}

/**
 * Writes the MySQL search index of many new events at once (the seeder's rounds, the migration that indexes existing
 * rows): their listing rows, and their token entries in primary-key order, with the dictionary ids it has seen kept in
 * memory so that each token is looked up once per load.
 */
export class SearchIndexBulkLoad {
  private readonly known = new Map<string, number>();

  constructor(private readonly manager: () => EntityManager) {}

  async add(events: IndexedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const m = this.manager();
    await insertRows(m, `INSERT INTO event_search_listing (${LISTING_COLUMNS.join(', ')})`, LISTING_COLUMNS.length, events.map(listingValuesOf));
    const entries = events.flatMap((e) => tokenEntriesOf(e).map(([kind, token]) => ({ kind, token, eventId: e.id })));
    const unknown = entries.map((e) => e.token).filter((t) => !this.known.has(t));
    if (unknown.length) for (const [token, id] of await tokenIds(m, unknown)) this.known.set(token, id);
    const rows = entries
      .map(({ kind, token, eventId }) => [this.known.get(token)!, kind, eventId])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    await insertRows(m, 'INSERT INTO event_search_tokens (token_id, kind, event_id)', 3, rows);
  }
}
