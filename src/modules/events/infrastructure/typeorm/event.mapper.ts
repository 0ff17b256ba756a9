import { encodeLineage, lineageField } from '../../../../shared/domain/global-id';
import type { RecordStatus } from '../../../../shared/domain/policy';
import { CalendarEvent, EventStamp, publicSearchKeyOf, searchKeyOf } from '../../domain/calendar-event';
import { EventOrmEntity } from './event.orm-entity';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const bool = (v: unknown) => v === true || v === 1 || v === '1';

export function toDomain(row: EventOrmEntity): CalendarEvent {
  return {
    id: Number(row.id),
    authorId: Number(row.authorId),
    status: row.status as RecordStatus,
    slug: row.slug,
    title: row.title,
    description: row.description,
    excerpt: row.excerpt,
    dateLocal: row.dateLocal,
    dateUtc: row.dateUtc,
    modifiedUtc: row.modifiedUtc,
    startLocal: row.startLocal,
    endLocal: row.endLocal,
    startUtc: row.startUtc,
    endUtc: row.endUtc,
    timezone: row.timezone,
    allDay: bool(row.allDay),
    costInput: row.costInput ?? null,
    websiteSet: bool(row.websiteSet),
    website: row.website,
    showMap: bool(row.showMap),
    showMapLink: bool(row.showMapLink),
    hideFromListings: bool(row.hideFromListings),
    sticky: bool(row.sticky),
    featured: bool(row.featured),
    imageId: num(row.imageId),
    postPassword: row.postPassword,
    ticketed: bool(row.ticketed),
    postParent: Number(row.postParent ?? 0),
    revision: Number(row.revision ?? 0),
    ...lineageField(row.globalIdLineage),
  };
}

/** A row of `findPageStamps` (its columns aliased to the stamp's property names). */
export function stampOf(row: Record<keyof EventStamp, unknown>): EventStamp {
  return {
    id: Number(row.id),
    authorId: Number(row.authorId),
    status: row.status as RecordStatus,
    dateUtc: row.dateUtc as string,
    postPassword: row.postPassword as string,
    revision: Number(row.revision ?? 0),
  };
}

export function toRow({ lineage, ...e }: CalendarEvent): EventOrmEntity {
  const row = new EventOrmEntity();
  Object.assign(row, e);
  row.globalIdLineage = encodeLineage(lineage);
  row.searchKey = searchKeyOf(e);
  row.publicSearchKey = publicSearchKeyOf(e);
  return row;
}
