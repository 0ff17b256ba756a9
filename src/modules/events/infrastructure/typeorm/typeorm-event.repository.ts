import { Injectable } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { managerOf } from '../../../../database/typeorm-unit-of-work';
import { escapeLike } from '../../../../shared/domain/text';
import { CalendarEvent, EventLinks } from '../../domain/calendar-event';
import { EventCriteria, EventPageRequest } from '../../domain/event-query';
import { EventRepository, SlugConflictError } from '../../domain/event.repository';
import { toDomain, toRow } from './event.mapper';
import { EventOrmEntity } from './event.orm-entity';

const COLUMN = {
  event: { start: 'e.start_local', end: 'e.end_local' },
  site: { start: 'e.start_utc', end: 'e.end_utc' },
} as const;

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; errno?: number; driverError?: { code?: string } };
  const code = err?.driverError?.code ?? err?.code ?? '';
  return code === 'ER_DUP_ENTRY' || String(code).startsWith('SQLITE_CONSTRAINT');
}

/** ADAPTER: events in the `events` table, links in `event_venues`, `event_organizers`, `event_terms`. */
@Injectable()
export class TypeOrmEventRepository extends EventRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get manager() {
    return managerOf(this.dataSource);
  }

  private query(): SelectQueryBuilder<EventOrmEntity> {
    return this.manager.getRepository(EventOrmEntity).createQueryBuilder('e');
  }

  async findPage(c: EventCriteria, page: EventPageRequest): Promise<{ rows: CalendarEvent[]; total: number }> {
    // The page and the total are two queries: a window function (COUNT(*) OVER ()) would make the database read and
    // sort every matching row; alone, the page query walks the (status, start) index in order and stops at the limit.
    const q = this.query();
    this.applyCriteria(q, c);
    q.orderBy(COLUMN[c.mode].start, 'ASC').addOrderBy('e.id', 'ASC').offset(page.offset).limit(page.limit);
    const rows = await q.getMany();
    const count = this.query().select('COUNT(*)', 'n');
    this.applyCriteria(count, c);
    const total = Number(((await count.getRawOne()) as { n: unknown } | undefined)?.n ?? 0);
    return { rows: rows.map(toDomain), total };
  }

  private applyCriteria(q: SelectQueryBuilder<EventOrmEntity>, c: EventCriteria): void {
    q.where('e.hide_from_listings = :hidden', { hidden: 0 });
    q.andWhere('e.status IN (:...statuses)', { statuses: c.statuses.length ? c.statuses : ['-none-'] });
    if (c.restrictNonPublishToAuthor !== null) {
      q.andWhere("(e.status = 'publish' OR e.author_id = :ownAuthor)", { ownAuthor: c.restrictNonPublishToAuthor });
    }
    c.bounds.forEach((b, i) => {
      q.andWhere(`${COLUMN[c.mode][b.field]} ${b.op} :bound${i}`, { [`bound${i}`]: b.value });
    });
    (c.searchWords ?? []).forEach((w, i) => {
      q.andWhere(`e.search_key LIKE :sw${i} ESCAPE :likeEscape`, { [`sw${i}`]: `%${escapeLike(w)}%`, likeEscape: '\\' });
    });
    (c.excludedWords ?? []).forEach((w, i) => {
      q.andWhere(`e.search_key NOT LIKE :sx${i} ESCAPE :likeEscape`, { [`sx${i}`]: `%${escapeLike(w)}%`, likeEscape: '\\' });
    });
    const inLinks = (key: string, table: string, column: string, ids: number[] | undefined) => {
      if (ids === undefined) return;
      if (ids.length === 0) {
        q.andWhere('1 = 0');
        return;
      }
      q.andWhere(`e.id IN (SELECT ${key}.event_id FROM ${table} ${key} WHERE ${key}.${column} IN (:...${key}Ids))`, {
        [`${key}Ids`]: ids,
      });
    };
    inLinks('lc', 'event_terms', 'term_id', c.categoryIds);
    inLinks('lt', 'event_terms', 'term_id', c.tagIds);
    inLinks('lv', 'event_venues', 'venue_id', c.venueIds);
    inLinks('lo', 'event_organizers', 'organizer_id', c.organizerIds);
    inLinks('lg', 'event_venues', 'venue_id', c.nearVenueIds);
    if (c.featured !== undefined) q.andWhere('e.featured = :featured', { featured: c.featured ? 1 : 0 });
    if (c.ticketed !== undefined) q.andWhere('e.ticketed = :ticketed', { ticketed: c.ticketed ? 1 : 0 });
    if (c.geoloc !== undefined) {
      const sub =
        'SELECT gv.event_id FROM event_venues gv JOIN venues v ON v.id = gv.venue_id WHERE v.geo_lat IS NOT NULL AND v.geo_lng IS NOT NULL';
      q.andWhere(`e.id ${c.geoloc ? 'IN' : 'NOT IN'} (${sub})`);
    }
    if (c.include !== undefined) {
      if (c.include.length === 0) q.andWhere('1 = 0');
      else q.andWhere('e.id IN (:...include)', { include: c.include });
    }
    if (c.postParent !== undefined) q.andWhere('e.post_parent = :postParent', { postParent: c.postParent });
  }

  async findById(id: number): Promise<CalendarEvent | null> {
    const row = await this.query().where('e.id = :id', { id }).getOne();
    return row ? toDomain(row) : null;
  }

  async findBySlug(slug: string): Promise<CalendarEvent | null> {
    const row = await this.query().where('e.slug = :slug', { slug: slug.toLowerCase() }).getOne();
    return row ? toDomain(row) : null;
  }

  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const q = this.query().select('e.id').where('e.slug = :slug', { slug: slug.toLowerCase() });
    if (exceptId !== undefined) q.andWhere('e.id <> :exceptId', { exceptId });
    return (await q.getCount()) > 0;
  }

  async save(event: CalendarEvent): Promise<void> {
    const repo = this.manager.getRepository(EventOrmEntity);
    const row = toRow(event);
    try {
      const exists = await repo.createQueryBuilder('e').where('e.id = :id', { id: event.id }).getCount();
      if (exists) {
        const { id: _id, ...rest } = row;
        await repo.update({ id: event.id }, rest);
      } else {
        await repo.insert(row);
      }
    } catch (e) {
      if (isUniqueViolation(e)) throw new SlugConflictError();
      throw e;
    }
  }

  async saveLinks(eventId: number, links: Partial<EventLinks>): Promise<void> {
    const m = this.manager;
    const replace = async (table: string, column: string, ids: number[], positioned: boolean) => {
      await m.query(`DELETE FROM ${table} WHERE event_id = ?`, [eventId]);
      const unique = [...new Set(ids)];
      if (unique.length === 0) return;
      await m
        .createQueryBuilder()
        .insert()
        .into(table, positioned ? ['event_id', column, 'position'] : ['event_id', column])
        .values(unique.map((id, i) => (positioned ? { event_id: eventId, [column]: id, position: i } : { event_id: eventId, [column]: id })))
        .execute();
    };
    if (links.venueIds) await replace('event_venues', 'venue_id', links.venueIds, true);
    if (links.organizerIds) await replace('event_organizers', 'organizer_id', links.organizerIds, true);
    if (links.termIds) await replace('event_terms', 'term_id', links.termIds, false);
  }

  async remove(id: number): Promise<void> {
    const m = this.manager;
    for (const table of ['event_venues', 'event_organizers', 'event_terms']) {
      await m.query(`DELETE FROM ${table} WHERE event_id = ?`, [id]);
    }
    await m.query('UPDATE events SET post_parent = 0 WHERE post_parent = ?', [id]);
    await m.query('DELETE FROM events WHERE id = ?', [id]);
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

  async publishDue(nowUtc: string): Promise<void> {
    await this.manager.query("UPDATE events SET status = 'publish' WHERE status = 'future' AND date_utc <= ?", [nowUtc]);
  }

  async venueCoordinates(): Promise<Array<{ id: number; lat: number; lng: number }>> {
    const rows = (await this.manager.query(
      'SELECT id, geo_lat, geo_lng FROM venues WHERE geo_lat IS NOT NULL AND geo_lng IS NOT NULL',
    )) as Array<{ id: unknown; geo_lat: unknown; geo_lng: unknown }>;
    return rows.map((r) => ({ id: Number(r.id), lat: Number(r.geo_lat), lng: Number(r.geo_lng) }));
  }
}
