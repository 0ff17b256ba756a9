import { DataSource, EntityTarget, FindOptionsWhere, In, SelectQueryBuilder } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { marks, shownColumnsAs } from '../../../../database/raw-columns';
import { readRows } from '../../../../database/read-rows';
import { forUpdate, managerOf } from '../../../../database/typeorm-unit-of-work';
import type { Page } from '../../../../shared/domain/page';
import { offsetOf } from '../../../../shared/domain/page';
import { fold } from '../../../../shared/domain/text';
import { textContains } from '../../../../database/text-contains';
import { readEventAccessStamp } from '../../../../database/event-access-stamp';
import type { EventAccessStamp } from '../../../../shared/domain/event-links-access';
import type { LinkedRecord } from '../../domain/linked-record';
import { DuplicateViewer, LinkedRecordListCriteria, LinkedRecordRepository } from '../../domain/linked-record.repository';
import { LinkedRecordColumns } from './linked-record-columns';
import { unlinkFromEvents } from '../../../events/infrastructure/typeorm/event-link-tables';

// TypeORM's option types cannot be resolved for a generic entity; these two name the shapes the shared queries use.
const whereId = <Row>(id: number | ReturnType<typeof In>) => ({ id }) as object as FindOptionsWhere<Row>;
const changes = <Row>(values: Partial<LinkedRecordColumns>) => values as object as QueryDeepPartialEntity<Row>;

/** Where one aggregate's records live: what differs between the venue and organizer tables. */
interface LinkedRecordTable<T, Row> {
  entity: EntityTarget<Row>;
  /** The events' link table (`event_venues`) and its column naming the record (`venue_id`). */
  links: { table: string; column: string };
  /** The folded key columns `search` looks in (§10.6). */
  searchColumns: readonly string[];
  toDomain: (row: Row) => T;
  toRow: (record: T) => Row;
}

/**
 * A record's status as shown, `due` being the placeholder of "now": §3.5's read-time rule makes a due `future` record
 * `publish` (the tables are small: no index walk to keep).
 */
const shownStatusSql = (due: string) => `(CASE WHEN r.status = 'future' AND r.date_utc <= ${due} THEN 'publish' ELSE r.status END)`;

/**
 * ADAPTER base: the queries venues and organizers share (pages with statuses, author visibility, search and event
 * filters; reads by id, ids, slug and event; trash, delete and unlink). Each subclass names its table and writes its
 * own duplicate query (§10.4), the one rule that differs.
 */
export abstract class TypeOrmLinkedRecordRepository<T extends LinkedRecord, Row extends LinkedRecordColumns, Probe> extends LinkedRecordRepository<T, Probe> {
  protected constructor(
    protected readonly dataSource: DataSource,
    private readonly table: LinkedRecordTable<T, Row>,
  ) {
    super();
  }

  /** A query on the record table, aliased `r`. */
  protected qb(): SelectQueryBuilder<Row> {
    return managerOf(this.dataSource).createQueryBuilder(this.table.entity, 'r');
  }

  protected toDomain(row: Row): T {
    return this.table.toDomain(row);
  }

  /** A duplicate search (§10.4) on the records not in the trash that `seenBy` may see (§3.4), as in the lists. */
  protected duplicateQuery(seenBy: DuplicateViewer): SelectQueryBuilder<Row> {
    const q = this.qb().where("r.status <> 'trash'");
    if (seenBy.restrictNonPublishToAuthor !== null) {
      q.andWhere(`(${shownStatusSql(':dupDue')} = 'publish' OR r.author_id = :dupAuthor)`, {
        dupDue: seenBy.dueUntilUtc,
        dupAuthor: seenBy.restrictNonPublishToAuthor,
      });
    }
    return q;
  }

  /**
   * Reads (lists and single GETs) are plain SQL mapped by the aggregate's row mapper: TypeORM's query building and
   * entity hydration cost more CPU than the queries (issue 18). Writes and locks keep the ORM.
   */
  private async rowsWhere(condition: string, params: unknown[], tail = ''): Promise<T[]> {
    const columns = shownColumnsAs(this.dataSource, this.table.entity, 'r');
    const sql = `SELECT ${columns} FROM ${this.tableName} r WHERE ${condition}${tail}`;
    const rows = await readRows<Row>(managerOf(this.dataSource), sql, params);
    return rows.map((r) => this.toDomain(r));
  }

  private get tableName(): string {
    return this.dataSource.getMetadata(this.table.entity).tableName;
  }

  async findPage(c: LinkedRecordListCriteria): Promise<Page<T>> {
    const { condition, params } = this.listCondition(c);
    const [{ n }] = (await managerOf(this.dataSource).query(`SELECT COUNT(*) AS n FROM ${this.tableName} r WHERE ${condition}`, params)) as Array<{
      n: unknown;
    }>;
    const items = await this.rowsWhere(condition, [...params, c.page.perPage, offsetOf(c.page)], ' ORDER BY r.date_utc DESC, r.id DESC LIMIT ? OFFSET ?');
    return { items, total: Number(n) };
  }

