import type { CalendarEvent, EventLinks } from '../../src/modules/events/domain/calendar-event';
import { toUtc } from '../../src/shared/domain/time/date-input';
import type { EventCriteria } from '../../src/modules/events/domain/event-query';
import type { RecordStatus } from '../../src/shared/domain/policy';
import { SlugConflictError } from '../../src/shared/domain/slug-allocation';
import { EventRepository, LISTED_TEXT_LIMIT } from '../../src/modules/events/domain/event.repository';
import { fold } from '../../src/shared/domain/text';
import { Random } from '../../src/tools/seed/random';
import { anEvent } from '../factories/event.factory';

export interface EventRepositoryFixture {
  repo: EventRepository;
  /** Gives a venue coordinates (SQL: inserts a venue row; in-memory: sets the fake's map). */
  seedVenue: (id: number, lat: number | null, lng: number | null) => Promise<void>;
  /** Makes the venues, organizers and terms named exist (SQL: bare rows; links are only written to existing records). */
  seedLinkTargets: (links: Partial<EventLinks>) => Promise<void>;
  close: () => Promise<void>;
}

const ALL = ['publish', 'future', 'draft', 'pending', 'private'] as const;
const criteria = (over: Partial<EventCriteria> = {}): EventCriteria => ({
  mode: 'event',
  bounds: [],
  statuses: [...ALL],
  restrictNonPublishToAuthor: null,
  ...over,
});
const PAGE = { offset: 0, limit: 50 };

