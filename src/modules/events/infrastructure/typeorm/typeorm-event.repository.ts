import { Injectable } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { Bind, marks, positional, shownColumnList, shownColumnsAs } from '../../../../database/raw-columns';
import { forShare, forUpdate, managerOf } from '../../../../database/typeorm-unit-of-work';
import { readRows } from '../../../../database/read-rows';
import { DATA_VERSION_COLUMN } from '../../../../database/data-version';
import { batchedById, sharedPerTurn } from '../../../../database/batched-reads';
import { textContains } from '../../../../database/text-contains';
import { driverErrorCode } from '../../../../shared/errors/driver-error-code';
import { CalendarEvent, EventLinks, EventStamp, ProtectedTextReader } from '../../domain/calendar-event';
import { EventCriteria, EventPageRequest, lockedMatches } from '../../domain/event-query';
import { SlugConflictError } from '../../../../shared/domain/slug-allocation';
import { EventRepository, LISTED_TEXT_LIMIT, ListedEvent, ReadEvent, ReadStamp } from '../../domain/event.repository';
import { dayCountPlan } from '../../domain/day-count-plan';
import { LINK_TABLES, LinkKind, publishLinksOf, removeLinksOf, replaceLinks, syncLinkedEvent } from './event-link-tables';
import {
  adjustListCounts,
  ClockColumns,
  COUNTED_COLUMNS,
  CountDelta,
  countedColumnsOf,
  CountedEventRow,
  countRow,
  dayCountTotalSql,
} from './event-list-counts';
import {
  adjustCategoryCounts,
  categoryLinksOf,
  countInSubtrees,
  movesBuckets,
  newCategoryDelta,
  ALL_EVENTS,
  PROTECTED_EVENTS,
  readCategoryTree,
  recountInCategories,
  shareCategoryTree,
  subtreesOf,
} from './category-tree-counts';
import { stampOf, toDomain, toRow } from './event.mapper';
import { NO_LINK_IDS, refreshLinkIds, rememberLinks } from './stored-link-ids';
import { EventOrmEntity } from './event.orm-entity';
import { EventSearchIndex } from './search/event-search-index';

const COLUMN = {
  event: { start: 'e.start_local', end: 'e.end_local' },
  site: { start: 'e.start_utc', end: 'e.end_utc' },
} as const;

const CLOCK: Record<EventCriteria['mode'], ClockColumns> = {
  event: { clock: 'local', start: 'start_local', end: 'end_local' },
  site: { clock: 'utc', start: 'start_utc', end: 'end_utc' },
};

/** The columns of an event's stamp (issue 18), aliased to its properties. */
const STAMP_COLUMNS =
  'e.id AS "id", e.author_id AS "authorId", e.status AS "status", e.date_utc AS "dateUtc", e.post_password AS "postPassword", e.revision AS "revision"';

/**
 * The columns of a list page's rows (`ListedEvent`): every shown column, the rich texts only when they are not longer
 * than LISTED_TEXT_LIMIT together, and how long they are when they are left out. (LENGTH counts bytes on MySQL,
 * characters on SQLite: either bounds what a page holds.)
 */
function listedColumns(dataSource: DataSource): string {
  const long = `LENGTH(e.description) + LENGTH(e.excerpt) > ${LISTED_TEXT_LIMIT}`;
  const escape = (name: string) => dataSource.driver.escape(name);
  const columns = shownColumnList(dataSource, EventOrmEntity, 'e').map(([expression, property]) =>
    property === 'description' || property === 'excerpt'
      ? `CASE WHEN ${long} THEN NULL ELSE ${expression} END AS ${escape(property)}`
      : `${expression} AS ${escape(property)}`,
  );
  return [...columns, `CASE WHEN ${long} THEN LENGTH(e.description) + LENGTH(e.excerpt) ELSE 0 END AS ${escape('textsLeftOut')}`].join(', ');
}

type ListedRow = EventOrmEntity & { textsLeftOut: unknown };

/** A list page's row as a `ListedEvent`. */
function listed(row: ListedRow): ListedEvent {
  const leftOut = Number(row.textsLeftOut ?? 0);
  const event = viewed({ ...row, description: row.description ?? '', excerpt: row.excerpt ?? '' });
  return leftOut > 0 ? { ...event, textsLeftOut: leftOut } : event;
}

/** A stamp row with the data version it was read at. */
type StampRow = Record<keyof EventStamp, unknown> & { data_version: unknown };

/** An event read for a view: its stored link ids travel with it (see `stored-link-ids.ts`). */
const viewed = (row: EventOrmEntity): CalendarEvent => rememberLinks(toDomain(row), row.linkIds);

/** Lists filtered only by dates and statuses (the default list, date ranges) are counted from per-day counts. */
function countedByDay(c: EventCriteria): boolean {
  return (
    c.restrictNonPublishToAuthor === null &&
    c.dueUntilUtc === undefined &&
    c.statuses.length > 0 &&
    !c.searchWords?.length &&
    !c.excludedWords?.length &&
    [c.categoryIds, c.tagIds, c.venueIds, c.organizerIds, c.nearVenueIds, c.include].every((ids) => ids === undefined) &&
    [c.featured, c.ticketed, c.geoloc, c.postParent].every((v) => v === undefined)
  );
}


