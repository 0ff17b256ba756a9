import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { columnsAs, marks, shownColumnsAs } from '../../../../database/raw-columns';
import { managerOf } from '../../../../database/typeorm-unit-of-work';
import { fold } from '../../../../shared/domain/text';
import { ImageWire, presentImage } from '../../../media/domain/media-item';
import { MediaOrmEntity } from '../../../media/infrastructure/typeorm/media.orm-entity';
import { mediaItemFromRow } from '../../../media/infrastructure/typeorm/typeorm-media.repository';
import type { Organizer } from '../../../organizers/domain/organizer';
import { OrganizerOrmEntity } from '../../../organizers/infrastructure/typeorm/organizer.orm-entity';
import { organizerFromRow } from '../../../organizers/infrastructure/typeorm/typeorm-organizer.repository';
import type { CountedTerm } from '../../../terms/domain/term';
import { toTerm } from '../../../terms/infrastructure/typeorm/typeorm-term.repository';
import type { Venue } from '../../../venues/domain/venue';
import { VenueOrmEntity } from '../../../venues/infrastructure/typeorm/venue.orm-entity';
import { venueFromRow } from '../../../venues/infrastructure/typeorm/typeorm-venue.repository';
import { EventView, EventViewReader } from '../../application/event-view';
import type { CalendarEvent, EventLinks } from '../../domain/calendar-event';

type Linked<T> = Map<number, T[]>;
type TermRow = { eventId: unknown; id: unknown; taxonomy: string; name: string; slug: string; description: string; parent: unknown; eventCount: unknown };

