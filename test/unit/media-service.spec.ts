import { MediaService } from '../../src/modules/media/application/media.service';
import { InMemoryMediaRepository } from '../../src/modules/media/infrastructure/in-memory/in-memory-media.repository';
import { FixedClock } from '../../src/shared/domain/clock';
import { InMemoryRecordIds } from '../../src/shared/domain/record-ids';

describe('MediaService (§9.8)', () => {
  const author = { userId: 3, role: 'author' as const };
  const contributor = { userId: 4, role: 'contributor' as const };
  let repo: InMemoryMediaRepository;
  let ids: InMemoryRecordIds;
  let media: MediaService;
  beforeEach(() => {
    repo = new InMemoryMediaRepository();
    ids = new InMemoryRecordIds();
    media = new MediaService(repo, ids, new FixedClock(new Date('2026-11-22T10:00:00Z')));
  });

  it('creates a media item for a new URL once, then reuses it', async () => {
    const first = await media.resolveImageInput('https://cdn.example/a/Poster.JPG', author);
    expect(first).toEqual({ mediaId: 1 });
    expect(await media.resolveImageInput('https://cdn.example/a/Poster.JPG', author)).toEqual({ mediaId: 1 });
    expect([...repo.items.values()]).toEqual([
      expect.objectContaining({ id: 1, url: 'https://cdn.example/a/Poster.JPG', extension: 'jpg', authorId: 3, createdUtc: '2026-11-22 10:00:00' }),
    ]);
    expect(await media.findByIds([1, 1, 99])).toEqual(new Map([[1, { url: 'https://cdn.example/a/Poster.JPG', id: 1, extension: 'jpg' }]]));
  });

  it('accepts media ids only, removes with empty values, leaves undefined unchanged', async () => {
    const venueId = await ids.next('venue');
    await media.resolveImageInput('https://cdn.example/b.png', author);
    expect(await media.resolveImageInput('2', contributor)).toEqual({ mediaId: 2 });
    await expect(media.resolveImageInput(String(venueId), author)).rejects.toMatchObject({ problems: [{ param: 'image', detail: 'rest_invalid_image' }] });
    await expect(media.resolveImageInput(999, author)).rejects.toMatchObject({ code: 'rest_invalid_param' });
    expect(await media.resolveImageInput('', author)).toEqual({ mediaId: null });
    expect(await media.resolveImageInput(undefined, author)).toBeUndefined();
  });

  it('refuses URLs from contributors and non-image URLs, writing nothing', async () => {
    await expect(media.checkImageInput('https://cdn.example/c.png', contributor, 'venue.image')).rejects.toMatchObject({
      problems: [{ param: 'venue.image', detail: 'rest_image_role' }],
    });
    await expect(media.checkImageInput('https://cdn.example/c.html', author)).rejects.toMatchObject({ problems: [{ detail: 'rest_invalid_image' }] });
    expect(await media.checkImageInput('https://cdn.example/d.webp', author)).toMatchObject({ kind: 'url', existingId: null });
    expect(repo.items.size).toBe(0);
  });
});
