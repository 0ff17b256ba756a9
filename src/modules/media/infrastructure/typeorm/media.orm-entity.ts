import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('media')
export class MediaOrmEntity {
  @PrimaryColumn({ type: 'bigint' })
  id: number;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ name: 'url_hash', type: 'varchar', length: 64 })
  urlHash: string;

  @Column({ type: 'varchar', length: 16 })
  extension: string;

  @Column({ name: 'author_id', type: 'bigint' })
  authorId: number;

  @Column({ name: 'created_utc', type: 'varchar', length: 19 })
  createdUtc: string;
}
