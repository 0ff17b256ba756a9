import { MediaItem } from '../../domain/media-item';
import { MediaRepository } from '../../domain/media.repository';

export class InMemoryMediaRepository extends MediaRepository {
  readonly items = new Map<number, MediaItem>();
  async findByIds(ids: number[]): Promise<MediaItem[]> {
    return ids.map((id) => this.items.get(id)).filter((m): m is MediaItem => !!m).map((m) => ({ ...m }));
  }
  async findByUrlHash(urlHash: string): Promise<MediaItem | null> {
    for (const m of this.items.values()) if (m.urlHash === urlHash) return { ...m };
    return null;
  }
  async insert(item: MediaItem): Promise<void> {
    this.items.set(item.id, { ...item });
  }
}
