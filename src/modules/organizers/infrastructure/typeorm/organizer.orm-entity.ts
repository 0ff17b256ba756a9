import { Column, Entity } from 'typeorm';
import { LinkedRecordColumns } from '../../../records/infrastructure/typeorm/linked-record-columns';

@Entity('organizers')
export class OrganizerOrmEntity extends LinkedRecordColumns {
  @Column({ type: 'varchar', length: 255 }) phone: string;
  @Column({ type: 'varchar', length: 2048 }) website: string;
  @Column({ type: 'varchar', length: 255 }) email: string;
  @Column({ name: 'phone_key', type: 'varchar', length: 255 }) phoneKey: string;
  @Column({ name: 'email_key', type: 'varchar', length: 255 }) emailKey: string;
  @Column({ name: 'website_key', type: 'varchar', length: 2048 }) websiteKey: string;
}