/** The behaviour every EventRepository adapter must show (in-memory, SQLite, MySQL). */
export function describeEventRepositoryContract(name: string, make: () => Promise<EventRepositoryFixture>) {
  describe(`EventRepository contract: ${name}`, () => {
    let f: EventRepositoryFixture;
    beforeEach(async () => {
      f = await make();
    });
    afterEach(async () => f.close());

    /** Inserts the event, or rewrites it when it is stored already. */
    const save = async (e: CalendarEvent) => ((await f.repo.findById(e.id)) ? f.repo.update(e) : f.repo.insert(e));
    const saveLinks = async (id: number, links: Partial<EventLinks>) => {
      await f.seedLinkTargets(links);
      await f.repo.saveLinks(id, links);
    };

    const ids = async (c: Partial<EventCriteria> = {}, page = PAGE) => (await f.repo.findPage(criteria(c), page)).rows.map((e) => e.id);

    it('saves and reads back every field, by id and by slug (ignoring case)', async () => {
      const e = anEvent(1, {
        title: 'Café Night', description: '<p>Hi</p>', excerpt: 'x', costInput: '"$5"', websiteSet: true, website: 'https://x.example',
        showMap: false, featured: true, sticky: true, imageId: 9, postPassword: 'pw', ticketed: true, postParent: 0, allDay: true,
        timezone: 'Europe/Madrid', status: 'draft', authorId: 3,
      });
      await save(e);
      expect(await f.repo.findById(1)).toEqual(e);
      expect(await f.repo.findBySlug('EVENT-1')).toEqual(e);
      expect(await f.repo.findById(2)).toBeNull();
      expect(await f.repo.findBySlug('nope')).toBeNull();
    });

    it('updates in place and keeps slugs unique; an update never re-creates a removed event', async () => {
      await f.repo.insert(anEvent(1));
      await f.repo.update({ ...anEvent(1), title: 'Renamed' });
      await expect(f.repo.update(anEvent(3))).rejects.toThrow();
      expect(await f.repo.findById(3)).toBeNull();
      expect((await f.repo.lockById(1))?.title).toBe('Renamed');
      expect((await f.repo.lockBySlug('EVENT-1'))?.id).toBe(1);
      expect((await f.repo.findById(1))?.title).toBe('Renamed');
      expect(await f.repo.slugTaken('event-1')).toBe(true);
      expect(await f.repo.slugTaken('event-1', 1)).toBe(false);
      await expect(f.repo.insert(anEvent(2, { slug: 'event-1' }))).rejects.toBeInstanceOf(SlugConflictError);
    });

    it('finds a slug family in one call: the base and its `base-…` variants only, LIKE characters literal', async () => {
      const slugs = ['concert', 'concert-2', 'concert-10', 'concerts', 'con_ert-2', 'concert-hall'];
      for (const [i, slug] of slugs.entries()) await save(anEvent(i + 1, { slug }));
      expect([...(await f.repo.slugFamily('concert'))].sort()).toEqual(['concert', 'concert-10', 'concert-2', 'concert-hall']);
      expect([...(await f.repo.slugFamily('concert', 1))].sort()).toEqual(['concert-10', 'concert-2', 'concert-hall']);
      expect([...(await f.repo.slugFamily('con_ert'))]).toEqual(['con_ert-2']);
      expect((await f.repo.slugFamily('nothing')).size).toBe(0);
    });

    it('orders by start then id, pages with a total, and never lists hidden events', async () => {
      await save(anEvent(3, { startLocal: '2026-12-02 10:00:00' }));
      await save(anEvent(1, { startLocal: '2026-12-02 10:00:00' }));
      await save(anEvent(2, { startLocal: '2026-12-01 09:00:00' }));
      await save(anEvent(4, { hideFromListings: true }));
      expect(await ids()).toEqual([2, 1, 3]);
      const page2 = await f.repo.findPage(criteria(), { offset: 2, limit: 2 });
      expect(page2.rows.map((e) => e.id)).toEqual([3]);
      expect(page2.total).toBe(3);
      expect(await f.repo.findPage(criteria(), { offset: 10, limit: 2 })).toMatchObject({ rows: [], total: 3 });
      expect(await f.repo.findPage(criteria({ include: [] }), PAGE)).toMatchObject({ rows: [], total: 0 });
    });

    it('pages leave out rich texts longer than LISTED_TEXT_LIMIT together, saying how long; single reads never do', async () => {
      const half = LISTED_TEXT_LIMIT / 2;
      await save(anEvent(1, { description: 'd'.repeat(half), excerpt: 'e'.repeat(half) })); // exactly the limit: carried
      await save(anEvent(2, { description: 'd'.repeat(half), excerpt: 'e'.repeat(half + 1), startLocal: '2026-12-02 10:00:00' }));
      const byId = async (ids: number[]) => new Map((await f.repo.findByIds(ids)).map((e) => [e.id, e]));
      for (const rows of [(await f.repo.findPage(criteria(), PAGE)).rows, [...(await byId([2, 1])).values()]]) {
        const [carried, leftOut] = [rows.find((e) => e.id === 1)!, rows.find((e) => e.id === 2)!];
        expect(carried).toMatchObject({ description: 'd'.repeat(half), excerpt: 'e'.repeat(half) });
        expect(carried.textsLeftOut).toBeUndefined();
        expect(leftOut).toMatchObject({ description: '', excerpt: '', textsLeftOut: LISTED_TEXT_LIMIT + 1, title: 'Event 2' });
      }
      expect((await f.repo.findById(2))?.excerpt).toBe('e'.repeat(half + 1));
    });

    it('gives the current data version with every page, found by the list index or the search index, empty or not', async () => {
      await save(anEvent(1, { title: 'Versioned page' }));
      const current = await f.repo.currentDataVersion();
      expect(Number.isInteger(current)).toBe(true);
      for (const c of [criteria(), criteria({ include: [] }), criteria({ searchWords: ['versioned'] }), criteria({ searchWords: ['absent'] })]) {
        expect((await f.repo.findPage(c, PAGE)).dataVersion).toBe(current);
        expect((await f.repo.findPageStamps(c, PAGE)).dataVersion).toBe(current);
      }
    });

    it('compares bounds with local times in event mode and UTC times in site mode, one bound each', async () => {
      await save(anEvent(1, { startLocal: '2026-11-24 23:30:00', endLocal: '2026-11-25 01:00:00', startUtc: '2026-11-24 14:30:00', endUtc: '2026-11-24 16:00:00', timezone: 'Asia/Tokyo' }));
      await save(anEvent(2, { startLocal: '2026-11-24 00:00:00', endLocal: '2026-11-24 23:59:59', startUtc: '2026-11-23 23:00:00', endUtc: '2026-11-24 22:59:59', timezone: 'Europe/Madrid' }));
      const bounds = [
        { op: '>=' as const, field: 'start' as const, value: '2026-11-24 00:00:00' },
        { op: '<=' as const, field: 'end' as const, value: '2026-11-24 23:59:59' },
      ];
      expect(await ids({ bounds })).toEqual([2]);
      expect(await ids({ bounds, mode: 'site' })).toEqual([1]);
      expect(await ids({ bounds: [{ op: '>', field: 'start', value: '2026-11-24 00:00:00' }] })).toEqual([1]);
      expect(await ids({ bounds: [{ op: '<', field: 'end', value: '2026-11-25 00:00:00' }] })).toEqual([2]);
      // order follows UTC start in site mode
      expect(await ids({ mode: 'site' })).toEqual([2, 1]);
    });

    it('filters statuses, restricting non-public ones to the author when asked', async () => {
      await save(anEvent(1));
      await save(anEvent(2, { status: 'draft', authorId: 4 }));
      await save(anEvent(3, { status: 'draft', authorId: 5 }));
      await save(anEvent(4, { status: 'trash', authorId: 4 }));
      expect(await ids()).toEqual([1, 2, 3]);
      expect(await ids({ restrictNonPublishToAuthor: 4 })).toEqual([1, 2]);
      expect(await ids({ statuses: ['trash'] })).toEqual([4]);
      expect(await ids({ statuses: ['publish'] })).toEqual([1]);
    });

    it('searches the folded key: all words, excluded words, special LIKE characters are literal', async () => {
      await save(anEvent(1, { title: 'Jazz Café', description: 'late show' }));
      await save(anEvent(2, { title: 'Rock', excerpt: 'late 100% fun' }));
      expect(await ids({ searchWords: ['cafe', 'late'] })).toEqual([1]);
      expect(await ids({ searchWords: ['late'], excludedWords: ['jazz'] })).toEqual([2]);
      expect(await ids({ searchWords: ['100%'] })).toEqual([2]);
      expect(await ids({ searchWords: ['0_'] })).toEqual([]);
      expect(await ids({ searchWords: ['late show'] })).toEqual([1]);
    });

    it('search matches exactly what a scan of the readable folded text matches, through every write, for every reader', async () => {
      // Issue 18: the SQL adapters find search words through an index (SQLite FTS5 trigrams; MySQL a token index) and
      // must give the answers of the plain rule, written out here: each word a substring of the text the reader may
      // search (§8.4: the title alone of a protected event they may not unlock), no excluded word in it.
      const r = new Random(18);
      const pick = <T>(items: readonly T[]): T => r.pick(items);
      // 291 characters without whitespace: the token indexes store long tokens in overlapping pieces.
      const longToken = `${'ab'.repeat(30)}needle${'cd'.repeat(30)}héllo${'ef'.repeat(80)}`;
      const TITLES = ['Jazz Café', 'JAZZ night', 'Pizazz Fair', 'Crème Brûlée Class', 'Late Show', 'Jaz azz', 'Open 100% Mic', 'Naïve Art', 'Tango', 'Über Jam'];
      const TEXTS = ['', '<p>late show tonight</p>', 'a warm welcome', 'secret recipe inside', longToken, 'x_y 50% off', 'jazz\ttab\nline', 'niño señor'];
      const STATUSES: RecordStatus[] = ['publish', 'publish', 'publish', 'draft', 'future', 'private'];
      const randomEvent = (id: number): CalendarEvent => {
        const day = 1 + r.int(0, 20);
        const start = `2026-12-${String(day).padStart(2, '0')} ${pick(['09', '10', '20'])}:00:00`;
        return anEvent(id, {
          title: pick(TITLES),
          description: pick(TEXTS),
          excerpt: r.chance(0.3) ? pick(TEXTS) : '',
          status: pick(STATUSES),
          authorId: pick([3, 4]),
          postPassword: r.chance(0.25) ? pick(['sesame', 'Sesame']) : '',
          hideFromListings: r.chance(0.05),
          featured: r.chance(0.5),
          startLocal: start,
          endLocal: start.replace(/ \d\d:/, ' 23:'),
        });
      };
      const stored = new Map<number, CalendarEvent>();
      const write = async (e: CalendarEvent) => {
        await save(e);
        stored.set(e.id, e);
      };
      for (let id = 1; id <= 60; id++) await write(randomEvent(id));

      type Reader = NonNullable<EventCriteria['protectedTextReader']>;
      const READERS: Reader[] = ['all', { authorId: null, password: null }, { authorId: 4, password: null }, { authorId: null, password: 'sesame' }, { authorId: 9, password: 'SESAME' }];
      const textFor = (e: CalendarEvent, reader: Reader) => {
        const unlocked = reader === 'all' || e.postPassword === '' || e.authorId === reader.authorId || (reader.password !== null && reader.password === e.postPassword);
        return unlocked ? [e.title, e.description, e.excerpt].map(fold).join('\n') : fold(e.title);
      };
      const SEARCHES: Array<{ words: string[]; excluded?: string[] }> = [
        { words: ['jazz'] }, { words: ['azz'] }, { words: ['zz'] }, { words: ['a'] }, { words: ['caf'] }, { words: ['cafe', 'jazz'] },
        { words: ['creme brulee'] }, { words: ['brul'] }, { words: ['uber'] }, { words: ['naive'] }, { words: ['jaz azz'] },
        { words: ['late show'] }, { words: ['show'], excluded: ['late'] }, { words: ['jazz'], excluded: ['night', 'caf'] },
        { words: ['a'], excluded: ['jazz'] }, { words: [], excluded: ['jazz'] }, { words: ['jazz'], excluded: ['z'] },
        { words: ['secret'] }, { words: ['recipe'], excluded: ['jazz'] }, { words: ['needle'] }, { words: ['dneedlec'] },
        { words: [longToken.slice(10, 100)] }, { words: [longToken.slice(70)] }, { words: ['hello'] }, { words: ['100%'] },
        { words: ['0%'] }, { words: ['x_y'] }, { words: ['_'] }, { words: ['%'] }, { words: ['tab'] }, { words: ['nino senor'] },
        { words: ['nothing-like-this'] }, { words: ['tango'], excluded: ['nothing-like-this'] },
      ];
      const check = async (label: string) => {
        for (const search of SEARCHES) {
          for (const reader of READERS) {
            const statuses = pick([['publish'], ['publish', 'draft', 'future', 'private']] as RecordStatus[][]);
            const bounds = r.chance(0.5) ? [{ op: '>=' as const, field: 'start' as const, value: '2026-12-08 10:00:00' }] : [];
            const featured = r.chance(0.2) ? true : undefined;
            const expected = [...stored.values()]
              .filter((e) => statuses.includes(e.status) && !e.hideFromListings && bounds.every((b) => e.startLocal >= b.value))
              .filter((e) => featured === undefined || e.featured === featured)
              .filter((e) => search.words.every((w) => textFor(e, reader).includes(w)))
              .filter((e) => !(search.excluded ?? []).some((w) => textFor(e, reader).includes(w)))
              .sort((a, b) => (a.startLocal < b.startLocal ? -1 : a.startLocal > b.startLocal ? 1 : a.id - b.id))
              .map((e) => e.id);
            const c = { searchWords: search.words, excludedWords: search.excluded ?? [], protectedTextReader: reader, statuses, bounds, featured };
            const offset = pick([0, 0, 2, 40]);
            const page = await f.repo.findPage(criteria(c), { offset, limit: 5 });
            const got = { total: page.total, ids: page.rows.map((e) => e.id) };
            expect({ label, search, reader, statuses, bounds, offset, got }).toEqual({ label, search, reader, statuses, bounds, offset, got: { total: expected.length, ids: expected.slice(offset, offset + 5) } });
          }
        }
      };
      await check('after creates');
      // Rewritten texts, protection added and removed, statuses and dates changed, events removed, scheduled ones published.
      for (let i = 0; i < 40; i++) {
        const current = stored.get(1 + r.int(0, 59));
        if (!current) continue;
        const change = r.int(0, 4);
        if (change === 0) await write({ ...current, title: pick(TITLES), description: pick(TEXTS) });
        else if (change === 1) await write({ ...current, postPassword: current.postPassword ? '' : 'sesame' });
        else if (change === 2) await write({ ...current, status: pick(STATUSES), startLocal: randomEvent(current.id).startLocal });
        else if (change === 3) await write({ ...current, excerpt: pick(TEXTS), hideFromListings: !current.hideFromListings });
        else {
          await f.repo.remove(current.id);
          stored.delete(current.id);
        }
      }
      await f.repo.publishDue('2026-11-01 00:00:00');
      for (const [id, e] of stored) if (e.status === 'future' && e.dateUtc <= '2026-11-01 00:00:00') stored.set(id, { ...e, status: 'publish' });
      await check('after updates, removals and publishing');
    });

    it('filters by flags, include, parent and links; saves links in order and loads them in batches', async () => {
      await save(anEvent(1, { featured: true }));
      await save(anEvent(2, { ticketed: true, postParent: 1 }));
      await save(anEvent(3));
      await saveLinks(1, { venueIds: [30, 20], organizerIds: [40], termIds: [7, 8] });
      await saveLinks(2, { venueIds: [20], termIds: [9] });
      expect(await ids({ featured: true })).toEqual([1]);
      expect(await ids({ featured: false })).toEqual([2, 3]);
      expect(await ids({ ticketed: true })).toEqual([2]);
      expect(await ids({ include: [3, 1, 99] })).toEqual([1, 3]);
      expect(await ids({ postParent: 1 })).toEqual([2]);
      expect(await ids({ categoryIds: [8, 9] })).toEqual([1, 2]);
      expect(await ids({ categoryIds: [7], tagIds: [9] })).toEqual([]);
      expect(await ids({ venueIds: [20] })).toEqual([1, 2]);
      expect(await ids({ organizerIds: [40] })).toEqual([1]);
      expect(await ids({ venueIds: [] })).toEqual([]);
      const links = await f.repo.loadLinks([1, 2, 3]);
      expect(links.get(1)).toEqual({ venueIds: [30, 20], organizerIds: [40], termIds: [7, 8] });
      expect(links.get(3)).toEqual({ venueIds: [], organizerIds: [], termIds: [] });
      await saveLinks(1, { venueIds: [] });
      expect((await f.repo.loadLinks([1])).get(1)).toEqual({ venueIds: [], organizerIds: [40], termIds: [7, 8] });
    });

    it('geoloc: events with or without a venue that has coordinates', async () => {
      await f.seedVenue(20, 40.4, -3.7);
      await f.seedVenue(21, null, null);
      await save(anEvent(1));
      await save(anEvent(2));
      await saveLinks(1, { venueIds: [20] });
      await saveLinks(2, { venueIds: [21] });
      expect(await ids({ geoloc: true })).toEqual([1]);
      expect(await ids({ geoloc: false })).toEqual([2]);
      expect(await f.repo.venueCoordinates()).toEqual([{ id: 20, lat: 40.4, lng: -3.7 }]);
    });

    it('§6.11: masked-field filters see the masked values of the protected events the reader may not unlock; totals exact', async () => {
      // A scan of the rule: a locked event (protected, not the reader's, another password) has no terms, venues or
      // organizers and `featured`/`ticketed` null (matching neither value); without a venue it has no coordinates.
      const r = new Random(611);
      await f.seedVenue(20, 40.4, -3.7);
      await f.seedVenue(21, null, null);
      const stored: Array<{ e: CalendarEvent; links: EventLinks }> = [];
      for (let id = 1; id <= 40; id++) {
        const day = String(1 + r.int(0, 9)).padStart(2, '0');
        const e = anEvent(id, {
          status: r.pick(['publish', 'publish', 'publish', 'draft'] as RecordStatus[]),
          authorId: r.pick([3, 4]),
          postPassword: r.chance(0.4) ? r.pick(['sesame', 'Sesame', ' ']) : '',
          featured: r.chance(0.5),
          ticketed: r.chance(0.5),
          startLocal: `2026-12-${day} 10:00:00`,
          endLocal: `2026-12-${day} 12:00:00`,
        });
        const links = { venueIds: r.chance(0.7) ? [r.pick([20, 21])] : [], organizerIds: r.chance(0.6) ? [40] : [], termIds: [7, 8, 9].filter(() => r.chance(0.5)) };
        await save(e);
        await saveLinks(id, links);
        stored.push({ e, links });
      }
      type Reader = { authorId: number | null; password: string | null };
      const READERS: Array<Reader | undefined> = [undefined, { authorId: null, password: null }, { authorId: 4, password: null }, { authorId: null, password: 'sesame' }, { authorId: 9, password: 'SESAME' }];
      const FILTERS: Array<Partial<EventCriteria>> = [
        { categoryIds: [7] }, { categoryIds: [7, 8] }, { tagIds: [9] }, { venueIds: [20] }, { venueIds: [20, 21] }, { organizerIds: [40] },
        { nearVenueIds: [20] }, { featured: true }, { featured: false }, { ticketed: true }, { ticketed: false }, { geoloc: true },
        { geoloc: false }, { geoloc: false, featured: false }, { venueIds: [21], ticketed: true }, { organizerIds: [40], categoryIds: [8] },
      ];
      const any = (wanted: number[] | undefined, have: number[]) => wanted === undefined || wanted.some((id) => have.includes(id));
      for (const filter of FILTERS) {
        for (const reader of READERS) {
          for (const statuses of [['publish'], [...ALL]] as RecordStatus[][]) {
            const c = criteria({ ...filter, statuses, bounds: [{ op: '>=', field: 'start', value: '2026-12-03 00:00:00' }], ...(reader ? { maskedFor: reader } : {}) });
            const expected = stored
              .filter(({ e }) => statuses.includes(e.status) && e.startLocal >= '2026-12-03 00:00:00')
              .filter(({ e, links }) => {
                const locked = reader !== undefined && e.postPassword !== '' && e.authorId !== reader.authorId && e.postPassword !== reader.password;
                const l = locked ? { venueIds: [], organizerIds: [], termIds: [] } : links;
                const flag = (want: boolean | undefined, have: boolean) => want === undefined || (!locked && have === want);
                const coords = l.venueIds.includes(20);
                return (
                  any(c.categoryIds, l.termIds) && any(c.tagIds, l.termIds) && any(c.venueIds, l.venueIds) && any(c.organizerIds, l.organizerIds) &&
                  any(c.nearVenueIds, l.venueIds) && flag(c.featured, e.featured) && flag(c.ticketed, e.ticketed) && (c.geoloc === undefined || coords === c.geoloc)
                );
              })
              .map(({ e }) => e)
              .sort((a, b) => (a.startLocal < b.startLocal ? -1 : a.startLocal > b.startLocal ? 1 : a.id - b.id))
              .map((e) => e.id);
            for (const offset of [0, 3]) {
              const page = await f.repo.findPage(c, { offset, limit: 4 });
              const got = { total: page.total, ids: page.rows.map((e) => e.id) };
              expect({ filter, reader, statuses, offset, got }).toEqual({ filter, reader, statuses, offset, got: { total: expected.length, ids: expected.slice(offset, offset + 4) } });
            }
          }
        }
      }
    });

    it('publishDue turns due future events into published ones', async () => {
      await save(anEvent(1, { status: 'future', dateUtc: '2026-11-22 15:00:00' }));
      await save(anEvent(2, { status: 'future', dateUtc: '2026-11-22 15:00:01' }));
      await f.repo.publishDue('2026-11-22 15:00:00');
      expect((await f.repo.findById(1))?.status).toBe('publish');
      expect((await f.repo.findById(2))?.status).toBe('future');
    });

    it('remove deletes the row and its links and orphans the children', async () => {
      await save(anEvent(1));
      await save(anEvent(2, { postParent: 1 }));
      await saveLinks(1, { venueIds: [5], termIds: [6] });
      expect(await f.repo.childIds(1)).toEqual([2]);
      await f.repo.remove(1);
      expect(await f.repo.findById(1)).toBeNull();
      expect((await f.repo.findById(2))?.postParent).toBe(0);
      expect((await f.repo.loadLinks([1])).get(1)).toEqual({ venueIds: [], organizerIds: [], termIds: [] });
    });

    it('list pages and totals stay exact through creates, updates, links, hiding, status changes, publishing and deletes', async () => {
      // A deterministic random history of writes, then many date/status lists: each total must equal a count of the
      // events as written (the SQL adapters count most of these lists from maintained per-day counts).
      const r = new Random(11);
      const next = (n: number) => r.int(0, n - 1);
      const pick = <T>(items: readonly T[]): T => r.pick(items);
      const STATUSES: RecordStatus[] = ['publish', 'future', 'draft', 'pending', 'private', 'trash'];
      const ZONES = ['UTC', 'Europe/Madrid', 'Asia/Tokyo', 'America/New_York'];
      const wall = (day: number, minutes: number) => {
        const d = new Date(Date.UTC(2026, 10, 10 + day, 0, minutes));
        return d.toISOString().slice(0, 19).replace('T', ' ');
      };
      const randomTiming = () => {
        const timezone = pick(ZONES);
        // Most events in three weeks (many share a bound's day), the others over five months (issue 18: windows are
        // summed from month buckets where the months alone decide, from day buckets in a bound's month).
        const day = pick([next(20), next(20), next(150)]);
        const startMinutes = pick([0, 30, 60 * 23 + 30, 60 * next(24)]);
        const startLocal = wall(day, startMinutes);
        const endLocal = wall(day, startMinutes + pick([0, 90, 60 * 24, 60 * 24 * 3 + 15, 60 * 24 * (20 + next(60))]));
        return { timezone, startLocal, endLocal, startUtc: toUtc(startLocal, timezone), endUtc: toUtc(endLocal, timezone) };
      };
      const stored = new Map<number, CalendarEvent>();
      const write = async (e: CalendarEvent) => {
        await save(e);
        stored.set(e.id, e);
      };
      // Links to three venues and four terms: lists filtered by them are answered from the link rows alone.
      const links = new Map<number, { venueIds: number[]; termIds: number[] }>();
      const relink = async (id: number) => {
        const l = { venueIds: [1001, 1002, 1003].filter(() => next(3) === 0), termIds: [1, 2, 3, 4].filter(() => next(3) === 0) };
        await saveLinks(id, l);
        links.set(id, l);
      };
      for (let id = 1; id <= 160; id++) {
        await write(anEvent(id, { ...randomTiming(), status: pick(STATUSES), hideFromListings: next(5) === 0, dateUtc: wall(next(20), 0) }));
        await relink(id);
      }
      for (let i = 0; i < 80; i++) {
        const current = stored.get(1 + next(160));
        if (!current) continue;
        const change = next(5);
        if (change === 4) await relink(current.id);
        else if (change === 0) await write({ ...current, ...randomTiming() });
        else if (change === 1) await write({ ...current, status: pick(STATUSES) });
        else if (change === 2) await write({ ...current, hideFromListings: !current.hideFromListings });
        else {
          await f.repo.remove(current.id);
          stored.delete(current.id);
        }
      }
      const publishAt = wall(10, 0);
      const published = (e: CalendarEvent) => (e.status === 'future' && e.dateUtc <= publishAt ? 'publish' : e.status);

      // Every operator of the six date parameters (§8.2.1), written out here rather than taken from the code under test
      // (issue 19: a bug shared by DATE_PARAMS/matchesDateWindow and the SQL could not show).
      const OPS = [
        { op: '>=', field: 'start' }, // start_date
        { op: '<=', field: 'end' }, // end_date
        { op: '<', field: 'start' }, // starts_before
        { op: '>', field: 'start' }, // starts_after
        { op: '<', field: 'end' }, // ends_before
        { op: '>', field: 'end' }, // ends_after
      ] as const;
      /** The reference: wall-clock strings of one clock compare as text (YYYY-MM-DD HH:MM:SS sorts chronologically). */
      const inWindow = (mode: 'event' | 'site', bounds: Array<{ op: string; field: string; value: string }>, e: CalendarEvent) =>
        bounds.every(({ op, field, value }) => {
          const v = field === 'start' ? (mode === 'event' ? e.startLocal : e.startUtc) : mode === 'event' ? e.endLocal : e.endUtc;
          return op === '>=' ? v >= value : op === '<=' ? v <= value : op === '<' ? v < value : v > value;
        });
      // Issue 18: before the job publishes the due events, lists with the read-time rule (dueUntilUtc) show them as
      // published already; after it, the same lists without the rule give the same answers.
      const sweep = async (dueUntilUtc: string | undefined) => {
        const events = [...stored.values()].map((e) => ({ ...e, status: published(e) }));
        for (let round = 0; round < 120; round++) {
          const mode = pick(['event', 'site'] as const);
          const statuses = STATUSES.filter(() => next(2) === 0);
          // Bound values are often an event's own start or end, so ties on both sides of every operator are exercised.
          const bounds = Array.from({ length: next(4) }, () => {
            const e = pick(events);
            const value = next(2) ? wall(pick([next(22) - 1, next(170) - 5]), 60 * next(24)) : pick([e.startLocal, e.endLocal, e.startUtc, e.endUtc]);
            return { ...pick(OPS), value };
          });
          const filter = pick(['none', 'venue', 'terms', 'term'] as const);
          const linked = { venueIds: [1001 + next(3)], categoryIds: [1 + next(2), 3 + next(2)], tagIds: [1 + next(4)] };
          const linkFilter =
            filter === 'venue' ? { venueIds: linked.venueIds } : filter === 'terms' ? { categoryIds: linked.categoryIds } : filter === 'term' ? { tagIds: linked.tagIds } : {};
          const carries = (id: number) => {
            const l = links.get(id)!;
            if (filter === 'venue') return l.venueIds.includes(linked.venueIds[0]);
            if (filter === 'terms') return l.termIds.some((t) => linked.categoryIds.includes(t));
            if (filter === 'term') return l.termIds.includes(linked.tagIds[0]);
            return true;
          };
          const matching = events.filter(
            (e) => statuses.includes(e.status) && !e.hideFromListings && inWindow(mode, bounds, e) && carries(e.id),
          );
          const start = (e: CalendarEvent) => (mode === 'event' ? e.startLocal : e.startUtc);
          const order = matching.sort((a, b) => (start(a) < start(b) ? -1 : start(a) > start(b) ? 1 : a.id - b.id)).map((e) => e.id);
          const offset = next(3) * 2;
          const page = await f.repo.findPage(criteria({ mode, statuses, bounds, ...linkFilter, dueUntilUtc }), { offset, limit: 3 });
          const got = { total: page.total, ids: page.rows.map((e) => e.id) };
          expect({ mode, statuses, bounds, linkFilter, got }).toEqual({ mode, statuses, bounds, linkFilter, got: { total: order.length, ids: order.slice(offset, offset + 3) } });
        }
      };
      expect([...stored.values()].filter((e) => published(e) !== e.status).length).toBeGreaterThan(3);
      await sweep(publishAt);
      await f.repo.publishDue(publishAt);
      for (const [id, e] of stored) stored.set(id, { ...e, status: published(e) });
      expect(await f.repo.earliestScheduledUtc()).toBe([...stored.values()].filter((e) => e.status === 'future').map((e) => e.dateUtc).sort()[0] ?? null);
      await sweep(undefined);
    });

    it('the read-time rule: a due future event counts as published for its author restriction too, and no longer as future', async () => {
      await save(anEvent(1, { status: 'future', dateUtc: '2026-11-22 15:00:00', authorId: 7 }));
      await save(anEvent(2, { status: 'future', dateUtc: '2026-11-22 16:00:00', authorId: 7 }));
      await save(anEvent(3, { status: 'draft', authorId: 7 }));
      expect(await f.repo.earliestScheduledUtc()).toBe('2026-11-22 15:00:00');
      const due = { dueUntilUtc: '2026-11-22 15:30:00' };
      expect(await ids({ statuses: ['publish'], ...due })).toEqual([1]);
      expect(await ids({ statuses: ['future'], ...due })).toEqual([2]);
      expect(await ids({ statuses: ['publish', 'future'], ...due })).toEqual([1, 2]);
      expect(await ids({ statuses: ['publish', 'draft'], restrictNonPublishToAuthor: 8, ...due })).toEqual([1]);
      expect(await ids({ statuses: ['publish'], venueIds: [5], ...due })).toEqual([]);
      await saveLinks(1, { venueIds: [5] });
      await saveLinks(2, { venueIds: [5] });
      expect(await ids({ statuses: ['publish'], venueIds: [5], ...due })).toEqual([1]);
      expect(await ids({ statuses: ['publish'], venueIds: [5] })).toEqual([]);
      expect((await f.repo.findPage(criteria({ statuses: ['publish'], ...due }), PAGE)).total).toBe(1);
    });
  });
}
