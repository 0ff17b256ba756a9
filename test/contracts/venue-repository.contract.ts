import type { Venue, VenueDuplicateProbe } from '../../src/modules/venues/domain/venue';
import { searchFragments } from '../../src/modules/venues/domain/venue';
import { allButTrash, fixturePerCase, SEES_ALL, linkedRecordRepositoryCases, LinkedRecordRepositoryFixture } from './linked-record-repository.contract';
import { saveRecord } from './linked-record-fixtures';

export type VenueRepositoryFixture = LinkedRecordRepositoryFixture<Venue, VenueDuplicateProbe>;

export const makeVenue = (id: number, over: Partial<Venue> = {}): Venue => ({
  id, authorId: 1, status: 'publish', date: '2026-01-01 00:00:00', dateUtc: '2026-01-01 00:00:00',
  modifiedUtc: '2026-01-01 00:00:00', slug: `venue-${id}`, name: `Venue ${id}`, description: '', excerpt: '', address: '',
  city: '', country: '', province: '', state: '', zip: '', phone: '', website: '', stateprovince: '', imageId: null,
  showMap: true, showMapLink: false, geoLat: null, geoLng: null, ...over,
});

/** The behaviour every VenueRepository adapter must show (in-memory, SQLite, MySQL): the shared cases plus the venue's own. */
export function describeVenueRepositoryContract(name: string, make: () => Promise<VenueRepositoryFixture>) {
  describe(`VenueRepository contract: ${name}`, () => {
    const fixture = fixturePerCase(make);
    linkedRecordRepositoryCases(fixture, makeVenue);
    const idsOf = async (fragments: string[]) => (await fixture().repo.findPage(allButTrash({ fragments }))).items.map((v) => v.id);

    it('saves, reads back by id, ids, and slug (ignoring case); updates in place', async () => {
      const f = fixture();
      const v = makeVenue(10, { name: 'Café', geoLat: 40.5, geoLng: -3.25, imageId: 7, showMapLink: false });
      await saveRecord(f.repo, v);
      expect(await f.repo.findById(10)).toEqual(v);
      expect(await f.repo.findBySlug('VENUE-10')).toEqual(v);
      expect((await f.repo.findByIds([10, 999])).map((x) => x.id)).toEqual([10]);
      await saveRecord(f.repo, { ...v, name: 'Renamed', geoLat: null, geoLng: null });
      expect((await f.repo.findById(10))?.name).toBe('Renamed');
      expect((await f.repo.findById(10))?.geoLat).toBeNull();
      expect(await f.repo.findById(11)).toBeNull();
    });

    it('searches folded fragments that must all occur in one field (café = Cafe = CAFÉ)', async () => {
      const f = fixture();
      await saveRecord(f.repo, makeVenue(1, { name: 'Cafe Central' }));
      await saveRecord(f.repo, makeVenue(2, { name: 'CAFÉ' }));
      await saveRecord(f.repo, makeVenue(3, { name: 'Bar', address: '100, Avenue du Temple' }));
      await saveRecord(f.repo, makeVenue(4, { name: 'Temple', city: 'Avenue' }));
      await saveRecord(f.repo, makeVenue(5, { name: '50%_off' }));
      expect((await idsOf(searchFragments('café'))).sort()).toEqual([1, 2]);
      expect(await idsOf(searchFragments('temple avenue'))).toEqual([3]);
      expect((await f.repo.findPage(allButTrash({ fragments: searchFragments('café') }))).total).toBe(2);
      expect(await idsOf(['5_'])).toEqual([]);
    });

    it('finds the oldest duplicate not in the trash', async () => {
      const f = fixture();
      await saveRecord(f.repo, makeVenue(1, { name: 'A Venue', status: 'trash' }));
      await saveRecord(f.repo, makeVenue(2, { name: 'A venue', description: 'x', address: '100, Avenue du Temple' }));
      await saveRecord(f.repo, makeVenue(3, { name: 'a venue' }));
      expect((await f.repo.findDuplicate({ name: 'A VENUE' }, SEES_ALL))?.id).toBe(2);
      expect((await f.repo.findDuplicate({ name: 'a venue', description: 'X' }, SEES_ALL))?.id).toBe(2);
      expect((await f.repo.findDuplicate({ name: 'a venue', address: 'temple avenue' }, SEES_ALL))?.id).toBe(2);
      expect(await f.repo.findDuplicate({ name: 'a venue', description: 'y' }, SEES_ALL)).toBeNull();
      expect(await f.repo.findDuplicate({ name: 'b venue' }, SEES_ALL)).toBeNull();
    });

    it('finds only a duplicate the viewer may see: shown as published, or their own', async () => {
      const f = fixture();
      await saveRecord(f.repo, makeVenue(1, { name: 'Hall', status: 'draft', authorId: 7 }));
      await saveRecord(f.repo, makeVenue(2, { name: 'Hall', status: 'private', authorId: 8 }));
      await saveRecord(f.repo, makeVenue(3, { name: 'Hall', status: 'future', authorId: 7, dateUtc: '2026-06-01 00:00:00' }));
      const seenBy = (authorId: number, dueUntilUtc = '2026-05-01 00:00:00') => ({ restrictNonPublishToAuthor: authorId, dueUntilUtc });
      expect((await f.repo.findDuplicate({ name: 'hall' }, SEES_ALL))?.id).toBe(1);
      expect((await f.repo.findDuplicate({ name: 'hall' }, seenBy(7)))?.id).toBe(1);
      expect((await f.repo.findDuplicate({ name: 'hall' }, seenBy(8)))?.id).toBe(2);
      expect(await f.repo.findDuplicate({ name: 'hall' }, seenBy(9))).toBeNull();
      // a `future` record whose date has come is shown as published (§3.5)
      expect((await f.repo.findDuplicate({ name: 'hall' }, seenBy(9, '2026-06-01 00:00:00')))?.id).toBe(3);
    });
  });
}
