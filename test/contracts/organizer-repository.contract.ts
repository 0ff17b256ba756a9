import type { Organizer } from '../../src/modules/organizers/domain/organizer';
import { searchFragments } from '../../src/modules/organizers/domain/organizer';
import type { OrganizerListCriteria, OrganizerRepository } from '../../src/modules/organizers/domain/organizer.repository';

export interface OrganizerRepositoryFixture {
  repo: OrganizerRepository;
  seedEvent: (e: { id: number; status: string; startUtc: string; hidden?: boolean; authorId?: number; organizerIds: number[] }) => Promise<void>;
  linkedOrganizerIds: (eventId: number) => Promise<number[]>;
  close: () => Promise<void>;
}

export const makeOrganizer = (id: number, over: Partial<Organizer> = {}): Organizer => ({
  id, authorId: 1, status: 'publish', date: '2026-01-01 00:00:00', dateUtc: '2026-01-01 00:00:00',
  modifiedUtc: '2026-01-01 00:00:00', slug: `organizer-${id}`, name: `Organizer ${id}`, description: '', excerpt: '',
  phone: '', website: '', email: '', imageId: null, ...over,
});

/** The behaviour every OrganizerRepository adapter must show (in-memory, SQLite, MySQL). */
export function describeOrganizerRepositoryContract(name: string, make: () => Promise<OrganizerRepositoryFixture>) {
  describe(`OrganizerRepository contract: ${name}`, () => {
    let f: OrganizerRepositoryFixture;
    beforeEach(async () => {
      f = await make();
    });
    afterEach(async () => f.close());

    const criteria = (over: Partial<OrganizerListCriteria> = {}): OrganizerListCriteria => ({
      page: { page: 1, perPage: 50 },
      fragments: [],
      statuses: ['publish', 'future', 'draft', 'pending', 'private'],
      restrictNonPublishToAuthor: null,
      viewer: { userId: null, seesAll: true },
      ...over,
    });
    const idsOf = async (c: Partial<OrganizerListCriteria>) => (await f.repo.findPage(criteria(c))).items.map((v) => v.id);

    it('saves and reads back by id, ids and slug', async () => {
      const o = makeOrganizer(10, { email: 'a@b.example', imageId: 3 });
      await f.repo.save(o);
      expect(await f.repo.findById(10)).toEqual(o);
      expect(await f.repo.findBySlug('Organizer-10')).toEqual(o);
      expect((await f.repo.findByIds([10, 11])).map((x) => x.id)).toEqual([10]);
      expect(await f.repo.slugTaken('organizer-10')).toBe(true);
      expect(await f.repo.slugTaken('organizer-10', 10)).toBe(false);
    });

    it('searches name, description, phone, email and website, accent-insensitively; orders date desc, id desc', async () => {
      await f.repo.save(makeOrganizer(1, { name: 'Café Müller', dateUtc: '2026-01-01 00:00:00' }));
      await f.repo.save(makeOrganizer(2, { name: 'x', email: 'cafe@muller.example', dateUtc: '2026-01-01 00:00:00' }));
      await f.repo.save(makeOrganizer(3, { name: 'CAFE', dateUtc: '2026-01-03 00:00:00' }));
      await f.repo.save(makeOrganizer(4, { name: 'other' }));
      expect(await idsOf({ fragments: searchFragments('café') })).toEqual([3, 2, 1]);
      expect(await idsOf({ fragments: searchFragments('muller cafe') })).toEqual([2, 1]);
    });

    it('publishes due future records only', async () => {
      await f.repo.save(makeOrganizer(1, { status: 'future', dateUtc: '2026-01-01 00:00:00' }));
      await f.repo.save(makeOrganizer(2, { status: 'future', dateUtc: '2026-01-03 00:00:00' }));
      await f.repo.publishDue('2026-01-02 00:00:00');
      expect((await f.repo.findById(1))?.status).toBe('publish');
      expect((await f.repo.findById(2))?.status).toBe('future');
    });

    it('filters by events, statuses and author; finds duplicates; trashes, removes and unlinks', async () => {
      await f.repo.save(makeOrganizer(1, { name: 'Blue Note', phone: '+1' }));
      await f.repo.save(makeOrganizer(2, { name: 'blue note', status: 'draft', authorId: 4 }));
      await f.repo.save(makeOrganizer(3));
      await f.seedEvent({ id: 100, status: 'publish', startUtc: '2030-01-01 00:00:00', organizerIds: [1, 3] });
      await f.seedEvent({ id: 101, status: 'draft', startUtc: '2030-01-01 00:00:00', authorId: 4, organizerIds: [2] });
      expect(await idsOf({ eventId: 100 })).toEqual([3, 1]);
      expect(await idsOf({ hasEvents: true })).toEqual([3, 1]);
      expect(await idsOf({ upcomingAfterUtc: '2026-01-01 00:00:00', viewer: { userId: 4, seesAll: false } })).toEqual([3, 2, 1]);
      expect(await idsOf({ restrictNonPublishToAuthor: 9 })).toEqual([3, 1]);
      expect((await f.repo.findDuplicate({ name: 'BLUE NOTE' }))?.id).toBe(1);
      expect((await f.repo.findDuplicate({ name: 'BLUE NOTE', phone: '+2' }))).toBeNull();
      await f.repo.unlinkFromAllEvents(1);
      expect(await f.linkedOrganizerIds(100)).toEqual([3]);
      await f.repo.trash(1, '2026-03-01 00:00:00');
      expect((await f.repo.findDuplicate({ name: 'blue note' }))?.id).toBe(2);
      await f.repo.remove(1);
      expect(await f.repo.findById(1)).toBeNull();
    });
  });
}
