import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('organizers')
export class OrganizerOrmEntity {
  @PrimaryColumn({ type: 'bigint' }) id: number;
  @Column({ name: 'author_id', type: 'bigint' }) authorId: number;
  @Column({ type: 'varchar', length: 16 }) status: string;
  @Column({ type: 'varchar', length: 200 }) slug: string;
  @Column({ name: 'date_local', type: 'varchar', length: 19 }) date: string;
  @Column({ name: 'date_utc', type: 'varchar', length: 19 }) dateUtc: string;
  @Column({ name: 'modified_utc', type: 'varchar', length: 19 }) modifiedUtc: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) description: string;
  @Column({ type: 'text' }) excerpt: string;
  @Column({ type: 'varchar', length: 255 }) phone: string;
  @Column({ type: 'varchar', length: 2048 }) website: string;
  @Column({ type: 'varchar', length: 255 }) email: string;
  @Column({ name: 'image_id', type: 'bigint', nullable: true }) imageId: number | null;
  @Column({ name: 'name_key', type: 'text' }) nameKey: string;
  @Column({ name: 'description_key', type: 'text' }) descriptionKey: string;
  @Column({ name: 'phone_key', type: 'varchar', length: 255 }) phoneKey: string;
  @Column({ name: 'email_key', type: 'varchar', length: 255 }) emailKey: string;
  @Column({ name: 'website_key', type: 'varchar', length: 2048 }) websiteKey: string;
}
