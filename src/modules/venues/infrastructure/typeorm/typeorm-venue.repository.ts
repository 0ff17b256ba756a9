import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, In, SelectQueryBuilder } from 'typeorm';
import { managerOf } from '../../../../database/typeorm-unit-of-work';
import type { Page } from '../../../../shared/domain/page';
import { offsetOf } from '../../../../shared/domain/page';
import { escapeLike, fold } from '../../../../shared/domain/text';
import { searchFragments, Venue, VenueDuplicateProbe, VENUE_SEARCH_FIELDS } from '../../domain/venue';
import { VenueListCriteria, VenueRepository } from '../../domain/venue.repository';
import { VenueOrmEntity } from './venue.orm-entity';

/** The LIKE escape character, bound as a parameter: a literal `'\\'` means different things to SQLite and MySQL. */
const LIKE_ESCAPE = '\\';

const KEY_COLUMN: Record<string, string> = {
  name: 'name_key', description: 'description_key', address: 'address_key', city: 'city_key', province: 'province_key',
  state: 'state_key', stateprovince: 'stateprovince_key', zip: 'zip_key', phone: 'phone_key',
};

const toDomain = (r: VenueOrmEntity): Venue => ({
  id: Number(r.id), authorId: Number(r.authorId), status: r.status as Venue['status'], date: r.date, dateUtc: r.dateUtc,
  modifiedUtc: r.modifiedUtc, slug: r.slug, name: r.name, description: r.description, excerpt: r.excerpt,
  address: r.address, city: r.city, country: r.country, province: r.province, state: r.state, zip: r.zip, phone: r.phone,
  website: r.website, stateprovince: r.stateprovince, imageId: r.imageId === null ? null : Number(r.imageId),
  showMap: !!r.showMap, showMapLink: !!r.showMapLink,
  geoLat: r.geoLat === null ? null : Number(r.geoLat), geoLng: r.geoLng === null ? null : Number(r.geoLng),
});

export const toRow = (v: Venue): VenueOrmEntity => ({
  ...v,
  nameKey: fold(v.name), descriptionKey: fold(v.description), addressKey: fold(v.address), cityKey: fold(v.city),
  provinceKey: fold(v.province), stateKey: fold(v.state), stateprovinceKey: fold(v.stateprovince), zipKey: fold(v.zip),
  phoneKey: fold(v.phone),
});

