import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { encodeLineage, lineageField } from '../../../../shared/domain/global-id';
import { foldKey, LONG_KEY_LENGTH } from '../../../../shared/domain/text';
import { textContains } from '../../../../database/text-contains';
import type { DuplicateViewer } from '../../../records/domain/linked-record.repository';
import { TypeOrmLinkedRecordRepository } from '../../../records/infrastructure/typeorm/typeorm-linked-record.repository';
import { searchFragments, Venue, VenueDuplicateProbe, VENUE_SEARCH_FIELDS } from '../../domain/venue';
import { VenueRepository } from '../../domain/venue.repository';
import { VenueOrmEntity } from './venue.orm-entity';

const KEY_COLUMN: Record<string, string> = {
  name: 'name_key', description: 'description_key', address: 'address_key', city: 'city_key', province: 'province_key',
  state: 'state_key', stateprovince: 'stateprovince_key', zip: 'zip_key', phone: 'phone_key',
};

/** A venue from its row (also read by the events read model, events/infrastructure/typeorm/sql-event-view.reader.ts). */
export const venueFromRow = (r: VenueOrmEntity): Venue => ({
  id: Number(r.id), authorId: Number(r.authorId), status: r.status as Venue['status'], date: r.date, dateUtc: r.dateUtc,
  modifiedUtc: r.modifiedUtc, slug: r.slug, name: r.name, description: r.description, excerpt: r.excerpt,
  address: r.address, city: r.city, country: r.country, province: r.province, state: r.state, zip: r.zip, phone: r.phone,
  website: r.website, stateprovince: r.stateprovince, imageId: r.imageId === null ? null : Number(r.imageId),
  showMap: !!r.showMap, showMapLink: !!r.showMapLink,
  geoLat: r.geoLat === null ? null : Number(r.geoLat), geoLng: r.geoLng === null ? null : Number(r.geoLng),
  ...lineageField(r.globalIdLineage),
});

/** A field's stored key, cut to its column (text keys hold LONG_KEY_LENGTH characters, the others 255). */
const keyOf = (field: string, value: string) => foldKey(value, ['name', 'description', 'address'].includes(field) ? LONG_KEY_LENGTH : 255);

export const toRow = ({ lineage, ...v }: Venue): VenueOrmEntity => ({
  ...v,
  globalIdLineage: encodeLineage(lineage),
  nameKey: keyOf('name', v.name), descriptionKey: keyOf('description', v.description), addressKey: keyOf('address', v.address),
  cityKey: keyOf('city', v.city), provinceKey: keyOf('province', v.province), stateKey: keyOf('state', v.state),
  stateprovinceKey: keyOf('stateprovince', v.stateprovince), zipKey: keyOf('zip', v.zip), phoneKey: keyOf('phone', v.phone),
});

@Injectable()
export class TypeOrmVenueRepository extends TypeOrmLinkedRecordRepository<Venue, VenueOrmEntity, VenueDuplicateProbe> implements VenueRepository {
  constructor(dataSource: DataSource) {
    super(dataSource, {
      entity: VenueOrmEntity,
      links: { table: 'event_venues', column: 'venue_id' },
      searchColumns: VENUE_SEARCH_FIELDS.map((field) => KEY_COLUMN[field]),
      toDomain: venueFromRow,
      toRow,
    });
  }

  /** §10.4 for venues: the compared fields are equal (folded), and the address holds every word of the one sent. */
  async findDuplicate(probe: VenueDuplicateProbe, seenBy: DuplicateViewer): Promise<Venue | null> {
    const q = this.duplicateQuery(seenBy).andWhere('r.name_key = :name', { name: keyOf('name', probe.name) });
    for (const field of ['description', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'] as const) {
      const value = probe[field];
      if (value) q.andWhere(`r.${KEY_COLUMN[field]} = :dup_${field}`, { [`dup_${field}`]: keyOf(field, value) });
    }
    if (probe.address) {
      let n = 0;
      const bind = (value: unknown) => {
        const name = `addr${n++}`;
        q.setParameter(name, value);
        return `:${name}`;
      };
      for (const f of searchFragments(probe.address)) q.andWhere(textContains(this.dataSource, 'r.address_key', f, bind));
    }
    const row = await q.orderBy('r.id', 'ASC').limit(1).getOne();
    return row ? this.toDomain(row) : null;
  }
}