function isUniqueViolation(e: unknown): boolean {
  const code = driverErrorCode(e) ?? '';
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT');
}

/** A `future` event whose publication date has come (§3.5 read-time rule, up to the criteria's `dueUntilUtc`). */
const due = (c: EventCriteria, bind: Bind) => `(e.status = 'future' AND e.date_utc <= ${bind(c.dueUntilUtc)})`;

/** The statuses a list shows, as SQL values (an empty list matches nothing). */
const statusesOf = (c: EventCriteria) => (c.statuses.length ? c.statuses : ['-none-']);

/**
 * The status condition of a list: with the read-time rule on, a due `future` event matches as `publish` and no longer
 * as `future`.
 */
function shownStatusIn(column: string, c: EventCriteria, bind: Bind): string {
  const plain = `${column} IN (${statusesOf(c).map(bind).join(', ')})`;
  if (c.dueUntilUtc === undefined) return plain;
  const publish = c.statuses.includes('publish');
  const future = c.statuses.includes('future');
  if (publish === future) return plain; // both or neither: a due event matches, or not, either way
  return publish ? `(${plain} OR ${due(c, bind)})` : `(${plain} AND NOT ${due(c, bind)})`;
}

/** A link filter of the criteria: the kind of link and the ids it names. */
interface LinkFilter {
  kind: LinkKind;
  ids: number[];
}

/** The criteria's link filters, the most selective kinds first. */
function linkFilters(c: EventCriteria): LinkFilter[] {
  const filters: Array<[LinkKind, number[] | undefined]> = [
    ['venue', c.venueIds],
    ['organizer', c.organizerIds],
    ['venue', c.nearVenueIds],
    ['term', c.tagIds],
    ['term', c.categoryIds],
  ];
  return filters.flatMap(([kind, ids]) => (ids === undefined ? [] : [{ kind, ids }]));
}

interface DrivingLink extends LinkFilter {
  /** The one record the filter names (that filter is the join itself). */
  id: number;
}

/**
 * The link filter a list query starts from: the first one naming a single record. Filters naming several records (a
 * category with its descendants) keep the events index walk: ordering the union of several link ranges would need a
 * sort of all their events.
 */
function drivingLink(c: EventCriteria): DrivingLink | null {
  const single = linkFilters(c).find((f) => f.ids.length === 1);
  return single ? { ...single, id: single.ids[0] } : null;
}

/**
 * A list filtered by one kind of link and otherwise only by dates and statuses is answered from the link index alone
 * (link rows carry the event's status, start, end and hidden flag).
 */
function linkOnly(c: EventCriteria): LinkFilter | null {
  if (c.dueUntilUtc !== undefined) return null; // the link rows know the event's status, not its publication date
  const given = linkFilters(c);
  if (given.length !== 1 || given[0].ids.length === 0) return null;
  const withoutLinks = { ...c, venueIds: undefined, organizerIds: undefined, nearVenueIds: undefined, tagIds: undefined, categoryIds: undefined };
  return countedByDay(withoutLinks) ? given[0] : null;
}

/** ADAPTER: events in the `events` table, links in `event_venues`, `event_organizers`, `event_terms`. */
@Injectable()
export class TypeOrmEventRepository extends EventRepository {
  /**
   * How many link rows read in a range cost as much as one probe of an event's link rows (see `probesTerms`). Static
   * so the repository contract test can run the probing plan on small data (0: always probe).
   */
  static probeCostInLinkRows = 250;