/** Terms in name order (folded, as §6.5 lists them), then by id. */
function inNameOrder(terms: CountedTerm[]): CountedTerm[] {
  if (terms.length < 2) return terms;
  const keyed = terms.map((t) => ({ t, key: fold(t.name) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.t.id - b.t.id));
  return keyed.map((k) => k.t);
}

/**
 * ADAPTER (query side, issue 18): event views read with plain SQL from the link and record tables — one statement for
 * the terms with their maintained counts, one each for venues and organizers in link order, one for images when any
 * is referenced — mapped by the aggregates' own row mappers, without TypeORM's query building or entity hydration.
 */
@Injectable()
export class SqlEventViewReader extends EventViewReader {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return managerOf(this.dataSource).query(sql, params) as Promise<T[]>;
  }

  async viewsOf(events: CalendarEvent[]): Promise<EventView[]> {
    const ids = [...new Set(events.map((e) => e.id))];
    const [venues, organizers, terms] = await Promise.all([this.venuesOf(ids), this.organizersOf(ids), this.termsOf(ids)]);
    const images = await this.imagesOf([
      ...events.map((e) => e.imageId),
      ...[...venues.values()].flat().map((v) => v.imageId),
      ...[...organizers.values()].flat().map((o) => o.imageId),
    ]);
    return events.map((event) => {
      const own = terms.get(event.id) ?? [];
      return {
        event,
        venues: venues.get(event.id) ?? [],
        organizers: organizers.get(event.id) ?? [],
        categories: own.filter((t) => t.taxonomy === 'category'),
        tags: own.filter((t) => t.taxonomy === 'tag'),
        images,
      };
    });
  }

  async viewWithLinks(event: CalendarEvent, links: EventLinks): Promise<EventView> {
    const inOrder = <T extends { id: number }>(ids: number[], found: T[]) => ids.flatMap((id) => found.filter((item) => item.id === id));
    const [venues, organizers, terms] = await Promise.all([
      this.recordsByIds('venues', VenueOrmEntity, links.venueIds, venueFromRow),
      this.recordsByIds('organizers', OrganizerOrmEntity, links.organizerIds, organizerFromRow),
      this.termsByIds(links.termIds),
    ]);
    const eventVenues = inOrder(links.venueIds, venues);
    const eventOrganizers = inOrder(links.organizerIds, organizers);
    return {
      event,
      venues: eventVenues,
      organizers: eventOrganizers,
      categories: terms.filter((t) => t.taxonomy === 'category'),
      tags: terms.filter((t) => t.taxonomy === 'tag'),
      images: await this.imagesOf([event.imageId, ...eventVenues.map((v) => v.imageId), ...eventOrganizers.map((o) => o.imageId)]),
    };
  }

  private venuesOf(eventIds: number[]): Promise<Linked<Venue>> {
    return this.linkedRecords('venues', 'event_venues', 'venue_id', VenueOrmEntity, eventIds, venueFromRow);
  }

  private organizersOf(eventIds: number[]): Promise<Linked<Organizer>> {
    return this.linkedRecords('organizers', 'event_organizers', 'organizer_id', OrganizerOrmEntity, eventIds, organizerFromRow);
  }

  /** The records linked to each event, in link order (a record linked to several events is mapped once per link). */
  private async linkedRecords<Row, T>(
    table: string,
    links: string,
    column: string,
    entity: new () => Row,
    eventIds: number[],
    fromRow: (row: Row) => T,
  ): Promise<Linked<T>> {
    const out: Linked<T> = new Map(eventIds.map((id) => [id, []]));
    if (eventIds.length === 0) return out;
    const rows = await this.query<Row & { linkEventId: unknown }>(
      `SELECT l.event_id AS linkEventId, ${shownColumnsAs(this.dataSource, entity, 'r')} FROM ${links} l JOIN ${table} r ON r.id = l.${column} ` +
        `WHERE l.event_id IN (${marks(eventIds.length)}) ORDER BY l.event_id, l.position`,
      eventIds,
    );
    for (const row of rows) out.get(Number(row.linkEventId))?.push(fromRow(row));
    return out;
  }

  private async recordsByIds<Row, T>(table: string, entity: new () => Row, ids: number[], fromRow: (row: Row) => T): Promise<T[]> {
    if (ids.length === 0) return [];
    const rows = await this.query<Row>(`SELECT ${shownColumnsAs(this.dataSource, entity, 'r')} FROM ${table} r WHERE r.id IN (${marks(ids.length)})`, ids);
    return rows.map(fromRow);
  }

  private async termsOf(eventIds: number[]): Promise<Linked<CountedTerm>> {
    const out: Linked<CountedTerm> = new Map(eventIds.map((id) => [id, []]));
    if (eventIds.length === 0) return out;
    const rows = await this.query<TermRow>(
      `SELECT et.event_id AS eventId, t.id AS id, t.taxonomy AS taxonomy, t.name AS name, t.slug AS slug, t.description AS description, ` +
        `t.parent AS parent, t.event_count AS eventCount FROM event_terms et JOIN terms t ON t.id = et.term_id WHERE et.event_id IN (${marks(eventIds.length)})`,
      eventIds,
    );
    for (const row of rows) out.get(Number(row.eventId))?.push(countedTerm(row));
    for (const [id, terms] of out) out.set(id, inNameOrder(terms));
    return out;
  }

  private async termsByIds(ids: number[]): Promise<CountedTerm[]> {
    if (ids.length === 0) return [];
    const rows = await this.query<TermRow>(
      `SELECT t.id AS id, t.taxonomy AS taxonomy, t.name AS name, t.slug AS slug, t.description AS description, t.parent AS parent, ` +
        `t.event_count AS eventCount FROM terms t WHERE t.id IN (${marks(ids.length)})`,
      ids,
    );
    return inNameOrder(rows.map(countedTerm));
  }

  private async imagesOf(ids: Array<number | null | undefined>): Promise<Map<number, ImageWire>> {
    const unique = [...new Set(ids.filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0))];
    const images = new Map<number, ImageWire>();
    if (unique.length === 0) return images;
    const rows = await this.query<MediaOrmEntity>(`SELECT ${columnsAs(this.dataSource, MediaOrmEntity, 'm')} FROM media m WHERE m.id IN (${marks(unique.length)})`, unique);
    for (const row of rows) {
      const item = mediaItemFromRow(row);
      images.set(item.id, presentImage(item) as ImageWire);
    }
    return images;
  }
}

const countedTerm = (row: TermRow): CountedTerm => ({ ...toTerm(row as Parameters<typeof toTerm>[0]), count: Math.max(0, Number(row.eventCount)) });
