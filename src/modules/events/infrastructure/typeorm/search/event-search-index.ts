import type { DataSource, EntityManager } from 'typeorm';
import type { EventCriteria, EventPageRequest } from '../../../domain/event-query';
import { IndexedEvent, indexEvent, publishEntries, removeEntries, storedEvents, TOKEN_KIND } from './mysql-search-index';
import type { Bind } from '../../../../../database/raw-columns';
import { DATA_VERSION_COLUMN } from '../../../../../database/data-version';
import { answeredByIndex, holdingSql, indexCountSql, indexPageSql, narrowingParts } from './mysql-search-sql';
import { FTS_CANDIDATES, ftsQueryOf } from './sqlite-search-sql';

/** A row of the index's page: an event (null past the end) with the list's total, and the data version. */
interface PageRow {
  data_version: unknown;
  id: unknown;
  pageStart: Date;
  total: unknown;
}

/** Start (a DATETIME of the index: a Date from the driver), then id: the list's order. */
const inListOrder = (a: PageRow, b: PageRow) => Number(a.pageStart) - Number(b.pageStart) || Number(a.id) - Number(b.id);

/**
 * The event repository's search index, one per database: SQLite's FTS5 trigram table (sqlite-search-sql.ts, kept by
 * triggers: its write hooks here do nothing) or MySQL/MariaDB's token index (mysql-search-index.ts, written here by the
 * repository's writes). The repository calls the write hooks around each write of an `events` row.
 */
export class EventSearchIndex {
  private readonly mysql: boolean;

  constructor(dataSource: DataSource) {
    this.mysql = dataSource.options.type === 'mysql';
  }

  /** What the event's row holds before a write changes or deletes it (what its index rows were made of). */
  async held(m: EntityManager, eventId: number): Promise<IndexedEvent | null> {
    if (!this.mysql) return null;
    const [stored] = await storedEvents(m, 'id = ?', [eventId]);
    return stored ?? null;
  }

  /** After the event's row was inserted or updated; `previous` is what `held` read before (null: a new event). */
  async written(m: EntityManager, event: IndexedEvent, previous: IndexedEvent | null): Promise<void> {
    if (this.mysql) await indexEvent(m, event, previous);
  }

  async removed(m: EntityManager, previous: IndexedEvent | null): Promise<void> {
    if (previous) await removeEntries(m, previous);
  }

  /** After scheduled events were published by a plain status update. */
  async published(m: EntityManager, eventIds: number[]): Promise<void> {
    if (this.mysql) await publishEntries(m, eventIds);
  }

  /** Whether `page` answers the list by itself (MySQL: see answeredByIndex). */
  answersAlone(c: EventCriteria): boolean {
    return this.mysql && answeredByIndex(c);
  }

  /**
   * The page's event ids and the list's total, from the index alone, and the data version read in the same statement
   * (the page is joined to a one-row table, so an empty page still gives it; its rows are put in list order here).
   */
  async page(m: EntityManager, c: EventCriteria, page: EventPageRequest): Promise<{ ids: number[]; total: number; dataVersion: number }> {
    const { sql, params } = indexPageSql(c, page);
    const rows = (await m.query(`SELECT ${DATA_VERSION_COLUMN}, p.* FROM (SELECT 1 AS one) v LEFT JOIN (${sql}) p ON 1 = 1`, params)) as PageRow[];
    const dataVersion = Number(rows[0].data_version);
    const found = rows.filter((r) => r.id !== null).sort(inListOrder);
    if (found.length > 0) return { ids: found.map((r) => Number(r.id)), total: Number(found[0].total), dataVersion };
    if (page.offset === 0) return { ids: [], total: 0, dataVersion };
    const count = indexCountSql(c);
    const [row] = (await m.query(count.sql, count.params)) as Array<{ n: unknown }>;
    return { ids: [], total: Number(row?.n ?? 0), dataVersion };
  }

  /** The conditions on `e` narrowing a list with a search to the events the index finds (the `LIKE` checks then decide). */
  narrowing(c: EventCriteria, bind: Bind): string[] {
    const words = c.searchWords ?? [];
    if (!this.mysql) {
      const fts = ftsQueryOf(words);
      return fts === null ? [] : [FTS_CANDIDATES(bind(fts))];
    }
    return narrowingParts(words).map((part) => `e.id IN (${holdingSql(TOKEN_KIND.FULL, part, bind)})`);
  }
}
