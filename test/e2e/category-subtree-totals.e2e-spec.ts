import { ScheduledEvents } from '../../src/modules/events/application/scheduled-events';
import { EventRepository } from '../../src/modules/events/domain/event.repository';
import type { EventCriteria } from '../../src/modules/events/domain/event-query';
import type { DateBound } from '../../src/modules/events/domain/event-date-window';
import { categoryCountInconsistencies, linkIdInconsistencies } from '../concurrency/support/integrity';
import { captureQueries, SEED_ANCHOR, SeededApp, startSeededApp } from './support/seeded-app';

/**
 * Issue 18: the total of one category with its descendants is summed from its maintained buckets
 * (`event_category_counts`) instead of counting the subtree's distinct linked events. On seeded data (nested
 * categories, multi-day events, every status, hidden events), for every category, both clocks and windows whose
 * bounds fall mid-day, mid-month and on month edges, the summed total equals the count of the link rows — the path a
 * list without `categoryTree` takes — and then the same after writes that move, re-date, re-link and delete.
 */
describe('the total of a category with its descendants', () => {
  let s: SeededApp;
  let repo: EventRepository;

  beforeAll(async () => {
    s = await startSeededApp({ events: 600, categories: 12, tags: 10 });
    repo = s.t.app.get(EventRepository);
  }, 300_000);
  afterAll(async () => s.t.close());

  const windows: DateBound[][] = [
    [{ field: 'end', op: '>=', value: `${SEED_ANCHOR} 12:00:00` }],
    [
      { field: 'start', op: '>=', value: '2026-12-01 00:00:00' },
      { field: 'start', op: '<=', value: '2027-03-15 23:59:59' },
    ],
    [
      { field: 'end', op: '>', value: '2026-11-30 18:30:00' },
      { field: 'start', op: '<', value: '2027-06-01 00:00:00' },
    ],
    [{ field: 'start', op: '<=', value: '2026-10-07 09:00:00' }],
    [],
  ];
  const statusSets = [['publish'], ['publish', 'private', 'draft', 'pending', 'future']] as EventCriteria['statuses'][];
  const readers = [
    { authorId: null, password: null },
    { authorId: null, password: 'open sesame' },
  ];

  /** The descendants of a category (itself included) from the categories' parents. */
  const subtreeOf = async (root: number): Promise<number[]> => {
    const rows = (await s.t.dataSource.query("SELECT id, parent FROM terms WHERE taxonomy = 'category'")) as Array<{ id: unknown; parent: unknown }>;
    const out = [root];
    for (let i = 0; i < out.length; i++) out.push(...rows.filter((r) => Number(r.parent) === out[i]).map((r) => Number(r.id)));
    return out;
  };

  const mismatches = async (): Promise<unknown[]> => {
    const categories = (await s.t.dataSource.query("SELECT id FROM terms WHERE taxonomy = 'category'")) as Array<{ id: unknown }>;
    const found: unknown[] = [];
    let nonZero = 0;
    for (const { id } of categories) {
      const root = Number(id);
      const categoryIds = await subtreeOf(root);
      for (const bounds of windows) {
        for (const mode of ['event', 'site'] as const) {
          for (const statuses of statusSets) {
            // Every event counted, and (§6.11) for an anonymous reader and a password holder, without the protected
            // events they may not see unlocked: from the protected events' buckets, and from the link rows.
            for (const maskedFor of [undefined, ...readers]) {
              const c: EventCriteria = { mode, bounds, statuses, restrictNonPublishToAuthor: null, categoryIds, maskedFor };
              const counted = (await repo.findPageStamps(c, { offset: 0, limit: 1 })).total;
              const summed = (await repo.findPageStamps({ ...c, categoryTree: root }, { offset: 0, limit: 1 })).total;
              if (counted !== summed) found.push({ root, bounds, mode, statuses, maskedFor, counted, summed });
              if (counted > 0) nonZero++;
            }
          }
        }
      }
    }
    expect(nonZero).toBeGreaterThan(50); // the comparison is not between empty sets
    return found;
  };

  it('the seeder fills the category buckets and the events\' link ids exactly', async () => {
    expect(await categoryCountInconsistencies(s.t.dataSource)).toEqual([]);
    expect(await linkIdInconsistencies(s.t.dataSource)).toEqual([]);
    const [{ n }] = await s.t.dataSource.query('SELECT COUNT(*) AS n FROM event_category_counts');
    expect(Number(n)).toBeGreaterThan(100);
  });

  it('equals the count of the subtree\'s linked events, for every category, window, clock and status set', async () => {
    expect(await mismatches()).toEqual([]);
  });

  it('still does after category moves and deletions, event re-dating, re-linking, hiding and deletion', async () => {
    const admin = await s.t.auth('administrator');
    const api = s.t.api;
    const categories = s.summary.terms.filter((t) => t.taxonomy === 'category');
    const parent = categories.find((c) => categories.some((o) => o.parent === c.id))!;
    const child = categories.find((c) => c.parent === parent.id)!;
    const other = categories.find((c) => c.parent === 0 && c.id !== parent.id)!;
    const patch = (path: string, body: object) => s.t.http().patch(`${api}/${path}`).set('Authorization', admin).send(body);
    const linked = s.events.filter((e) => e.links.termIds.includes(child.id)).slice(0, 6).map((e) => e.event);
    expect(linked.length).toBeGreaterThan(5);
    expect((await patch(`categories/${child.id}`, { parent: other.id })).status).toBe(200);
    expect((await patch(`events/${linked[0].id}`, { start_date: '2026-11-30 23:00', end_date: '2026-12-02 08:00' })).status).toBe(200);
    expect((await patch(`events/${linked[1].id}`, { categories: [parent.id, other.id] })).status).toBe(200);
    expect((await patch(`events/${linked[2].id}`, { hide_from_listings: true })).status).toBe(200);
    expect((await patch(`events/${linked[3].id}`, { status: 'draft' })).status).toBe(200);
    // Passwords set (one the password reader holds) and removed: events join and leave the protected buckets.
    const unprotected = s.events.filter((e) => e.links.termIds.includes(parent.id) && e.event.postPassword === '').slice(0, 3).map((e) => e.event);
    const categoryIds = new Set(categories.map((c) => c.id));
    const guarded = s.events.filter((e) => e.event.postPassword !== '' && e.links.termIds.some((id) => categoryIds.has(id))).slice(0, 1).map((e) => e.event);
    expect([unprotected.length, guarded.length]).toEqual([3, 1]);
    expect((await patch(`events/${unprotected[0].id}`, { post_password: 'open sesame' })).status).toBe(200);
    expect((await patch(`events/${unprotected[1].id}`, { post_password: 'other' })).status).toBe(200);
    expect((await patch(`events/${unprotected[1].id}`, { post_password: 'another', start_date: '2026-12-03 10:00', end_date: '2026-12-03 12:00' })).status).toBe(200);
    expect((await patch(`events/${guarded[0].id}`, { post_password: '' })).status).toBe(200);
    expect((await patch(`events/${unprotected[2].id}`, { post_password: 'x', categories: [other.id] })).status).toBe(200);
    expect(await categoryCountInconsistencies(s.t.dataSource)).toEqual([]);
    // A protected event created in a category (its links saved after its row), and one deleted for good.
    const created = await s.t.http().post(`${api}/events`).set('Authorization', admin)
      .send({ title: 'Protected from the start', post_password: 'pw', categories: [child.id], start_date: '2026-12-04 10:00', end_date: '2026-12-04 11:00' });
    expect(created.status).toBe(201);
    expect((await patch(`events/${linked[4].id}`, { post_password: 'gone soon' })).status).toBe(200);
    expect((await s.t.http().delete(`${api}/events/${linked[4].id}?force=true`).set('Authorization', admin)).status).toBe(200);
    expect(await categoryCountInconsistencies(s.t.dataSource)).toEqual([]);
    // A category deleted while a protected event is linked to it: its buckets go, its ancestors' are rebuilt.
    const leaf = categories.find((c) => c.parent !== 0 && c.id !== child.id)!;
    const onLeaf = s.events.find((e) => e.links.termIds.includes(leaf.id) && ![...linked, ...unprotected].some((x) => x.id === e.event.id))!.event;
    expect((await patch(`events/${onLeaf.id}`, { post_password: 'leafy' })).status).toBe(200);
    expect((await s.t.http().delete(`${api}/categories/${leaf.id}`).set('Authorization', admin)).status).toBe(200);
    expect(await categoryCountInconsistencies(s.t.dataSource)).toEqual([]);
    expect(await mismatches()).toEqual([]);
    // Scheduled: a protected event leaves `publish` for `future`, then the job publishes it once its date has passed.
    expect((await patch(`events/${linked[5].id}`, { status: 'publish', date: '2026-11-22 18:00', post_password: 'later' })).body.status).toBe('future');
    expect(await mismatches()).toEqual([]);
    s.clock.set(new Date(`${SEED_ANCHOR}T20:00:00Z`));
    expect(await s.t.app.get(ScheduledEvents).publishDue()).toBeGreaterThan(0);
    expect(await categoryCountInconsistencies(s.t.dataSource)).toEqual([]);
    expect(await mismatches()).toEqual([]);
    const [{ n }] = await s.t.dataSource.query('SELECT COUNT(*) AS n FROM event_category_protected_counts WHERE n > 0');
    expect(Number(n)).toBeGreaterThan(5); // the protected buckets compared are not empty
  });

  it('the list sums the category\'s buckets, found by key, less the protected events\' buckets for an anonymous reader', async () => {
    const categories = s.summary.terms.filter((t) => t.taxonomy === 'category');
    const parent = categories.find((c) => categories.some((o) => o.parent === c.id))!;
    const totalOf = async (query: Record<string, string>) => {
      const queries = await captureQueries(s.t.dataSource, async () => {
        const res = await s.t.http().get(`${s.t.api}/events`).query({ categories: parent.slug, ...query });
        expect(res.status).toBe(200);
      });
      const total = queries.find((q) => /event_category_month_counts/.test(q.sql));
      expect(total).toBeDefined();
      return total!;
    };
    const occurrences = (sql: string, part: string) => sql.split(part).length - 1;
    // Anonymous: the protected events' own buckets are taken off; no link row is read.
    const anonymous = await totalOf({});
    expect(occurrences(anonymous.sql, 'FROM event_category_protected_month_counts')).toBe(1);
    expect(occurrences(anonymous.sql, 'COUNT(DISTINCT')).toBe(0);
    // A password holder may see some protected events unlocked: the category's link rows are counted for the others
    // alone (the total's correction, §6.11), never for the whole category.
    const holder = await totalOf({ password: 'open sesame' });
    expect(occurrences(holder.sql, 'event_category_protected')).toBe(0);
    expect(occurrences(holder.sql, 'COUNT(DISTINCT')).toBe(1);
    expect(occurrences(holder.sql, 'd.event_id IN (SELECT lp.id FROM events lp')).toBe(1);
    for (const total of [anonymous, holder]) {
      if (s.t.db === 'mysql') {
        const plan = (await s.t.dataSource.query(`EXPLAIN ${total.sql}`, total.params)) as Array<{ table: string; type: string; key: string | null }>;
        for (const row of plan.filter((r) => ['c', 'm'].includes(r.table))) expect({ row, ok: ['range', 'ref'].includes(row.type) }).toEqual({ row, ok: true });
        expect(plan.some((r) => r.table === 'm' && r.key === 'PRIMARY')).toBe(true);
        // The correction walks the category's link range, not the link rows of every protected event by its key.
        expect(plan.filter((r) => r.table === 'd').map((r) => [r.type, r.key])).toEqual(total === holder ? [['range', 'event_terms_list_local']] : []);
      } else {
        const plan = ((await s.t.dataSource.query(`EXPLAIN QUERY PLAN ${total.sql}`, total.params)) as Array<{ detail: string }>).map((r) => r.detail);
        expect(plan.filter((d) => /^SCAN [cm]\b/.test(d))).toEqual([]);
        expect(plan.some((d) => /^SEARCH m USING (COVERING )?INDEX sqlite_autoindex_event_category_month_counts_1 \(term_id=\? AND clock=\?/.test(d))).toBe(true);
      }
    }
  });
});
