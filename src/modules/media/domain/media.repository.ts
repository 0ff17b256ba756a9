import { MediaItem } from './media-item';

/** PORT: storage of media items. Writes join the caller's transaction. */
export abstract class MediaRepository {
  abstract findByIds(ids: number[]): Promise<MediaItem[]>;
  abstract findByUrlHash(urlHash: string): Promise<MediaItem | null>;
  abstract insert(item: MediaItem): Promise<void>;
}
