import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { managerOf } from '../../../../database/typeorm-unit-of-work';
import { MediaItem } from '../../domain/media-item';
import { MediaRepository } from '../../domain/media.repository';
import { MediaOrmEntity } from './media.orm-entity';

/** A media item from its row (also read by the events read model). */
export const mediaItemFromRow = (row: MediaOrmEntity): MediaItem => ({
  id: Number(row.id),
  url: row.url,
  urlHash: row.urlHash,
  extension: row.extension,
  authorId: Number(row.authorId),
  createdUtc: row.createdUtc,
});

@Injectable()
export class TypeOrmMediaRepository extends MediaRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findByIds(ids: number[]): Promise<MediaItem[]> {
    if (ids.length === 0) return [];
    const rows = await managerOf(this.dataSource).find(MediaOrmEntity, { where: { id: In(ids) } });
    return rows.map(mediaItemFromRow);
  }

  async findByUrlHash(urlHash: string): Promise<MediaItem | null> {
    const row = await managerOf(this.dataSource).findOne(MediaOrmEntity, { where: { urlHash } });
    return row ? mediaItemFromRow(row) : null;
  }

  async insert(item: MediaItem): Promise<void> {
    await managerOf(this.dataSource).insert(MediaOrmEntity, { ...item });
  }
}
