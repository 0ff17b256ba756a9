import type { LinkedRecord } from '../../src/modules/records/domain/linked-record';
import type { LinkedRecordListCriteria, LinkedRecordRepository } from '../../src/modules/records/domain/linked-record.repository';
import { saveRecord } from './linked-record-fixtures';

export interface SeedEvent {
  id: number;
  status: string;
  startUtc: string;
  hidden?: boolean;
  authorId?: number;
  /** Default none (not protected). */
  postPassword?: string;
  /** The venues or organizers the event links to, in order. */
  recordIds: number[];
}

/** One adapter under test, with what the contract needs besides it: events and their links, seeded and read back. */
export interface LinkedRecordRepositoryFixture<T extends LinkedRecord, Probe> {
  repo: LinkedRecordRepository<T, Probe>;
  seedEvent: (e: SeedEvent) => Promise<void>;
  linkedIds: (eventId: number) => Promise<number[]>;
  close: () => Promise<void>;
}

/** Opens a fresh fixture before each case and closes it after; call the returned function inside a case. */
export function fixturePerCase<F extends { close: () => Promise<void> }>(make: () => Promise<F>): () => F {
  let f: F;
  beforeEach(async () => {
    f = await make();
  });
  afterEach(async () => f.close());
  return () => f;
}

/** A list request that sees every status but the trash, unrestricted, on one page. */
/** A duplicate search (§10.4) by a caller who sees every record (editors): no author restriction. */
export const SEES_ALL = { restrictNonPublishToAuthor: null, dueUntilUtc: '2000-01-01 00:00:00' };

export const allButTrash = (over: Partial<LinkedRecordListCriteria> = {}): LinkedRecordListCriteria => ({
  page: { page: 1, perPage: 50 },
  fragments: [],
  statuses: ['publish', 'future', 'draft', 'pending', 'private'],
  dueUntilUtc: '2000-01-01 00:00:00',
  restrictNonPublishToAuthor: null,
  viewer: { userId: null, seesAll: true },
  ...over,
});

/**
 * The behaviour every venue and organizer adapter shows alike (in-memory, SQLite, MySQL): slugs, order and paging,
 * status and author visibility, event filters, publication of due records, trash, removal and unlinking. Call it
 * inside the aggregate's own `describe`, which adds the cases of its own fields (round trip, search, duplicates).
 */
