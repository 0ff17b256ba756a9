import type { Venue } from '../../src/modules/venues/domain/venue';
import { searchFragments } from '../../src/modules/venues/domain/venue';
import type { VenueListCriteria, VenueRepository } from '../../src/modules/venues/domain/venue.repository';

export interface SeedEvent {
  id: number;
  status: string;
  startUtc: string;
  hidden?: boolean;
  authorId?: number;
  venueIds: number[];
}

export interface VenueRepositoryFixture {
  repo: VenueRepository;
  seedEvent: (e: SeedEvent) => Promise<void>;
  linkedVenueIds: (eventId: number) => Promise<number[]>;
  close: () => Promise<void>;
}

export const makeVenue = (id: number, over: Partial<Venue> = {}): Venue => ({
  id, authorId: 1, status: 'publish', date: '2026-01-01 00:00:00', dateUtc: '2026-01-01 00:00:00',
  modifiedUtc: '2026-01-01 00:00:00', slug: `venue-${id}`, name: `Venue ${id}`, description: '', excerpt: '', address: '',
  city: '', country: '', province: '', state: '', zip: '', phone: '', website: '', stateprovince: '', imageId: null,
  showMap: true, showMapLink: false, geoLat: null, geoLng: null, ...over,
});

/** The behaviour every VenueRepository adapter must show (in-memory, SQLite, MySQL). */
export function describeVenueRepositoryContract(name: string, make: () => Promise<VenueRepositoryFixture>) {
  describe(`VenueRepository contract: ${name}`, () => {
    let f: VenueRepositoryFixture;
    beforeEach(async () => {
      f = await make();
    });
    afterEach(async () => f.close());

    const criteria = (over: Partial<VenueListCriteria> = {}): VenueListCriteria => ({
      page: { page: 1, perPage: 50 },
      fragments: [],
      statuses: ['publish', 'future', 'draft', 'pending', 'private'],
      restrictNonPublishToAuthor: null,
      viewer: { userId: null, seesAll: true },
      ...over,
    });
    const idsOf = async (c: Partial<VenueListCriteria>) => (await f.repo.findPage(criteria(c))).items.map((v) => v.id);

    it('saves, reads back by id, ids, and slug (ignoring case); updates in place', async () => {
      const v = makeVenue(10, { name: 'Café', geoLat: 40.5, geoLng: -3.25, imageId: 7, showMapLink: false });
      await f.repo.save(v);
      expect(await f.repo.findById(10)).toEqual(v);
      expect(await f.repo.findBySlug('VENUE-10')).toEqual(v);
      expect((await f.repo.findByIds([10, 999])).map((x) => x.id)).toEqual([10]);
      await f.repo.save({ ...v, name: 'Renamed', geoLat: null, geoLng: null });
      expect((await f.repo.findById(10))?.name).toBe('Renamed');
      expect((await f.repo.findById(10))?.geoLat).toBeNull();
      expect(await f.repo.findById(11)).toBeNull();
    });

    it('tells whether a slug is taken, optionally except one record', async () => {
      await f.repo.save(makeVenue(1, { slug: 'jazz' }));
      expect(await f.repo.slugTaken('jazz')).toBe(true);
      expect(await f.repo.slugTaken('jazz', 1)).toBe(false);
      expect(await f.repo.slugTaken('blues')).toBe(false);
    });

    it('orders by date_utc descending then id descending, and pages', async () => {
      await f.repo.save(makeVenue(1, { dateUtc: '2026-01-02 00:00:00' }));
      await f.repo.save(makeVenue(2, { dateUtc: '2026-01-01 00:00:00' }));
      await f.repo.save(makeVenue(3, { dateUtc: '2026-01-01 00:00:00' }));
      expect(await idsOf({})).toEqual([1, 3, 2]);
      const page = await f.repo.findPage(criteria({ page: { page: 2, perPage: 2 } }));
      expect(page.items.map((v) => v.id)).toEqual([2]);
      expect(page.total).toBe(3);
    });

    it('searches folded fragments that must all occur in one field (café = Cafe = CAFÉ)', async () => {
      await f.repo.save(makeVenue(1, { name: 'Cafe Central' }));
      await f.repo.save(makeVenue(2, { name: 'CAFÉ' }));
      await f.repo.save(makeVenue(3, { name: 'Bar', address: '100, Avenue du Temple' }));
      await f.repo.save(makeVenue(4, { name: 'Temple', city: 'Avenue' }));
      await f.repo.save(makeVenue(5, { name: '50%_off' }));
      expect((await idsOf({ fragments: searchFragments('café') })).sort()).toEqual([1, 2]);
      expect(await idsOf({ fragments: searchFragments('temple avenue') })).toEqual([3]);
      expect((await f.repo.findPage(criteria({ fragments: searchFragments('café') }))).total).toBe(2);
      expect(await idsOf({ fragments: ['5_'] })).toEqual([]);
    });

    it('filters statuses and restricts non-publish records to their author', async () => {
      await f.repo.save(makeVenue(1, { status: 'publish', authorId: 1 }));
      await f.repo.save(makeVenue(2, { status: 'draft', authorId: 2 }));
      await f.repo.save(makeVenue(3, { status: 'draft', authorId: 3 }));
      await f.repo.save(makeVenue(4, { status: 'trash', authorId: 3 }));
      expect((await idsOf({})).sort()).toEqual([1, 2, 3]);
      expect((await idsOf({ restrictNonPublishToAuthor: 3 })).sort()).toEqual([1, 3]);
      expect(await idsOf({ statuses: ['trash'] })).toEqual([4]);
      expect(await idsOf({ statuses: ['publish'] })).toEqual([1]);
    });

    it('filters by event, has_events and only_with_upcoming', async () => {
      for (const id of [1, 2, 3, 4]) await f.repo.save(makeVenue(id));
      await f.seedEvent({ id: 100, status: 'publish', startUtc: '2030-01-01 00:00:00', venueIds: [1] });
      await f.seedEvent({ id: 101, status: 'draft', startUtc: '2030-01-01 00:00:00', authorId: 5, venueIds: [2] });
      await f.seedEvent({ id: 102, status: 'publish', startUtc: '2020-01-01 00:00:00', venueIds: [3] });
      await f.seedEvent({ id: 103, status: 'publish', startUtc: '2030-01-01 00:00:00', hidden: true, venueIds: [4] });
      expect(await f.repo.eventExists(100)).toBe(true);
      expect(await f.repo.eventExists(999)).toBe(false);
      expect(await idsOf({ eventId: 100 })).toEqual([1]);
      expect((await idsOf({ hasEvents: true })).sort()).toEqual([1, 3, 4]);
      await f.repo.save(makeVenue(5));
      expect(await idsOf({ hasEvents: false })).toEqual([5]);
      const upcoming = { upcomingAfterUtc: '2026-01-01 00:00:00' };
      expect((await idsOf({ ...upcoming, viewer: { userId: null, seesAll: false } })).sort()).toEqual([1]);
      expect((await idsOf({ ...upcoming, viewer: { userId: 5, seesAll: false } })).sort()).toEqual([1, 2]);
      expect((await idsOf({ ...upcoming, viewer: { userId: null, seesAll: true } })).sort()).toEqual([1, 2]);
    });

    it('finds the oldest duplicate not in the trash', async () => {
      await f.repo.save(makeVenue(1, { name: 'A Venue', status: 'trash' }));
      await f.repo.save(makeVenue(2, { name: 'A venue', description: 'x', address: '100, Avenue du Temple' }));
      await f.repo.save(makeVenue(3, { name: 'a venue' }));
      expect((await f.repo.findDuplicate({ name: 'A VENUE' }))?.id).toBe(2);
      expect((await f.repo.findDuplicate({ name: 'a venue', description: 'X' }))?.id).toBe(2);
      expect((await f.repo.findDuplicate({ name: 'a venue', address: 'temple avenue' }))?.id).toBe(2);
      expect(await f.repo.findDuplicate({ name: 'a venue', description: 'y' })).toBeNull();
      expect(await f.repo.findDuplicate({ name: 'b venue' })).toBeNull();
    });

    it('publishes due future records only', async () => {
      await f.repo.save(makeVenue(1, { status: 'future', dateUtc: '2026-01-01 00:00:00' }));
      await f.repo.save(makeVenue(2, { status: 'future', dateUtc: '2026-01-03 00:00:00' }));
      await f.repo.save(makeVenue(3, { status: 'draft', dateUtc: '2026-01-01 00:00:00' }));
      await f.repo.publishDue('2026-01-02 00:00:00');
      expect((await f.repo.findByIds([1, 2, 3])).sort((a, b) => a.id - b.id).map((v) => v.status)).toEqual(['publish', 'future', 'draft']);
    });

    it('trashes, removes and unlinks from every event, touching no other link', async () => {
      await f.repo.save(makeVenue(1));
      await f.repo.save(makeVenue(2));
      await f.seedEvent({ id: 100, status: 'publish', startUtc: '2030-01-01 00:00:00', venueIds: [1, 2] });
      await f.seedEvent({ id: 101, status: 'publish', startUtc: '2030-01-01 00:00:00', venueIds: [1] });
      await f.repo.unlinkFromAllEvents(1);
      expect(await f.linkedVenueIds(100)).toEqual([2]);
      expect(await f.linkedVenueIds(101)).toEqual([]);
      await f.repo.trash(1, '2026-02-01 00:00:00');
      expect(await f.repo.findById(1)).toMatchObject({ status: 'trash', modifiedUtc: '2026-02-01 00:00:00' });
      await f.repo.remove(1);
      expect(await f.repo.findById(1)).toBeNull();
    });
  });
}
