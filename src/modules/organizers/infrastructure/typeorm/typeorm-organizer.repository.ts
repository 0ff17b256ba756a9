import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, In, SelectQueryBuilder } from 'typeorm';
import { managerOf } from '../../../../database/typeorm-unit-of-work';
import type { Page } from '../../../../shared/domain/page';
import { offsetOf } from '../../../../shared/domain/page';
import { escapeLike, fold } from '../../../../shared/domain/text';
import { Organizer, OrganizerDuplicateProbe, ORGANIZER_SEARCH_FIELDS } from '../../domain/organizer';
import { OrganizerListCriteria, OrganizerRepository } from '../../domain/organizer.repository';
import { OrganizerOrmEntity } from './organizer.orm-entity';

/** The LIKE escape character, bound as a parameter: a literal `'\\'` means different things to SQLite and MySQL. */
const LIKE_ESCAPE = '\\';

const KEY_COLUMN: Record<string, string> = {
  name: 'name_key', description: 'description_key', phone: 'phone_key', email: 'email_key', website: 'website_key',
};

const toDomain = (r: OrganizerOrmEntity): Organizer => ({
  id: Number(r.id), authorId: Number(r.authorId), status: r.status as Organizer['status'], date: r.date, dateUtc: r.dateUtc,
  modifiedUtc: r.modifiedUtc, slug: r.slug, name: r.name, description: r.description, excerpt: r.excerpt,
  phone: r.phone, website: r.website, email: r.email, imageId: r.imageId === null ? null : Number(r.imageId),
});

export const toRow = (o: Organizer): OrganizerOrmEntity => ({
  ...o,
  nameKey: fold(o.name), descriptionKey: fold(o.description), phoneKey: fold(o.phone), emailKey: fold(o.email),
  websiteKey: fold(o.website),
});