  private readonly search: EventSearchIndex;
  readonly pagesCarryRows: boolean;
  private readonly listedColumns: string;
  private readonly stampById?: (id: number) => Promise<StampRow | null>;
  private readonly readDataVersion: () => Promise<number>;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.search = new EventSearchIndex(dataSource);
    this.pagesCarryRows = dataSource.options.type === 'mysql';
    this.listedColumns = listedColumns(dataSource);
    // The reads shared by requests run outside any unit of work (on the data source's own manager), whichever request
    // happened to start their batch.
    const readDataVersion = async () => {
      const [row] = await readRows<{ data_version: unknown }>(dataSource.manager, `SELECT ${DATA_VERSION_COLUMN}`, []);
      return Number(row.data_version);
    };
    // MySQL: single reads by id that arrive together share one statement, and list pages one read of the data version
    // (SQLite's statements are plain calls).
    if (dataSource.options.type === 'mysql') this.stampById = batchedById((ids) => this.stampsWithDataVersion(ids));
    this.readDataVersion = dataSource.options.type === 'mysql' ? sharedPerTurn(readDataVersion) : readDataVersion;
  }

  private get manager() {
    return managerOf(this.dataSource);
  }

  private query(): SelectQueryBuilder<EventOrmEntity> {
    return this.manager.getRepository(EventOrmEntity).createQueryBuilder('e');
  }

  /**
   * Rows by a plain SQL condition on `e`, read as entity-shaped objects (columns aliased to their property names). The
   * reads of every single-event request and list page: building them through the query builder cost more CPU than
   * running them.
   */
  private rowsWhere(condition: string, params: unknown[]): Promise<EventOrmEntity[]> {
    // The folded search keys are never read back (the longest columns of a row: up to 18 times its text).
    return this.columnsWhere(shownColumnsAs(this.dataSource, EventOrmEntity, 'e'), condition, params);
  }

  /** `columns` (of `e`, aliased to properties) of the events matching a plain SQL condition. */
  private async columnsWhere<Row>(columns: string, condition: string, params: unknown[]): Promise<Row[]> {
    return readRows<Row>(this.manager, `SELECT ${columns} FROM events e WHERE ${condition}`, params);
  }

  async findPage(c: EventCriteria, page: EventPageRequest): Promise<{ rows: ListedEvent[]; total: number; dataVersion: number }> {
    const { entries, total, dataVersion } = await this.pageOf<ListedRow>(c, page, this.listedColumns);
    return { rows: entries.map(listed), total, dataVersion };
  }

  async findPageStamps(c: EventCriteria, page: EventPageRequest): Promise<{ stamps: EventStamp[]; total: number; dataVersion: number }> {
    const { entries, total, dataVersion } = await this.pageOf<Record<keyof EventStamp, unknown>>(c, page, STAMP_COLUMNS);
    return { stamps: entries.map(stampOf), total, dataVersion };
  }

  /**
   * One page of matching events, read with `columns` (of `e`), and the total: one statement (issue 18: on MySQL each
   * statement is a round trip). The page and the total stay separate subqueries — a window function (COUNT(*) OVER ())
   * would make the database read and sort every matching row: the page is found in the index alone — its ids, walking
   * (status, start, id) or a link's (link id, status, start, event_id) in list order and stopping at the limit, skipped
   * rows never read — and only its rows are joined; the total is the day counts' or the link rows' count. The total's
   * one-row table is joined to the page (an empty page still gives it), and the rows are put in list order here.
   *
   * A search the search index answers alone is found there: the index rows of all its matches are read for the total
   * anyway, so one query with COUNT(*) OVER () gives the page, and a second reads its rows.
   */
  private async pageOf<Row extends { id: unknown }>(
    c: EventCriteria,
    page: EventPageRequest,
    columns: string,
  ): Promise<{ entries: Row[]; total: number; dataVersion: number }> {
    if (this.search.answersAlone(c)) {
      const { ids, total, dataVersion } = await this.search.page(this.manager, c, page);
      return { entries: await this.columnsByIds<Row>(ids, columns), total, dataVersion };
    }
    const { sql: pageSql, params: pageParams, driver } = await this.pageSql(c, page);
    const { sql: totalSql, params: totalParams } = this.totalSql(c, driver);
    const rows = await readRows<Row & { pageTotal: unknown; pageStart: unknown; data_version: unknown }>(
      this.manager,
      `SELECT t.n AS pageTotal, ${DATA_VERSION_COLUMN}, pe.* FROM (${totalSql}) t LEFT JOIN ` +
        `(SELECT pg.pageStart AS pageStart, ${columns} FROM (${pageSql}) pg JOIN events e ON e.id = pg.id) pe ON 1 = 1`,
      [...totalParams, ...pageParams],
    );
    const entries = rows
      .filter((row) => row.id !== null && row.id !== undefined)
      .sort((a, b) => (a.pageStart === b.pageStart ? Number(a.id) - Number(b.id) : String(a.pageStart) < String(b.pageStart) ? -1 : 1));
    return { entries, total: Number(rows[0]?.pageTotal ?? 0), dataVersion: Number(rows[0]?.data_version) };
  }

  /** The page's ids in list order (`id`, and its start as `pageStart`), with LIMIT and OFFSET; and the driving link. */
  private async pageSql(c: EventCriteria, page: EventPageRequest): Promise<{ sql: string; params: unknown[]; driver: DrivingLink | null }> {
    const links = linkOnly(c);
    if (links && links.ids.length === 1) {
      const { sql, params } = this.linkSql(c, links, 'page');
      return { sql: `${sql} LIMIT ? OFFSET ?`, params: [...params, page.limit, page.offset], driver: null };
    }
    const driver = drivingLink(c);
    const probeTerms = driver ? false : await this.probesTerms(c, page);
    const { bind, params } = positional();
    const { join, where } = this.listConditions(c, driver, bind, probeTerms);
    const [start, id] = driver ? [`d.event_start_${c.mode === 'event' ? 'local' : 'utc'}`, 'd.event_id'] : [COLUMN[c.mode].start, 'e.id'];
    // MariaDB estimates `ref` on the leading status column as cheap as the range on (status, start) of the same index,
    // and then walks every published event from the oldest on (118 ms instead of 0.1 ms at 1,000,000 events; `USE
    // INDEX` does not stop it): the page query forces the range.
    const force = !driver && this.dataSource.options.type === 'mysql' ? ` FORCE INDEX (events_list_${CLOCK[c.mode].clock})` : '';
    const sql =
      `SELECT ${id} AS id, ${start} AS pageStart FROM events e${force}${join} WHERE ${where} ` +
      `ORDER BY ${start} ASC, ${id} ASC LIMIT ${Number(page.limit)} OFFSET ${Number(page.offset)}`;
    return { sql, params, driver };
  }

  /** These events' `columns` (of `e`), in the order given; ids without an event are left out. */
  private async columnsByIds<Row extends { id: unknown }>(ids: number[], columns: string): Promise<Row[]> {
    if (ids.length === 0) return [];
    const rows = await this.columnsWhere<Row>(columns, `e.id IN (${marks(ids.length)})`, ids);
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
  }

  async findByIds(ids: number[]): Promise<ListedEvent[]> {
    return (await this.columnsByIds<ListedRow>(ids, this.listedColumns)).map(listed);
  }

  /**
   * The page (event ids in list order) or the count of a link-only list, from the link rows alone: one link walks its
   * `(link id, status, start, event_id, hidden, end)` index in order; several are counted without duplicates. `locked`
   * counts only the protected events the reader may not see unlocked (the total's correction, §6.11).
   */
  private linkSql(c: EventCriteria, links: LinkFilter, what: 'page' | 'count' | 'locked'): { sql: string; params: unknown[] } {
    const { table, column } = LINK_TABLES[links.kind];
    const clock = CLOCK[c.mode];
    const conditions = [
      links.ids.length === 1 ? `d.${column} = ?` : `d.${column} IN (${marks(links.ids.length)})`,
      `d.event_status IN (${marks(c.statuses.length)})`,
      'd.event_hidden = 0',
      ...c.bounds.map((b) => `d.event_${b.field === 'start' ? clock.start : clock.end} ${b.op} ?`),
    ];
    const params: unknown[] = [...links.ids, ...c.statuses, ...c.bounds.map((b) => b.value)];
    if (what !== 'count' && lockedMatches(c) === 'never') {
      const { bind, params: lockedParams } = positional();
      const lockedIds = this.lockedIdsSql(c.maskedFor!, bind);
      // `IN` as a comparison: a plain `IN` becomes a semi-join MariaDB runs as FirstMatch over every protected id for
      // each link row (56 ms for a venue's 97 events at 1,000,000 events, 9,965 protected); this way it reads them once.
      conditions.push(what === 'page' ? `d.event_id NOT IN (${lockedIds})` : `(d.event_id IN (${lockedIds})) = 1`);
      params.push(...lockedParams);
    }
    const where = `WHERE ${conditions.join(' AND ')}`;
    // As for the events index: MariaDB would take `ref` on (link id, status) and read all of that link's events; for
    // the locked ones it would probe the link rows of every protected event (random reads all over the table).
    const force = this.dataSource.options.type === 'mysql' ? ` FORCE INDEX (${table}_list_${clock.clock})` : '';
    if (what !== 'page') {
      const counted = links.ids.length === 1 ? 'COUNT(*)' : 'COUNT(DISTINCT d.event_id)';
      return { sql: `SELECT ${counted} AS n FROM ${table} d${what === 'locked' ? force : ''} ${where}`, params };
    }
    return {
      sql: `SELECT d.event_id AS id, d.event_${clock.start} AS pageStart FROM ${table} d${force} ${where} ORDER BY d.event_${clock.start}, d.event_id`,
      params,
    };
  }

  /** The statement counting a list's matches (as `n`). */
  private totalSql(c: EventCriteria, driver: DrivingLink | null): { sql: string; params: unknown[] } {
    const links = linkOnly(c);
    const category =
      links && c.categoryTree !== undefined && links.ids === c.categoryIds ? { tree: c.categoryTree, ids: links.ids, buckets: ALL_EVENTS } : undefined;
    if (links && !category) return this.withoutLockedMatches(c, this.linkSql(c, links, 'count'), links);
    if (category || countedByDay(c)) {
      const clock = CLOCK[c.mode];
      const exact = {
        sql: ['e.hide_from_listings = 0', `e.status IN (${marks(c.statuses.length)})`]
          .concat(c.bounds.map((b) => `e.${b.field === 'start' ? clock.start : clock.end} ${b.op} ?`))
          .join(' AND '),
        params: [...c.statuses, ...c.bounds.map((b) => b.value)],
      };
      const driver = this.dataSource.options.type === 'mysql' ? 'mysql' : 'sqlite';
      const plan = dayCountPlan(c.bounds);
      const counted = dayCountTotalSql(plan, c.statuses, clock, exact, driver, category);
      // Counted by day alone (no link filter): no masked field is filtered on, nothing to take off.
      if (!links) return counted;
      if (category && lockedMatches(c) === 'never' && c.maskedFor?.authorId === null && c.maskedFor.password === null) {
        // An anonymous reader may see no protected event unlocked: all of them are taken off, from their own buckets.
        const protectedExact = { sql: `${exact.sql} AND e.post_password <> ''`, params: exact.params };
        const locked = dayCountTotalSql(plan, c.statuses, clock, protectedExact, driver, { ...category, buckets: PROTECTED_EVENTS });
        return { sql: `SELECT (${counted.sql}) - (${locked.sql}) AS n`, params: [...counted.params, ...locked.params] };
      }
      return this.withoutLockedMatches(c, counted, links);
    }
    const { bind, params } = positional();
    const { join, where } = this.listConditions(c, driver, bind);
    return { sql: `SELECT COUNT(*) AS n FROM events e${join} WHERE ${where}`, params };
  }

  /**
   * A link-only list's total taken from maintained counts (link rows, category buckets), which count every event, less
   * the protected events the reader may not see unlocked that it counted (§6.11: the filter sees their masked values and
   * matches none of them), counted in the list's own link rows, the protected ids read from `events_protected` alone.
   * For editors the count is unchanged. (Probing the event and link rows of every protected event by key read them
   * from all over tables larger than the buffer pool at 1,000,000 events: `categories=music` 0.68 s, against 0.03 s
   * from the category's link range.)
   */
  private withoutLockedMatches(c: EventCriteria, counted: { sql: string; params: unknown[] }, links: LinkFilter): { sql: string; params: unknown[] } {
    if (lockedMatches(c) !== 'never') return counted;
    const matches = this.linkSql(c, links, 'locked');
    return { sql: `SELECT (SELECT cn.n FROM (${counted.sql}) cn) - (${matches.sql}) AS n`, params: [...counted.params, ...matches.params] };
  }

  private usingIndex(index: string): string {
    return this.dataSource.options.type === 'mysql' ? ` FORCE INDEX (${index})` : ` INDEXED BY ${index}`;
  }

  /**
   * The protected events (non-empty password, found by the `events_protected` range) that this reader may not see
   * unlocked (§6.11: not their author, not the password sent; compared in binary, as `searchedKey`), as a condition on
   * `alias`.
   */
  private lockedSql(alias: string, reader: { authorId: number | null; password: string | null }, bind: Bind): string {
    const mysql = this.dataSource.options.type === 'mysql';
    // SQLite reads a range for `>`, not for `<>`; MySQL for both (the column is NO PAD binary there: ' ' <> '' holds).
    const conditions = [mysql ? `${alias}.post_password <> ''` : `${alias}.post_password > ''`];
    if (reader.authorId !== null) conditions.push(`${alias}.author_id <> ${bind(reader.authorId)}`);
    if (reader.password !== null) conditions.push(`NOT (${mysql ? 'BINARY ' : ''}${alias}.post_password = ${bind(reader.password)})`);
    return conditions.join(' AND ');
  }

  /** The ids of `lockedSql`'s events: a small set, read once by the query it is part of. */
  private lockedIdsSql(reader: { authorId: number | null; password: string | null }, bind: Bind): string {
    return `SELECT lp.id FROM events lp${this.usingIndex('events_protected')} WHERE ${this.lockedSql('lp', reader, bind)}`;
  }

  /** The stored rows' bucket columns, locked on MySQL (the caller is about to change them). */
  private async countedRows(ids: number[]): Promise<CountedEventRow[]> {
    if (ids.length === 0) return [];
    const m = this.manager;
    return (await m.query(`SELECT ${COUNTED_COLUMNS} FROM events WHERE id IN (${marks(ids.length)})${forUpdate(m)}`, ids)) as CountedEventRow[];
  }

  /**
   * With a driving link (one venue, organizer or term), the query starts from its link rows (alias `d`), whose
   * `(link id, status, start, event_id)` index yields that record's events of one status in list order: status and
   * start bounds are read from the link row, everything else from the event.
   */
  /**
   * The key a search matches (§8.4): the whole text of the events the reader may see unlocked, only the title of the
   * other protected ones (`public_search_key`, NULL for an unprotected event). The password compares in binary, as the
   * service compares it (MySQL's default collation would ignore case).
   */
  private searchedKey(bind: Bind, reader: ProtectedTextReader = { authorId: null, password: null }): string {
    if (reader === 'all') return 'e.search_key';
    const readable = ['e.public_search_key IS NULL'];
    if (reader.authorId !== null) readable.push(`e.author_id = ${bind(reader.authorId)}`);
    if (reader.password !== null) readable.push(`${this.dataSource.options.type === 'mysql' ? 'BINARY ' : ''}e.post_password = ${bind(reader.password)}`);
    return `(CASE WHEN ${readable.join(' OR ')} THEN e.search_key ELSE e.public_search_key END)`;
  }

  /**
   * Whether a page walking the events index should test the category/tag filter per event (a probe of the event's link
   * rows) instead of `IN (its link rows)`, which reads every link row of the terms first: 126 ms for a category with
   * its sub-categories (190,000 links) at 1,000,000 events, against 9 ms probing the ~50 events walked for a first
   * page. Probing costs a lookup per event walked — about (offset + limit) × events / links of them — so it is chosen
   * only while that costs less than reading the links (a probe taken as ~250 link rows read: a random page of the
   * link table against a sequential range). Events are estimated by their id span, links by the terms' maintained
   * published counts: an estimate only decides the plan, never the answer.
   */
  private async probesTerms(c: EventCriteria, page: EventPageRequest): Promise<boolean> {
    const ids = [...(c.categoryIds ?? []), ...(c.tagIds ?? [])];
    if (ids.length === 0) return false;
    const [row] = (await this.manager.query(
      `SELECT (SELECT COALESCE(SUM(event_count), 0) FROM terms WHERE id IN (${marks(ids.length)})) AS links, ` +
        // Two scalar subqueries: SQLite reads MAX and MIN from the key only when each is alone in its SELECT.
        '(SELECT MAX(id) FROM events) - (SELECT MIN(id) FROM events) + 1 AS span',
      ids,
    )) as Array<{ links: unknown; span: unknown }>;
    const links = Number(row?.links ?? 0);
    const events = Number(row?.span ?? 0);
    if (links === 0 || events === 0) return false;
    const walked = ((page.offset + page.limit) * events) / links;
    return walked * TypeOrmEventRepository.probeCostInLinkRows < links;
  }

  /**
   * A list's conditions on `e` (joined by AND) and the join of its driving link (alias `d`), as plain SQL: `bind` takes
   * each value where its placeholder is written, so the values come in the order of the placeholders.
   */
  private listConditions(c: EventCriteria, driver: DrivingLink | null, bind: Bind, probeTerms = false): { join: string; where: string } {
    const where: string[] = [];
    const startColumn = driver ? `d.event_start_${c.mode === 'event' ? 'local' : 'utc'}` : COLUMN[c.mode].start;
    let join = '';
    if (driver) {
      const { table, column } = LINK_TABLES[driver.kind];
      join = ` INNER JOIN ${table} d ON d.event_id = e.id`;
      where.push(`d.${column} = ${bind(driver.id)}`, shownStatusIn('d.event_status', c, bind), 'e.hide_from_listings = 0');
    } else {
      where.push('e.hide_from_listings = 0', shownStatusIn('e.status', c, bind));
    }
    if (c.restrictNonPublishToAuthor !== null) {
      const published = c.dueUntilUtc === undefined ? "e.status = 'publish'" : `(e.status = 'publish' OR ${due(c, bind)})`;
      where.push(`(${published} OR e.author_id = ${bind(c.restrictNonPublishToAuthor)})`);
    }
    for (const b of c.bounds) where.push(`${b.field === 'start' ? startColumn : COLUMN[c.mode].end} ${b.op} ${bind(b.value)}`);
    if (c.searchWords?.length || c.excludedWords?.length) {
      where.push(...this.search.narrowing(c, bind));
      const key = (negated: boolean) => (w: string) => textContains(this.dataSource, this.searchedKey(bind, c.protectedTextReader), w, bind, negated);
      where.push(...(c.searchWords ?? []).map(key(false)), ...(c.excludedWords ?? []).map(key(true)));
    }
    const inLinks = (key: string, table: string, column: string, ids: number[] | undefined, probe = false) => {
      if (ids === undefined || (driver && ids === driver.ids)) return;
      if (ids.length === 0) {
        where.push('1 = 0');
        return;
      }
      const among = `${key}.${column} IN (${ids.map(bind).join(', ')})`;
      // A probe is a scalar subquery on purpose: MySQL and MariaDB turn `IN`/`EXISTS` into a semi-join that reads
      // every link row first, whatever the page needs.
      where.push(
        probe
          ? `(SELECT COUNT(*) FROM ${table} ${key} WHERE ${key}.event_id = e.id AND ${among}) > 0`
          : `e.id IN (SELECT ${key}.event_id FROM ${table} ${key} WHERE ${among})`,
      );
    };
    inLinks('lc', 'event_terms', 'term_id', c.categoryIds, probeTerms);
    inLinks('lt', 'event_terms', 'term_id', c.tagIds, probeTerms);
    inLinks('lv', 'event_venues', 'venue_id', c.venueIds);
    inLinks('lo', 'event_organizers', 'organizer_id', c.organizerIds);
    inLinks('lg', 'event_venues', 'venue_id', c.nearVenueIds);
    if (c.featured !== undefined) where.push(`e.featured = ${bind(c.featured ? 1 : 0)}`);
    if (c.ticketed !== undefined) where.push(`e.ticketed = ${bind(c.ticketed ? 1 : 0)}`);
    if (c.geoloc !== undefined) {
      const sub =
        'SELECT gv.event_id FROM event_venues gv JOIN venues v ON v.id = gv.venue_id WHERE v.geo_lat IS NOT NULL AND v.geo_lng IS NOT NULL';
      // §6.11: a protected event the reader may not see unlocked has no venue in its list item, so no coordinates.
      if (lockedMatches(c) === 'always') where.push(`(e.id NOT IN (${sub}) OR e.id IN (${this.lockedIdsSql(c.maskedFor!, bind)}))`);
      else where.push(`e.id ${c.geoloc ? 'IN' : 'NOT IN'} (${sub})`);
    }
    if (c.include !== undefined) where.push(c.include.length === 0 ? '1 = 0' : `e.id IN (${c.include.map(bind).join(', ')})`);
    if (c.postParent !== undefined) where.push(`e.post_parent = ${bind(c.postParent)}`);
    // §6.11: the filters on masked fields match none of the protected events the reader may not see unlocked.
    if (lockedMatches(c) === 'never') where.push(`e.id NOT IN (${this.lockedIdsSql(c.maskedFor!, bind)})`);
    return { join, where: where.join(' AND ') };
  }

  async findById(id: number): Promise<CalendarEvent | null> {
    const [row] = await this.rowsWhere('e.id = ?', [id]);
    return row ? viewed(row) : null;
  }

  async findBySlug(slug: string): Promise<CalendarEvent | null> {
    const [row] = await this.rowsWhere('e.slug = ?', [slug.toLowerCase()]);
    return row ? viewed(row) : null;
  }

  async findWithDataVersion(target: { id: number } | { slug: string }): Promise<ReadEvent | null> {
    const [row] = await this.oneWithDataVersion<EventOrmEntity>(shownColumnsAs(this.dataSource, EventOrmEntity, 'e'), target);
    return row ? { event: viewed(row), dataVersion: Number(row.data_version) } : null;
  }

  async findStampWithDataVersion(target: { id: number } | { slug: string }): Promise<ReadStamp | null> {
    const row = 'id' in target && this.stampById ? await this.stampById(target.id) : (await this.oneWithDataVersion<StampRow>(STAMP_COLUMNS, target))[0];
    return row ? { stamp: stampOf(row), dataVersion: Number(row.data_version) } : null;
  }

  currentDataVersion(): Promise<number> {
    return this.readDataVersion();
  }

  /** The stamps of these events with the data version, by id: one statement, outside any unit of work (batched). */
  private async stampsWithDataVersion(ids: number[]): Promise<Map<number, StampRow>> {
    const rows = await readRows<StampRow>(
      this.dataSource.manager,
      `SELECT ${STAMP_COLUMNS}, ${DATA_VERSION_COLUMN} FROM events e WHERE e.id IN (${marks(ids.length)})`,
      ids,
    );
    return new Map(rows.map((row) => [Number(row.id), row]));
  }

  private oneWithDataVersion<Row>(columns: string, target: { id: number } | { slug: string }): Promise<Array<Row & { data_version: unknown }>> {
    const [condition, key] = 'id' in target ? ['e.id = ?', target.id] : ['e.slug = ?', target.slug.toLowerCase()];
    return this.columnsWhere(`${columns}, ${DATA_VERSION_COLUMN}`, condition, [key]);
  }

  async lockById(id: number): Promise<CalendarEvent | null> {
    const [row] = await this.rowsWhere(`e.id = ?${forUpdate(this.manager)}`, [id]);
    return row ? toDomain(row) : null;
  }

  async shareById(id: number): Promise<CalendarEvent | null> {
    const [row] = await this.rowsWhere(`e.id = ?${forShare(this.manager)}`, [id]);
    return row ? viewed(row) : null;
  }

  async lockBySlug(slug: string): Promise<CalendarEvent | null> {
    const [row] = await this.rowsWhere(`e.slug = ?${forUpdate(this.manager)}`, [slug.toLowerCase()]);
    return row ? toDomain(row) : null;
  }

  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const q = this.query().select('e.id').where('e.slug = :slug', { slug: slug.toLowerCase() });
    if (exceptId !== undefined) q.andWhere('e.id <> :exceptId', { exceptId });
    return (await q.getCount()) > 0;
  }

  async slugFamily(base: string, exceptId?: number): Promise<Set<string>> {
    const lower = base.toLowerCase();
    const q = this.manager
      .getRepository(EventOrmEntity)
      .createQueryBuilder('e')
      .select('e.slug', 'slug')
      // `base-…` as a byte range ('-' is 0x2D, '.' 0x2E; slug columns compare bytes on both databases): an index range
      // scan, where SQLite's case-insensitive LIKE would scan the table.
      .where('(e.slug = :base OR (e.slug >= :familyFrom AND e.slug < :familyTo))', { base: lower, familyFrom: `${lower}-`, familyTo: `${lower}.` });
    if (exceptId !== undefined) q.andWhere('e.id <> :exceptId', { exceptId });
    const rows: Array<{ slug: string }> = await q.getRawMany();
    return new Set(rows.map((r) => r.slug));
  }

  async insert(event: CalendarEvent): Promise<void> {
    const row = toRow(event);
    row.linkIds = NO_LINK_IDS; // its links, if any, are written next (saveLinks)
    try {
      await this.manager.getRepository(EventOrmEntity).insert(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw new SlugConflictError();
      throw e;
    }
    await this.search.written(this.manager, row, null);
    const delta: CountDelta = new Map();
    countRow(delta, countedColumnsOf(event), 1);
    await adjustListCounts(this.manager, delta);
  }

  async update(event: CalendarEvent): Promise<void> {
    await shareCategoryTree(this.manager);
    const [stored] = await this.countedRows([event.id]);
    if (!stored) throw new Error(`event ${event.id} was not taken before its update`);
    const indexed = await this.search.held(this.manager, event.id);
    const row = toRow(event);
    const { id: _id, ...rest } = row;
    try {
      await this.manager.getRepository(EventOrmEntity).update({ id: event.id }, rest);
    } catch (e) {
      if (isUniqueViolation(e)) throw new SlugConflictError();
      throw e;
    }
    await this.search.written(this.manager, row, indexed);
    await syncLinkedEvent(this.manager, event);
    const delta: CountDelta = new Map();
    const after = countedColumnsOf(event);
    countRow(delta, stored, -1);
    countRow(delta, after, 1);
    await adjustListCounts(this.manager, delta);
    if (movesBuckets(delta, stored, after)) await recountInCategories(this.manager, [{ id: event.id, before: stored, after }]);
  }

  async saveLinks(eventId: number, links: Partial<EventLinks>): Promise<void> {
    const m = this.manager;
    if (links.venueIds) await replaceLinks(m, 'venue', eventId, links.venueIds);
    if (links.organizerIds) await replaceLinks(m, 'organizer', eventId, links.organizerIds);
    if (links.termIds) await this.replaceTermLinks(eventId, links.termIds);
    if (links.venueIds || links.organizerIds || links.termIds) await refreshLinkIds(m, [eventId]);
  }

  /** Replaces the event's terms; its buckets leave the subtrees of its old categories and join those of the new. */
  private async replaceTermLinks(eventId: number, termIds: number[]): Promise<void> {
    const m = this.manager;
    const tree = await readCategoryTree(m); // before the terms are taken (see category-tree-counts.ts)
    const before = subtreesOf(tree, (await categoryLinksOf(m, tree, [eventId])).get(eventId) ?? []);
    await replaceLinks(m, 'term', eventId, termIds);
    const after = subtreesOf(tree, termIds);
    const [row] = await this.countedRows([eventId]);
    if (!row) return;
    const delta = newCategoryDelta();
    countInSubtrees(delta, before, row, -1);
    countInSubtrees(delta, after, row, 1);
    await adjustCategoryCounts(m, delta);
  }

  async remove(id: number): Promise<void> {
    const m = this.manager;
    const delta: CountDelta = new Map();
    const stored = await this.countedRows([id]);
    for (const row of stored) countRow(delta, row, -1);
    if (stored.length) await recountInCategories(m, [{ id, before: stored[0], after: null }]);
    const indexed = await this.search.held(m, id);
    await removeLinksOf(m, [id]);
    await m.query('UPDATE events SET post_parent = 0 WHERE post_parent = ?', [id]);
    await m.query('DELETE FROM events WHERE id = ?', [id]);
    await this.search.removed(m, indexed);
    await adjustListCounts(m, delta);
  }

  async loadLinks(eventIds: number[]): Promise<Map<number, EventLinks>> {
    const out = new Map<number, EventLinks>();
    for (const id of eventIds) out.set(id, { venueIds: [], organizerIds: [], termIds: [] });
    if (eventIds.length === 0) return out;
    const m = this.manager;
    const load = async (table: string, column: string, ordered: boolean) =>
      (await m
        .createQueryBuilder()
        .select(['l.event_id AS event_id', `l.${column} AS ref`])
        .from(table, 'l')
        .where('l.event_id IN (:...ids)', { ids: eventIds })
        .orderBy('l.event_id', 'ASC')
        .addOrderBy(ordered ? 'l.position' : `l.${column}`, 'ASC')
        .getRawMany()) as Array<{ event_id: unknown; ref: unknown }>;
    for (const r of await load('event_venues', 'venue_id', true)) out.get(Number(r.event_id))?.venueIds.push(Number(r.ref));
    for (const r of await load('event_organizers', 'organizer_id', true)) out.get(Number(r.event_id))?.organizerIds.push(Number(r.ref));
    for (const r of await load('event_terms', 'term_id', false)) out.get(Number(r.event_id))?.termIds.push(Number(r.ref));
    return out;
  }

  async childIds(id: number): Promise<number[]> {
    const rows = (await this.manager.query('SELECT id FROM events WHERE post_parent = ?', [id])) as Array<{ id: unknown }>;
    return rows.map((r) => Number(r.id));
  }

  async publishDue(nowUtc: string): Promise<number> {
    const m = this.manager;
    const due = (await m.query(`SELECT id, ${COUNTED_COLUMNS} FROM events WHERE status = 'future' AND date_utc <= ?${forUpdate(m)}`, [
      nowUtc,
    ])) as Array<CountedEventRow & { id: unknown }>;
    if (due.length === 0) return 0;
    const ids = due.map((r) => Number(r.id));
    await recountInCategories(
      m,
      due.map((row) => ({ id: Number(row.id), before: row, after: { ...row, status: 'publish' } })),
    );
    await m.query(`UPDATE events SET status = 'publish' WHERE id IN (${marks(ids.length)})`, ids);
    await publishLinksOf(m, ids);
    await this.search.published(m, ids);
    const delta: CountDelta = new Map();
    for (const row of due) {
      countRow(delta, row, -1);
      countRow(delta, { ...row, status: 'publish' }, 1);
    }
    await adjustListCounts(m, delta);
    return ids.length;
  }

  async earliestScheduledUtc(): Promise<string | null> {
    // The (status, date_utc) index answers it without reading the table.
    const [row] = (await this.manager.query("SELECT MIN(date_utc) AS due FROM events WHERE status = 'future'")) as Array<{ due: unknown }>;
    return row?.due === null || row?.due === undefined ? null : String(row.due);
  }

  async venueCoordinates(): Promise<Array<{ id: number; lat: number; lng: number }>> {
    const rows = (await this.manager.query(
      'SELECT id, geo_lat, geo_lng FROM venues WHERE geo_lat IS NOT NULL AND geo_lng IS NOT NULL',
    )) as Array<{ id: unknown; geo_lat: unknown; geo_lng: unknown }>;
    return rows.map((r) => ({ id: Number(r.id), lat: Number(r.geo_lat), lng: Number(r.geo_lng) }));
  }
}

