import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { encodeLineage, lineageField } from '../../../../shared/domain/global-id';
import { foldKey, LONG_KEY_LENGTH } from '../../../../shared/domain/text';
import type { DuplicateViewer } from '../../../records/domain/linked-record.repository';
import { TypeOrmLinkedRecordRepository } from '../../../records/infrastructure/typeorm/typeorm-linked-record.repository';
import { Organizer, OrganizerDuplicateProbe, ORGANIZER_SEARCH_FIELDS } from '../../domain/organizer';
import { OrganizerRepository } from '../../domain/organizer.repository';
import { OrganizerOrmEntity } from './organizer.orm-entity';

const KEY_COLUMN: Record<string, string> = {
  name: 'name_key', description: 'description_key', phone: 'phone_key', email: 'email_key', website: 'website_key',
};

/** An organizer from its row (also read by the events read model). */
export const organizerFromRow = (r: OrganizerOrmEntity): Organizer => ({
  id: Number(r.id), authorId: Number(r.authorId), status: r.status as Organizer['status'], date: r.date, dateUtc: r.dateUtc,
  modifiedUtc: r.modifiedUtc, slug: r.slug, name: r.name, description: r.description, excerpt: r.excerpt,
  phone: r.phone, website: r.website, email: r.email, imageId: r.imageId === null ? null : Number(r.imageId),
  ...lineageField(r.globalIdLineage),
});

/** A field's stored key, cut to its column (foldKey). */
const KEY_LENGTH: Record<string, number> = { name: LONG_KEY_LENGTH, description: LONG_KEY_LENGTH, phone: 255, email: 255, website: 2048 };
const keyOf = (field: string, value: string) => foldKey(value, KEY_LENGTH[field]);

export const toRow = ({ lineage, ...o }: Organizer): OrganizerOrmEntity => ({
  ...o,
  globalIdLineage: encodeLineage(lineage),
  nameKey: keyOf('name', o.name), descriptionKey: keyOf('description', o.description), phoneKey: keyOf('phone', o.phone),
  emailKey: keyOf('email', o.email), websiteKey: keyOf('website', o.website),
});

@Injectable()
export class TypeOrmOrganizerRepository
  extends TypeOrmLinkedRecordRepository<Organizer, OrganizerOrmEntity, OrganizerDuplicateProbe>
  implements OrganizerRepository
{
  constructor(dataSource: DataSource) {
    super(dataSource, {
      entity: OrganizerOrmEntity,
      links: { table: 'event_organizers', column: 'organizer_id' },
      searchColumns: ORGANIZER_SEARCH_FIELDS.map((field) => KEY_COLUMN[field]),
      toDomain: organizerFromRow,
      toRow,
    });
  }

  /** §10.4 for organizers: every compared field that was sent is equal (folded). */
  async findDuplicate(probe: OrganizerDuplicateProbe, seenBy: DuplicateViewer): Promise<Organizer | null> {
    const q = this.duplicateQuery(seenBy).andWhere('r.name_key = :name', { name: keyOf('name', probe.name) });
    for (const field of ['description', 'phone', 'email', 'website'] as const) {
      const value = probe[field];
      if (value) q.andWhere(`r.${KEY_COLUMN[field]} = :dup_${field}`, { [`dup_${field}`]: keyOf(field, value) });
    }
    const row = await q.orderBy('r.id', 'ASC').limit(1).getOne();
    return row ? this.toDomain(row) : null;
  }
}
