import type { Organizer, OrganizerDuplicateProbe } from '../../src/modules/organizers/domain/organizer';
import { searchFragments } from '../../src/modules/organizers/domain/organizer';
import type { LinkedRecordListCriteria } from '../../src/modules/records/domain/linked-record.repository';
import { allButTrash, fixturePerCase, SEES_ALL, linkedRecordRepositoryCases, LinkedRecordRepositoryFixture } from './linked-record-repository.contract';
import { saveRecord } from './linked-record-fixtures';

export type OrganizerRepositoryFixture = LinkedRecordRepositoryFixture<Organizer, OrganizerDuplicateProbe>;

export const makeOrganizer = (id: number, over: Partial<Organizer> = {}): Organizer => ({
  id, authorId: 1, status: 'publish', date: '2026-01-01 00:00:00', dateUtc: '2026-01-01 00:00:00',
  modifiedUtc: '2026-01-01 00:00:00', slug: `organizer-${id}`, name: `Organizer ${id}`, description: '', excerpt: '',
  phone: '', website: '', email: '', imageId: null, ...over,
});

/**
 * The behaviour every OrganizerRepository adapter must show (in-memory, SQLite, MySQL): the shared cases (which include
 * the publication of due records this file used to check on its own) plus the organizer's own.
 */
export function describeOrganizerRepositoryContract(name: string, make: () => Promise<OrganizerRepositoryFixture>) {
  describe(`OrganizerRepository contract: ${name}`, () => {
    const fixture = fixturePerCase(make);
    linkedRecordRepositoryCases(fixture, makeOrganizer);
    const idsOf = async (c: Partial<LinkedRecordListCriteria>) => (await fixture().repo.findPage(allButTrash(c))).items.map((v) => v.id);

    it('saves and reads back by id, ids and slug', async () => {
      const f = fixture();
      const o = makeOrganizer(10, { email: 'a@b.example', imageId: 3 });
      await saveRecord(f.repo, o);
      expect(await f.repo.findById(10)).toEqual(o);
      expect(await f.repo.findBySlug('Organizer-10')).toEqual(o);
      expect((await f.repo.findByIds([10, 11])).map((x) => x.id)).toEqual([10]);
      expect(await f.repo.slugTaken('organizer-10')).toBe(true);
      expect(await f.repo.slugTaken('organizer-10', 10)).toBe(false);
    });

    it('searches name, description, phone, email and website, accent-insensitively; orders date desc, id desc', async () => {
      const f = fixture();
      await saveRecord(f.repo, makeOrganizer(1, { name: 'Café Müller', dateUtc: '2026-01-01 00:00:00' }));
      await saveRecord(f.repo, makeOrganizer(2, { name: 'x', email: 'cafe@muller.example', dateUtc: '2026-01-01 00:00:00' }));
      await saveRecord(f.repo, makeOrganizer(3, { name: 'CAFE', dateUtc: '2026-01-03 00:00:00' }));
      await saveRecord(f.repo, makeOrganizer(4, { name: 'other' }));
      expect(await idsOf({ fragments: searchFragments('café') })).toEqual([3, 2, 1]);
      expect(await idsOf({ fragments: searchFragments('muller cafe') })).toEqual([2, 1]);
    });

    it('filters by events, statuses and author; finds duplicates; trashes, removes and unlinks', async () => {
      const f = fixture();
      await saveRecord(f.repo, makeOrganizer(1, { name: 'Blue Note', phone: '+1' }));
      await saveRecord(f.repo, makeOrganizer(2, { name: 'blue note', status: 'draft', authorId: 4 }));
      await saveRecord(f.repo, makeOrganizer(3));
      await f.seedEvent({ id: 100, status: 'publish', startUtc: '2030-01-01 00:00:00', recordIds: [1, 3] });
      await f.seedEvent({ id: 101, status: 'draft', startUtc: '2030-01-01 00:00:00', authorId: 4, recordIds: [2] });
      expect(await idsOf({ eventId: 100 })).toEqual([3, 1]);
      expect(await idsOf({ hasEvents: true })).toEqual([3, 1]);
      expect(await idsOf({ upcomingAfterUtc: '2026-01-01 00:00:00', viewer: { userId: 4, seesAll: false } })).toEqual([3, 2, 1]);
      expect(await idsOf({ restrictNonPublishToAuthor: 9 })).toEqual([3, 1]);
      expect((await f.repo.findDuplicate({ name: 'BLUE NOTE' }, SEES_ALL))?.id).toBe(1);
      expect((await f.repo.findDuplicate({ name: 'BLUE NOTE', phone: '+2' }, SEES_ALL))).toBeNull();
      await f.repo.unlinkFromAllEvents(1);
      expect(await f.linkedIds(100)).toEqual([3]);
      await f.repo.trash(1, '2026-03-01 00:00:00');
      expect((await f.repo.findDuplicate({ name: 'blue note' }, SEES_ALL))?.id).toBe(2);
      await f.repo.remove(1);
      expect(await f.repo.findById(1)).toBeNull();
    });
  });
}