@Injectable()
export class TypeOrmOrganizerRepository extends OrganizerRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private qb(): SelectQueryBuilder<OrganizerOrmEntity> {
    return managerOf(this.dataSource).createQueryBuilder(OrganizerOrmEntity, 'v');
  }

  async findPage(c: OrganizerListCriteria): Promise<Page<Organizer>> {
    const q = this.qb();
    q.where('v.status IN (:...statuses)', { statuses: c.statuses });
    if (c.restrictNonPublishToAuthor !== null) {
      q.andWhere("(v.status = 'publish' OR v.author_id = :viewerAuthor)", { viewerAuthor: c.restrictNonPublishToAuthor });
    }
    if (c.fragments.length > 0) {
      q.andWhere(
        new Brackets((or) => {
          for (const field of ORGANIZER_SEARCH_FIELDS) {
            or.orWhere(
              new Brackets((and) => {
                c.fragments.forEach((f, i) => {
                  and.andWhere(`v.${KEY_COLUMN[field]} LIKE :frag${i} ESCAPE :likeEscape`, { [`frag${i}`]: `%${escapeLike(f)}%`, likeEscape: LIKE_ESCAPE });
                });
              }),
            );
          }
        }),
      );
    }
    if (c.eventId !== undefined) {
      q.andWhere('EXISTS (SELECT 1 FROM event_organizers l WHERE l.organizer_id = v.id AND l.event_id = :eventId)', { eventId: c.eventId });
    }
    if (c.hasEvents === true) {
      q.andWhere(
        "EXISTS (SELECT 1 FROM event_organizers l JOIN events e ON e.id = l.event_id WHERE l.organizer_id = v.id AND e.status NOT IN ('draft', 'pending', 'trash'))",
      );
    } else if (c.hasEvents === false) {
      q.andWhere('NOT EXISTS (SELECT 1 FROM event_organizers l WHERE l.organizer_id = v.id)');
    }
    if (c.upcomingAfterUtc !== undefined) {
      const visible = c.viewer.seesAll
        ? "e.status <> 'trash'"
        : c.viewer.userId !== null
          ? "(e.status = 'publish' OR (e.status <> 'trash' AND e.author_id = :upViewer))"
          : "e.status = 'publish'";
      q.andWhere(
        `EXISTS (SELECT 1 FROM event_organizers l JOIN events e ON e.id = l.event_id WHERE l.organizer_id = v.id AND e.start_utc >= :upNow AND e.hide_from_listings = :upHidden AND ${visible})`,
        { upNow: c.upcomingAfterUtc, upHidden: false, upViewer: c.viewer.userId ?? -1 },
      );
    }
    const total = await q.getCount();
    const rows = await q.orderBy('v.date_utc', 'DESC').addOrderBy('v.id', 'DESC').offset(offsetOf(c.page)).limit(c.page.perPage).getMany();
    return { items: rows.map(toDomain), total };
  }

  async findById(id: number): Promise<Organizer | null> {
    const row = await managerOf(this.dataSource).findOne(OrganizerOrmEntity, { where: { id } });
    return row ? toDomain(row) : null;
  }

  async findByIds(ids: number[]): Promise<Organizer[]> {
    if (ids.length === 0) return [];
    const rows = await managerOf(this.dataSource).find(OrganizerOrmEntity, { where: { id: In(ids) } });
    return rows.map(toDomain);
  }

  async findForEvents(eventIds: number[]): Promise<Map<number, Organizer[]>> {
    const out = new Map<number, Organizer[]>(eventIds.map((id) => [id, []]));
    if (eventIds.length === 0) return out;
    const { entities, raw } = await this.qb()
      .innerJoin('event_organizers', 'l', 'l.organizer_id = v.id')
      .addSelect('l.event_id', 'link_event_id')
      .where('l.event_id IN (:...eventIds)', { eventIds })
      .orderBy('l.event_id', 'ASC')
      .addOrderBy('l.position', 'ASC')
      .getRawAndEntities<{ link_event_id: unknown; v_id: unknown }>();
    const byId = new Map(entities.map((e) => [Number(e.id), toDomain(e)]));
    for (const r of raw) {
      const organizer = byId.get(Number(r.v_id));
      if (organizer) out.get(Number(r.link_event_id))?.push({ ...organizer });
    }
    return out;
  }

  async findBySlug(slug: string): Promise<Organizer | null> {
    const row = await this.qb().where('v.slug = :slug', { slug: fold(slug) }).getOne();
    return row ? toDomain(row) : null;
  }

  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const q = this.qb().where('v.slug = :slug', { slug });
    if (exceptId !== undefined) q.andWhere('v.id <> :exceptId', { exceptId });
    return (await q.getCount()) > 0;
  }

  async findDuplicate(probe: OrganizerDuplicateProbe): Promise<Organizer | null> {
    const q = this.qb().where("v.status <> 'trash'").andWhere('v.name_key = :name', { name: fold(probe.name) });
    for (const field of ['description', 'phone', 'email', 'website'] as const) {
      const value = probe[field];
      if (value) q.andWhere(`v.${KEY_COLUMN[field]} = :dup_${field}`, { [`dup_${field}`]: fold(value) });
    }
    const row = await q.orderBy('v.id', 'ASC').limit(1).getOne();
    return row ? toDomain(row) : null;
  }

  async eventExists(eventId: number): Promise<boolean> {
    const rows: unknown[] = await managerOf(this.dataSource).query('SELECT 1 AS found FROM events WHERE id = ?', [eventId]);
    return rows.length > 0;
  }

  async publishDue(nowUtc: string): Promise<void> {
    await managerOf(this.dataSource)
      .createQueryBuilder()
      .update(OrganizerOrmEntity)
      .set({ status: 'publish' })
      .where("status = 'future' AND date_utc <= :nowUtc", { nowUtc })
      .execute();
  }

  async save(organizer: Organizer): Promise<void> {
    await managerOf(this.dataSource).save(OrganizerOrmEntity, toRow(organizer));
  }

  async trash(id: number, modifiedUtc: string): Promise<void> {
    await managerOf(this.dataSource).update(OrganizerOrmEntity, { id }, { status: 'trash', modifiedUtc });
  }

  async remove(id: number): Promise<void> {
    await managerOf(this.dataSource).delete(OrganizerOrmEntity, { id });
  }

  async unlinkFromAllEvents(id: number): Promise<void> {
    await managerOf(this.dataSource).query('DELETE FROM event_organizers WHERE organizer_id = ?', [id]);
  }
}
