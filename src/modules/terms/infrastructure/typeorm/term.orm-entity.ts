import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Row of `terms` (migration 1764000004000-terms): categories and tags, one id sequence. */
@Entity('terms')
export class TermOrmEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 16 })
  taxonomy: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'name_key', type: 'text' })
  nameKey: string;

  @Column({ type: 'varchar', length: 200 })
  slug: string;

  @Column({ name: 'slug_key', type: 'varchar', length: 200 })
  slugKey: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'bigint', default: 0 })
  parent: number;
}