@Injectable()
export class TypeOrmVenueRepository extends VenueRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private qb(): SelectQueryBuilder<VenueOrmEntity> {
    return managerOf(this.dataSource).createQueryBuilder(VenueOrmEntity, 'v');
  }

  async findPage(c: VenueListCriteria): Promise<Page<Venue>> {
    const q = this.qb();
    q.where('v.status IN (:...statuses)', { statuses: c.statuses });
    if (c.restrictNonPublishToAuthor !== null) {
      q.andWhere("(v.status = 'publish' OR v.author_id = :viewerAuthor)", { viewerAuthor: c.restrictNonPublishToAuthor });
    }
    if (c.fragments.length > 0) {
      q.andWhere(
        new Brackets((or) => {
          for (const field of VENUE_SEARCH_FIELDS) {
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
      q.andWhere('EXISTS (SELECT 1 FROM event_venues l WHERE l.venue_id = v.id AND l.event_id = :eventId)', { eventId: c.eventId });
    }
    if (c.hasEvents === true) {
      q.andWhere(
        "EXISTS (SELECT 1 FROM event_venues l JOIN events e ON e.id = l.event_id WHERE l.venue_id = v.id AND e.status NOT IN ('draft', 'pending', 'trash'))",
      );
    } else if (c.hasEvents === false) {
      q.andWhere('NOT EXISTS (SELECT 1 FROM event_venues l WHERE l.venue_id = v.id)');
    }
    if (c.upcomingAfterUtc !== undefined) {
      const visible = c.viewer.seesAll
        ? "e.status <> 'trash'"
        : c.viewer.userId !== null
          ? "(e.status = 'publish' OR (e.status <> 'trash' AND e.author_id = :upViewer))"
          : "e.status = 'publish'";
      q.andWhere(
        `EXISTS (SELECT 1 FROM event_venues l JOIN events e ON e.id = l.event_id WHERE l.venue_id = v.id AND e.start_utc >= :upNow AND e.hide_from_listings = :upHidden AND ${visible})`,
        { upNow: c.upcomingAfterUtc, upHidden: false, upViewer: c.viewer.userId ?? -1 },
      );
    }
    const total = await q.getCount();
    const rows = await q.orderBy('v.date_utc', 'DESC').addOrderBy('v.id', 'DESC').offset(offsetOf(c.page)).limit(c.page.perPage).getMany();
    return { items: rows.map(toDomain), total };
  }

  async findById(id: number): Promise<Venue | null> {
    const row = await managerOf(this.dataSource).findOne(VenueOrmEntity, { where: { id } });
    return row ? toDomain(row) : null;
  }

  async findByIds(ids: number[]): Promise<Venue[]> {
    if (ids.length === 0) return [];
    const rows = await managerOf(this.dataSource).find(VenueOrmEntity, { where: { id: In(ids) } });
    return rows.map(toDomain);
  }

  async findForEvents(eventIds: number[]): Promise<Map<number, Venue[]>> {
    const out = new Map<number, Venue[]>(eventIds.map((id) => [id, []]));
    if (eventIds.length === 0) return out;
    const { entities, raw } = await this.qb()
      .innerJoin('event_venues', 'l', 'l.venue_id = v.id')
      .addSelect('l.event_id', 'link_event_id')
      .where('l.event_id IN (:...eventIds)', { eventIds })
      .orderBy('l.event_id', 'ASC')
      .addOrderBy('l.position', 'ASC')
      .getRawAndEntities<{ link_event_id: unknown; v_id: unknown }>();
    const byId = new Map(entities.map((e) => [Number(e.id), toDomain(e)]));
    for (const r of raw) {
      const venue = byId.get(Number(r.v_id));
      if (venue) out.get(Number(r.link_event_id))?.push({ ...venue });
    }
    return out;
  }

  async findBySlug(slug: string): Promise<Venue | null> {
    const row = await this.qb().where('v.slug = :slug', { slug: fold(slug) }).getOne();
    return row ? toDomain(row) : null;
  }

  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const q = this.qb().where('v.slug = :slug', { slug });
    if (exceptId !== undefined) q.andWhere('v.id <> :exceptId', { exceptId });
    return (await q.getCount()) > 0;
  }

  async findDuplicate(probe: VenueDuplicateProbe): Promise<Venue | null> {
    const q = this.qb().where("v.status <> 'trash'").andWhere('v.name_key = :name', { name: fold(probe.name) });
    for (const field of ['description', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'] as const) {
      const value = probe[field];
      if (value) q.andWhere(`v.${KEY_COLUMN[field]} = :dup_${field}`, { [`dup_${field}`]: fold(value) });
    }
    if (probe.address) {
      searchFragments(probe.address).forEach((f, i) => {
        q.andWhere(`v.address_key LIKE :addr${i} ESCAPE :likeEscape`, { [`addr${i}`]: `%${escapeLike(f)}%`, likeEscape: LIKE_ESCAPE });
      });
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
      .update(VenueOrmEntity)
      .set({ status: 'publish' })
      .where("status = 'future' AND date_utc <= :nowUtc", { nowUtc })
      .execute();
  }

  async save(venue: Venue): Promise<void> {
    await managerOf(this.dataSource).save(VenueOrmEntity, toRow(venue));
  }

  async trash(id: number, modifiedUtc: string): Promise<void> {
    await managerOf(this.dataSource).update(VenueOrmEntity, { id }, { status: 'trash', modifiedUtc });
  }

  async remove(id: number): Promise<void> {
    await managerOf(this.dataSource).delete(VenueOrmEntity, { id });
  }

  async unlinkFromAllEvents(id: number): Promise<void> {
    await managerOf(this.dataSource).query('DELETE FROM event_venues WHERE venue_id = ?', [id]);
  }
}