export function linkedRecordRepositoryCases<T extends LinkedRecord, Probe>(
  fixture: () => LinkedRecordRepositoryFixture<T, Probe>,
  make: (id: number, over?: Partial<LinkedRecord>) => T,
) {
  const idsOf = async (c: Partial<LinkedRecordListCriteria>) => (await fixture().repo.findPage(allButTrash(c))).items.map((v) => v.id);

  it('tells whether a slug is taken, optionally except one record', async () => {
    const f = fixture();
    await saveRecord(f.repo, make(1, { slug: 'jazz' }));
    expect(await f.repo.slugTaken('jazz')).toBe(true);
    expect(await f.repo.slugTaken('jazz', 1)).toBe(false);
    expect(await f.repo.slugTaken('blues')).toBe(false);
  });

  it('orders by date_utc descending then id descending, and pages', async () => {
    const f = fixture();
    await saveRecord(f.repo, make(1, { dateUtc: '2026-01-02 00:00:00' }));
    await saveRecord(f.repo, make(2, { dateUtc: '2026-01-01 00:00:00' }));
    await saveRecord(f.repo, make(3, { dateUtc: '2026-01-01 00:00:00' }));
    expect(await idsOf({})).toEqual([1, 3, 2]);
    const page = await f.repo.findPage(allButTrash({ page: { page: 2, perPage: 2 } }));
    expect(page.items.map((v) => v.id)).toEqual([2]);
    expect(page.total).toBe(3);
  });

  it('filters statuses and restricts non-publish records to their author', async () => {
    const f = fixture();
    await saveRecord(f.repo, make(1, { status: 'publish', authorId: 1 }));
    await saveRecord(f.repo, make(2, { status: 'draft', authorId: 2 }));
    await saveRecord(f.repo, make(3, { status: 'draft', authorId: 3 }));
    await saveRecord(f.repo, make(4, { status: 'trash', authorId: 3 }));
    expect((await idsOf({})).sort()).toEqual([1, 2, 3]);
    expect((await idsOf({ restrictNonPublishToAuthor: 3 })).sort()).toEqual([1, 3]);
    expect(await idsOf({ statuses: ['trash'] })).toEqual([4]);
    expect(await idsOf({ statuses: ['publish'] })).toEqual([1]);
  });

  it('filters by event, has_events and only_with_upcoming', async () => {
    const f = fixture();
    for (const id of [1, 2, 3, 4]) await saveRecord(f.repo, make(id));
    await f.seedEvent({ id: 100, status: 'publish', startUtc: '2030-01-01 00:00:00', recordIds: [1] });
    await f.seedEvent({ id: 101, status: 'draft', startUtc: '2030-01-01 00:00:00', authorId: 5, recordIds: [2] });
    await f.seedEvent({ id: 102, status: 'publish', startUtc: '2020-01-01 00:00:00', recordIds: [3] });
    await f.seedEvent({ id: 103, status: 'publish', startUtc: '2030-01-01 00:00:00', hidden: true, recordIds: [4] });
    expect(await f.repo.eventAccessStamp(100)).toMatchObject({ authorId: 1, status: 'publish', postPassword: '' });
    expect(await f.repo.eventAccessStamp(101)).toMatchObject({ authorId: 5, status: 'draft' });
    expect(await f.repo.eventAccessStamp(999)).toBeNull();
    expect(await idsOf({ eventId: 100 })).toEqual([1]);
    expect((await idsOf({ hasEvents: true })).sort()).toEqual([1, 3, 4]);
    await saveRecord(f.repo, make(5));
    expect(await idsOf({ hasEvents: false })).toEqual([5]);
    const upcoming = { upcomingAfterUtc: '2026-01-01 00:00:00' };
    expect((await idsOf({ ...upcoming, viewer: { userId: null, seesAll: false } })).sort()).toEqual([1]);
    expect((await idsOf({ ...upcoming, viewer: { userId: 5, seesAll: false } })).sort()).toEqual([1, 2]);
    expect((await idsOf({ ...upcoming, viewer: { userId: null, seesAll: true } })).sort()).toEqual([1, 2]);
  });

  it('only_with_upcoming: a protected event counts only for callers who may see it unlocked (§6.11)', async () => {
    const f = fixture();
    for (const id of [1, 2]) await saveRecord(f.repo, make(id));
    await f.seedEvent({ id: 100, status: 'publish', startUtc: '2030-01-01 00:00:00', authorId: 5, postPassword: 'sesame', recordIds: [1] });
    await f.seedEvent({ id: 101, status: 'publish', startUtc: '2030-01-01 00:00:00', authorId: 5, postPassword: ' ', recordIds: [2] });
    const upcoming = { upcomingAfterUtc: '2026-01-01 00:00:00' };
    const ids = async (viewer: { userId: number | null; seesAll: boolean; password?: string | null }) => (await idsOf({ ...upcoming, viewer })).sort();
    expect(await ids({ userId: null, seesAll: false })).toEqual([]);
    expect(await ids({ userId: 4, seesAll: false, password: 'Sesame' })).toEqual([]);
    expect(await ids({ userId: null, seesAll: false, password: 'sesame' })).toEqual([1]);
    expect(await ids({ userId: null, seesAll: false, password: ' ' })).toEqual([2]);
    expect(await ids({ userId: 5, seesAll: false })).toEqual([1, 2]);
    expect(await ids({ userId: null, seesAll: true })).toEqual([1, 2]);
  });

  it('publishes due future records only', async () => {
    const f = fixture();
    await saveRecord(f.repo, make(1, { status: 'future', dateUtc: '2026-01-01 00:00:00' }));
    await saveRecord(f.repo, make(2, { status: 'future', dateUtc: '2026-01-03 00:00:00' }));
    await saveRecord(f.repo, make(3, { status: 'draft', dateUtc: '2026-01-01 00:00:00' }));
    // Issue 18, the read-time rule: before the job runs, lists show the due record as published already.
    const due = { dueUntilUtc: '2026-01-02 00:00:00' };
    expect(await idsOf({ statuses: ['publish'], ...due })).toEqual([1]);
    expect(await idsOf({ statuses: ['future'], ...due })).toEqual([2]);
    expect(await idsOf({ statuses: ['publish', 'draft'], restrictNonPublishToAuthor: 99, ...due })).toEqual([1]);
    expect(await idsOf({ statuses: ['publish'] })).toEqual([]);
    expect(await f.repo.publishDue('2026-01-02 00:00:00')).toBe(1);
    expect((await f.repo.findById(1))?.status).toBe('publish');
    expect((await f.repo.findById(2))?.status).toBe('future');
    expect((await f.repo.findByIds([1, 2, 3])).sort((a, b) => a.id - b.id).map((v) => v.status)).toEqual(['publish', 'future', 'draft']);
  });

  it('trashes, removes and unlinks from every event, touching no other link', async () => {
    const f = fixture();
    await saveRecord(f.repo, make(1));
    await saveRecord(f.repo, make(2));
    await f.seedEvent({ id: 100, status: 'publish', startUtc: '2030-01-01 00:00:00', recordIds: [1, 2] });
    await f.seedEvent({ id: 101, status: 'publish', startUtc: '2030-01-01 00:00:00', recordIds: [1] });
    await f.repo.unlinkFromAllEvents(1);
    expect(await f.linkedIds(100)).toEqual([2]);
    expect(await f.linkedIds(101)).toEqual([]);
    await f.repo.trash(1, '2026-02-01 00:00:00');
    expect(await f.repo.findById(1)).toMatchObject({ status: 'trash', modifiedUtc: '2026-02-01 00:00:00' });
    await f.repo.remove(1);
    expect(await f.repo.findById(1)).toBeNull();
  });
}
