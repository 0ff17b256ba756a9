import type { DateBound } from '../../src/modules/events/domain/event-date-window';
import type { SeedEvent } from '../../src/tools/seed/dataset';
import { SEED_ANCHOR, SeededApp, startSeededApp } from './support/seeded-app';

/**
 * `npm run seed` writes what the API would have written: a seeded data set, read back through the HTTP API, answers
 * every list filter exactly as computed from the generated records (date range, search, categories with children,
 * venue, organizer), and single reads by id and slug show the seeded fields and links.
 */
describe('seeded data through the API', () => {
  let s: SeededApp;
  const ALL = { start_date: '2000-01-01', end_date: '2100-12-31', per_page: 50 };

  beforeAll(async () => {
    s = await startSeededApp({ events: 600 });
  });
  afterAll(async () => s.t.close());

  const listed = (e: SeedEvent) => e.event.status === 'publish' && !e.event.hideFromListings;
  const ordered = (list: SeedEvent[]) =>
    [...list].sort((a, b) => (a.event.startLocal === b.event.startLocal ? a.event.id - b.event.id : a.event.startLocal < b.event.startLocal ? -1 : 1));
  const expectPage = async (query: Record<string, unknown>, expected: SeedEvent[], authorization?: string) => {
    const req = s.t.http().get(`${s.t.api}/events`).query({ ...ALL, ...query });
    const res = await (authorization ? req.set('Authorization', authorization) : req);
    expect(res.status).toBe(200);
    const want = ordered(expected.filter(listed));
    expect(want.length).toBeGreaterThan(0);
    expect(res.body.total).toBe(want.length);
    expect(res.body.events.map((e: { id: number }) => e.id)).toEqual(want.slice(0, 50).map((e) => e.event.id));
  };

  it('generated a realistic mix: zones with DST, all-day and multi-day events, drafts, hidden events, links', () => {
    const events = s.events.map((e) => e.event);
    expect(new Set(events.map((e) => e.timezone)).size).toBeGreaterThanOrEqual(6);
    expect(events.some((e) => e.timezone === 'Europe/Madrid') && events.some((e) => e.timezone === 'America/New_York')).toBe(true);
    expect(events.some((e) => e.allDay)).toBe(true);
    expect(events.some((e) => e.endLocal.slice(0, 10) > e.startLocal.slice(0, 10))).toBe(true);
    expect(events.some((e) => e.status === 'draft') && events.some((e) => e.hideFromListings)).toBe(true);
    expect(s.events.every((e) => e.links.organizerIds.length >= 1 && e.links.organizerIds.length <= 3)).toBe(true);
    expect(s.summary.terms.some((t) => t.parent !== 0)).toBe(true);
    expect(s.summary.venues.some((v) => v.geoLat !== null)).toBe(true);
  });

  it('lists everything in start order with the right total', async () => {
    await expectPage({}, s.events);
    const res = await s.t.http().get(`${s.t.api}/events`).query({ ...ALL, page: 2 });
    expect(res.body.events.map((e: { id: number }) => e.id)).toEqual(ordered(s.events.filter(listed)).slice(50, 100).map((e) => e.event.id));
  });

  it('the default window and a date range find the events the date engine selects', async () => {
    const inside = (bounds: DateBound[]) => (e: SeedEvent) =>
      bounds.every((b) => {
        const v = b.field === 'start' ? e.event.startLocal : e.event.endLocal;
        return b.op === '>=' ? v >= b.value : b.op === '<=' ? v <= b.value : b.op === '<' ? v < b.value : v > b.value;
      });
    // The bounds written out from CONTRACT §8.2.3–8.2.4 for a clock at 2026-11-22 12:00 UTC (site zone UTC), not
    // computed by the date engine under test (issue 19): yesterday 00:00:00, and the day 24 months on at 23:59:59.
    expect(s.clock.now().toISOString()).toBe('2026-11-22T12:00:00.000Z');
    const byDefault: DateBound[] = [
      { field: 'start', op: '>=', value: '2026-11-21 00:00:00' },
      { field: 'end', op: '<=', value: '2028-11-22 23:59:59' },
    ];
    const res = await s.t.http().get(`${s.t.api}/events`).query({ per_page: 50 });
    const want = ordered(s.events.filter(listed).filter(inside(byDefault)));
    expect(res.body.total).toBe(want.length);
    expect(res.body.events.map((e: { id: number }) => e.id)).toEqual(want.slice(0, 50).map((e) => e.event.id));

    const range = { start_date: SEED_ANCHOR, end_date: '2026-12-31' };
    const window: DateBound[] = [
      { field: 'start', op: '>=', value: `${SEED_ANCHOR} 00:00:00` },
      { field: 'end', op: '<=', value: '2026-12-31 23:59:59' },
    ];
    await expectPage({ ...range }, s.events.filter(inside(window)));
  });

  it('search folds case and accents like API-created events', async () => {
    // The expected matches worked out here, not with the service's own folding: lower case, accents dropped.
    const readable = (e: { title: string; description: string; excerpt: string }) =>
      [e.title, e.description, e.excerpt].join('\n').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const cafes = s.events.filter((e) => readable(e.event).includes('cafe'));
    expect(cafes.length).toBeGreaterThan(0);
    await expectPage({ search: 'CAFE' }, cafes);
    await expectPage({ search: 'jazz -night' }, s.events.filter((e) => readable(e.event).includes('jazz') && !readable(e.event).includes('night')));
  });

  it('categories include their descendants; tags, venue and organizer filters match the links', async () => {
    // §6.11: anonymous callers see a protected event's links masked (none), so these filters never match it; an editor
    // sees every event's links.
    const editor = await s.t.auth('editor');
    expect(s.events.some((e) => listed(e) && e.event.postPassword !== '')).toBe(true);
    const expectPages = async (query: Record<string, unknown>, expected: SeedEvent[]) => {
      await expectPage(query, expected.filter((e) => e.event.postPassword === ''));
      await expectPage({ ...query, status: 'publish' }, expected, editor);
    };
    const terms = s.summary.terms;
    const parent = terms.find((t) => t.taxonomy === 'category' && terms.some((c) => c.parent === t.id))!;
    const family = new Set([parent.id]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of terms) {
        if (family.has(t.parent) && !family.has(t.id)) {
          family.add(t.id);
          grew = true;
        }
      }
    }
    expect(family.size).toBeGreaterThan(1);
    await expectPages({ categories: parent.slug }, s.events.filter((e) => e.links.termIds.some((id) => family.has(id))));
    const tag = terms.find((t) => t.taxonomy === 'tag')!;
    await expectPages({ tags: tag.id }, s.events.filter((e) => e.links.termIds.includes(tag.id)));
    const venue = s.events.find((e) => e.links.venueIds.length)!.links.venueIds[0];
    await expectPages({ venue }, s.events.filter((e) => e.links.venueIds.includes(venue)));
    const organizer = s.events[0].links.organizerIds[0];
    await expectPages({ organizer }, s.events.filter((e) => e.links.organizerIds.includes(organizer)));
  });

  it('single reads by id and by slug show the seeded fields, venue, organizers and terms', async () => {
    const seeded = s.events.find((e) => listed(e) && e.links.venueIds.length === 1 && e.links.organizerIds.length > 1 && e.event.postPassword === '')!;
    const byId = await s.t.http().get(`${s.t.api}/events/${seeded.event.id}`);
    expect(byId.status).toBe(200);
    const e = seeded.event;
    expect(byId.body).toMatchObject({
      id: e.id,
      title: e.title,
      slug: e.slug,
      start_date: e.startLocal,
      end_date: e.endLocal,
      utc_start_date: e.startUtc,
      timezone: e.timezone,
      all_day: e.allDay,
      venue: { id: seeded.links.venueIds[0] },
    });
    expect(byId.body.organizer.map((o: { id: number }) => o.id)).toEqual(seeded.links.organizerIds);
    const termIds = [...byId.body.categories, ...byId.body.tags].map((t: { id: number }) => t.id).sort((a: number, b: number) => a - b);
    expect(termIds).toEqual([...seeded.links.termIds].sort((a, b) => a - b));
    const bySlug = await s.t.http().get(`${s.t.api}/events/by-slug/${e.slug}`);
    expect(bySlug.body).toEqual(byId.body);
  });

  it('API writes continue the seeded id sequence and slugs', async () => {
    const auth = await s.t.auth('editor');
    const title = s.events[0].event.title;
    const res = await s.t.http().post(`${s.t.api}/events`).set('Authorization', auth).send({ title, start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00' });
    expect(res.status).toBe(201);
    expect(res.body.id).toBe(s.summary.firstEventId + s.summary.events);
    const taken = new Set(s.events.map((e) => e.event.slug));
    expect(taken.has(res.body.slug)).toBe(false);
    expect(res.body.slug.startsWith(s.events[0].event.slug.replace(/-\d+$/, ''))).toBe(true);
  });
});
