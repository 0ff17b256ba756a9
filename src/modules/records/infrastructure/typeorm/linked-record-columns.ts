import { Column, PrimaryColumn } from 'typeorm';

/**
 * The columns the `venues` and `organizers` tables share (migration 1764000003100-venues-organizers), inherited by
 * both entities (TypeORM's concrete table inheritance: each keeps its own table).
 */
export abstract class LinkedRecordColumns {
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
  @Column({ name: 'image_id', type: 'bigint', nullable: true }) imageId: number | null;
  @Column({ name: 'name_key', type: 'text' }) nameKey: string;
  @Column({ name: 'description_key', type: 'text' }) descriptionKey: string;
  /** JSON array of the global ids this record is a copy of (migration 1764000015000-import-mappings), NULL if none. */
  @Column({ name: 'global_id_lineage', type: 'text', nullable: true }) globalIdLineage: string | null;
}