  /** The WHERE condition of a list (§10.6) with its `?` parameters in order. */
  private listCondition(c: LinkedRecordListCriteria): { condition: string; params: unknown[] } {
    const { table: links, column } = this.table.links;
    const conditions: string[] = [];
    const params: unknown[] = [];
    const shown = shownStatusSql('?');
    conditions.push(`${shown} IN (${marks(c.statuses.length)})`);
    params.push(c.dueUntilUtc, ...c.statuses);
    if (c.restrictNonPublishToAuthor !== null) {
      conditions.push(`(${shown} = 'publish' OR r.author_id = ?)`);
      params.push(c.dueUntilUtc, c.restrictNonPublishToAuthor);
    }
    if (c.fragments.length > 0) {
      // Every fragment in one of the key columns (§10.6).
      const bind = (value: unknown) => (params.push(value), '?');
      const inColumn = (key: string) => c.fragments.map((f) => textContains(this.dataSource, `r.${key}`, f, bind)).join(' AND ');
      conditions.push(`(${this.table.searchColumns.map((key) => `(${inColumn(key)})`).join(' OR ')})`);
    }
    if (c.eventId !== undefined) {
      conditions.push(`EXISTS (SELECT 1 FROM ${links} l WHERE l.${column} = r.id AND l.event_id = ?)`);
      params.push(c.eventId);
    }
    if (c.hasEvents === true) {
      conditions.push(
        `EXISTS (SELECT 1 FROM ${links} l JOIN events e ON e.id = l.event_id WHERE l.${column} = r.id AND e.status NOT IN ('draft', 'pending', 'trash'))`,
      );
    } else if (c.hasEvents === false) {
      conditions.push(`NOT EXISTS (SELECT 1 FROM ${links} l WHERE l.${column} = r.id)`);
    }
    if (c.upcomingAfterUtc !== undefined) {
      const visible = c.viewer.seesAll
        ? "e.status <> 'trash'"
        : c.viewer.userId !== null
          ? "(e.status = 'publish' OR (e.status <> 'trash' AND e.author_id = ?))"
          : "e.status = 'publish'";
      // §6.11: a protected event lists its venues and organizers only to callers who may see it unlocked (its author, or
      // the password, compared in binary as everywhere); LENGTH, not `= ''`: MySQL's PAD SPACE would take ' ' for ''.
      const password = this.dataSource.options.type === 'mysql' ? 'BINARY e.post_password = ?' : 'e.post_password = ?';
      const unlocked = c.viewer.seesAll
        ? ''
        : ` AND (LENGTH(e.post_password) = 0${c.viewer.userId !== null ? ' OR e.author_id = ?' : ''}${c.viewer.password ? ` OR ${password}` : ''})`;
      conditions.push(
        `EXISTS (SELECT 1 FROM ${links} l JOIN events e ON e.id = l.event_id WHERE l.${column} = r.id AND e.start_utc >= ? AND e.hide_from_listings = 0 AND ${visible}${unlocked})`,
      );
      params.push(c.upcomingAfterUtc, ...(c.viewer.userId !== null && !c.viewer.seesAll ? [c.viewer.userId] : []));
      if (!c.viewer.seesAll) params.push(...(c.viewer.userId !== null ? [c.viewer.userId] : []), ...(c.viewer.password ? [c.viewer.password] : []));
    }
    return { condition: conditions.join(' AND '), params };
  }

  async findById(id: number): Promise<T | null> {
    const [record] = await this.rowsWhere('r.id = ?', [id]);
    return record ?? null;
  }

  async findByIds(ids: number[]): Promise<T[]> {
    if (ids.length === 0) return [];
    return this.rowsWhere(`r.id IN (${marks(ids.length)})`, ids);
  }

  async findBySlug(slug: string): Promise<T | null> {
    const [record] = await this.rowsWhere('r.slug = ?', [fold(slug)]);
    return record ?? null;
  }

  async lockById(id: number): Promise<T | null> {
    return this.lockedWhere('r.id = :id', { id });
  }

  async lockBySlug(slug: string): Promise<T | null> {
    return this.lockedWhere('r.slug = :slug', { slug: fold(slug) });
  }

  private async lockedWhere(condition: string, params: Record<string, unknown>): Promise<T | null> {
    const q = this.qb().where(condition, params);
    if (forUpdate(managerOf(this.dataSource))) q.setLock('pessimistic_write');
    const row = await q.getOne();
    return row ? this.toDomain(row) : null;
  }

  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const q = this.qb().where('r.slug = :slug', { slug });
    if (exceptId !== undefined) q.andWhere('r.id <> :exceptId', { exceptId });
    return (await q.getCount()) > 0;
  }

  eventAccessStamp(eventId: number): Promise<EventAccessStamp | null> {
    return readEventAccessStamp(managerOf(this.dataSource), eventId);
  }

  async anyDue(nowUtc: string): Promise<boolean> {
    const found = await this.qb().select('r.id').where("r.status = 'future' AND r.date_utc <= :nowUtc", { nowUtc }).limit(1).getRawOne();
    return found !== undefined;
  }

  async publishDue(nowUtc: string): Promise<number> {
    const result = await managerOf(this.dataSource)
      .createQueryBuilder()
      .update(this.table.entity)
      .set(changes({ status: 'publish' }))
      .where("status = 'future' AND date_utc <= :nowUtc", { nowUtc })
      .execute();
    return result.affected ?? 0;
  }

  async insert(record: T): Promise<void> {
    await managerOf(this.dataSource).insert(this.table.entity, changes(this.table.toRow(record) as Partial<LinkedRecordColumns>));
  }

  async update(record: T): Promise<void> {
    const { id, ...columns } = this.table.toRow(record) as Partial<LinkedRecordColumns> & { id: number };
    await managerOf(this.dataSource).update(this.table.entity, whereId(id), changes(columns));
  }

  async trash(id: number, modifiedUtc: string): Promise<void> {
    await managerOf(this.dataSource).update(this.table.entity, whereId(id), changes({ status: 'trash', modifiedUtc }));
  }

  async remove(id: number): Promise<void> {
    await managerOf(this.dataSource).delete(this.table.entity, whereId(id));
  }

  async unlinkFromAllEvents(id: number): Promise<void> {
    await unlinkFromEvents(managerOf(this.dataSource), this.table.links, id);
  }
}
