import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('events')
export class EventOrmEntity {
  @PrimaryColumn({ type: 'bigint' }) id: number;
  @Column({ name: 'author_id', type: 'bigint' }) authorId: number;
  @Column({ type: 'varchar', length: 16 }) status: string;
  @Column({ type: 'varchar', length: 200 }) slug: string;
  @Column({ type: 'text' }) title: string;
  @Column({ type: 'text' }) description: string;
  @Column({ type: 'text' }) excerpt: string;
  @Column({ name: 'search_key', type: 'text' }) searchKey: string;
  @Column({ name: 'public_search_key', type: 'text', nullable: true }) publicSearchKey: string | null;
  @Column({ name: 'date_local', type: 'varchar', length: 19 }) dateLocal: string;
  @Column({ name: 'date_utc', type: 'varchar', length: 19 }) dateUtc: string;
  @Column({ name: 'modified_utc', type: 'varchar', length: 19 }) modifiedUtc: string;
  @Column({ name: 'start_local', type: 'varchar', length: 19 }) startLocal: string;
  @Column({ name: 'end_local', type: 'varchar', length: 19 }) endLocal: string;
  @Column({ name: 'start_utc', type: 'varchar', length: 19 }) startUtc: string;
  @Column({ name: 'end_utc', type: 'varchar', length: 19 }) endUtc: string;
  @Column({ type: 'varchar', length: 64 }) timezone: string;
  @Column({ name: 'all_day', type: 'boolean' }) allDay: boolean;
  @Column({ name: 'cost_input', type: 'text', nullable: true }) costInput: string | null;
  @Column({ name: 'website_set', type: 'boolean' }) websiteSet: boolean;
  @Column({ type: 'varchar', length: 2048 }) website: string;
  @Column({ name: 'show_map', type: 'boolean' }) showMap: boolean;
  @Column({ name: 'show_map_link', type: 'boolean' }) showMapLink: boolean;
  @Column({ name: 'hide_from_listings', type: 'boolean' }) hideFromListings: boolean;
  @Column({ type: 'boolean' }) sticky: boolean;
  @Column({ type: 'boolean' }) featured: boolean;
  @Column({ name: 'image_id', type: 'bigint', nullable: true }) imageId: number | null;
  @Column({ name: 'post_password', type: 'varchar', length: 255 }) postPassword: string;
  @Column({ type: 'boolean' }) ticketed: boolean;
  @Column({ name: 'post_parent', type: 'bigint' }) postParent: number;
  /** Changes since creation, the iCalendar SEQUENCE (migration 1764000016000-event-revision). */
  @Column({ type: 'integer', default: 0 }) revision: number;
  /** JSON array of the global ids this event is a copy of (migration 1764000015000-import-mappings), NULL if none. */
  @Column({ name: 'global_id_lineage', type: 'text', nullable: true }) globalIdLineage: string | null;
  /** The event's link ids as its link rows hold them (migration 1764000020000, `stored-link-ids.ts`); written by link writes only. */
  @Column({ name: 'link_ids', type: 'text', nullable: true }) linkIds?: string | null;
}
