import type { EntityManager } from 'typeorm';
import { marks } from '../../../../database/raw-columns';
import { forShare, holdWriteLock, locksRows } from '../../../../database/typeorm-unit-of-work';
import { CategoryBucketTables, CountDelta, CountedEventRow, countRow, protectedRow, upsertCounts } from './event-list-counts';
import { monthOf } from '../../domain/day-count-plan';
import { CATEGORY_TREE_LOCK } from '../../../categories/domain/category-tree';

/**
 * `event_category_counts` and `event_category_month_counts` (migration 1764000019000): the day and month buckets of
 * `event_list_counts`, per category, counting the distinct listable events linked to the category or to any of its
 * descendants. The total of `categories=music` (music with its sub-categories) is summed from them like the default
 * list's, instead of `COUNT(DISTINCT event_id)` over every link row of the subtree (~100,000 at 1,000,000 events).
 *
 * Kept exact inside the write transactions: an event's buckets count for every ancestor-or-self of its categories, so
 * event writes (dates, status, hidden flag, category links, deletion, scheduled publication) move them, and a change
 * of the tree (a category moved or deleted) rebuilds the categories whose subtree changed. The tree is read under
 * the `write_locks` row `category-tree`: event writes hold it in share mode, tree changes exclusively (before they take
 * any category), so an event write never counts into a tree that a concurrent move is rebuilding.
 */

/** Category id → parent id (0 for a top-level category). */
export type CategoryTree = Map<number, number>;

const SEPARATOR = '|';

/**
 * Holds the category tree in share mode until the transaction ends (MySQL). An event write takes it before any term
 * row (its term counts, its term links): a tree change takes it exclusively and then every category.
 */
export async function shareCategoryTree(m: EntityManager): Promise<void> {
  if (locksRows(m)) await m.query(`SELECT name FROM write_locks WHERE name = ?${forShare(m)}`, [CATEGORY_TREE_LOCK]);
}

/** Holds the category tree in share mode, and reads it. */
export async function readCategoryTree(m: EntityManager): Promise<CategoryTree> {
  await shareCategoryTree(m);
  const rows = (await m.query("SELECT id, parent FROM terms WHERE taxonomy = 'category'")) as Array<{ id: unknown; parent: unknown }>;
  return new Map(rows.map((r) => [Number(r.id), Number(r.parent)]));
}

/** Holds the category tree exclusively (a move or a deletion is about to change it). */
export const holdCategoryTree = (m: EntityManager): Promise<void> => holdWriteLock(m, CATEGORY_TREE_LOCK);

/** The categories among `termIds` and all their ancestors: the subtrees an event linked to them belongs to. */
export function subtreesOf(tree: CategoryTree, termIds: Iterable<number>): number[] {
  const out = new Set<number>();
  for (let id of termIds) {
    while (tree.has(id) && !out.has(id)) {
      out.add(id);
      id = tree.get(id) as number;
    }
  }
  return [...out].sort((a, b) => a - b);
}

const childMaps = new WeakMap<CategoryTree, Map<number, number[]>>();

/** Parent id → its children's ids (built once per tree read). */
function childrenOf(tree: CategoryTree): Map<number, number[]> {
  let children = childMaps.get(tree);
  if (!children) {
    children = new Map();
    for (const [id, parent] of tree) {
      const siblings = children.get(parent);
      if (siblings) siblings.push(id);
      else children.set(parent, [id]);
    }
    childMaps.set(tree, children);
  }
  return children;
}

/** The category and its descendants. */
export function subtreeIds(tree: CategoryTree, root: number): number[] {
  const children = childrenOf(tree);
  const out = new Set<number>();
  const stack = [root];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (out.has(id) || !tree.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Changes of the category buckets: of every listable event's (`all`), and of the protected events' alone
 * (`protectedEvents`: `event_category_protected_counts`, migration 1764000025000), which an anonymous reader's total
 * takes off (§6.11: a category filter matches none of the protected events it may not see unlocked).
 */
export interface CategoryDelta {
  all: CountDelta;
  protectedEvents: CountDelta;
}

export const newCategoryDelta = (): CategoryDelta => ({ all: new Map(), protectedEvents: new Map() });

export const ALL_EVENTS: CategoryBucketTables = { days: 'event_category_counts', months: 'event_category_month_counts' };
export const PROTECTED_EVENTS: CategoryBucketTables = { days: 'event_category_protected_counts', months: 'event_category_protected_month_counts' };

/** Adds the row's buckets to each of these subtrees' counts, `sign` times (a protected event's to both kinds). */
export function countInSubtrees(delta: CategoryDelta, subtrees: readonly number[], row: CountedEventRow, sign: 1 | -1): void {
  if (subtrees.length === 0) return;
  const buckets: CountDelta = new Map();
  countRow(buckets, row, sign);
  const into = protectedRow(row) ? [delta.all, delta.protectedEvents] : [delta.all];
  for (const root of subtrees) {
    for (const [key, d] of buckets) {
      const keyed = `${root}${SEPARATOR}${key}`;
      for (const target of into) target.set(keyed, (target.get(keyed) ?? 0) + d);
    }
  }
}

/** The categories each of these events is linked to (events without one are left out). */
export async function categoryLinksOf(m: EntityManager, tree: CategoryTree, eventIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (eventIds.length === 0 || tree.size === 0) return out;
  const rows = (await m.query(`SELECT event_id, term_id FROM event_terms WHERE event_id IN (${marks(eventIds.length)})`, eventIds)) as Array<{
    event_id: unknown;
    term_id: unknown;
  }>;
  for (const r of rows) {
    const termId = Number(r.term_id);
    if (!tree.has(termId)) continue;
    const eventId = Number(r.event_id);
    out.set(eventId, [...(out.get(eventId) ?? []), termId]);
  }
  return out;
}

/**
 * Applies the changes to the day buckets, then to the month buckets (keys in order, as `adjustListCounts`), of every
 * event, then of the protected ones (always in that order, so concurrent writers lock the tables in the same order).
 */
export async function adjustCategoryCounts(m: EntityManager, delta: CategoryDelta): Promise<void> {
  for (const [changes, tables] of [
    [delta.all, ALL_EVENTS],
    [delta.protectedEvents, PROTECTED_EVENTS],
  ] as const) {
    const months: CountDelta = new Map();
    for (const [key, d] of changes) {
      const [term, clock, status, startDay, endDay] = key.split(SEPARATOR);
      const month = [term, clock, status, monthOf(startDay), monthOf(endDay)].join(SEPARATOR);
      months.set(month, (months.get(month) ?? 0) + d);
    }
    await upsertCounts(m, tables.days, ['term_id', 'clock', 'status', 'start_day', 'end_day'], changes);
    await upsertCounts(m, tables.months, ['term_id', 'clock', 'status', 'start_month', 'end_month'], months);
  }
}

/** Both kinds of category buckets: what the service and the seeder keep (migrations fill one kind each). */
export const EVERY_KIND: readonly CategoryBucketTables[] = [ALL_EVENTS, PROTECTED_EVENTS];

/**
 * Recounts these categories' buckets of the `kinds` given from the link rows of their subtrees in `tree` (a category
 * no longer in the tree loses its rows). Runs after a change of the tree, under `holdCategoryTree`, and fills the
 * tables in bulk (migrations, seeder). Link rows carry their event's status, days and hidden flag, so the events table
 * is not read for every event's buckets: one pass per clock over the subtrees' links, each (category, event) pair
 * once; the protected events' start from those events. The default is migration 1764000019000's: every event's alone.
 */
export async function rebuildCategoryCounts(
  m: EntityManager,
  tree: CategoryTree,
  categoryIds: Iterable<number>,
  kinds: readonly CategoryBucketTables[] = [ALL_EVENTS],
): Promise<void> {
  // Chunks of at most ~2,000 (term, category) pairs: both databases cap the placeholders of a statement.
  let chunk: number[] = [];
  let pairs = 0;
  for (const root of [...new Set(categoryIds)].sort((a, b) => a - b)) {
    const size = subtreeIds(tree, root).length;
    if (chunk.length > 0 && pairs + size > 2000) {
      for (const tables of kinds) await rebuildChunk(m, tree, chunk, tables);
      [chunk, pairs] = [[], 0];
    }
    chunk.push(root);
    pairs += size;
  }
  if (chunk.length > 0) for (const tables of kinds) await rebuildChunk(m, tree, chunk, tables);
}

async function rebuildChunk(m: EntityManager, tree: CategoryTree, roots: number[], tables: CategoryBucketTables): Promise<void> {
  await m.query(`DELETE FROM ${tables.days} WHERE term_id IN (${marks(roots.length)})`, roots);
  await m.query(`DELETE FROM ${tables.months} WHERE term_id IN (${marks(roots.length)})`, roots);
  const pairs = roots.flatMap((root) => subtreeIds(tree, root).map((term) => [term, root]));
  if (pairs.length === 0) return;
  const closure = pairs.map(() => 'SELECT ? AS term_id, ? AS root').join(' UNION ALL ');
  // The protected events' buckets start from those events (a small set, by the `events_protected` index).
  const protectedOnly = tables === PROTECTED_EVENTS;
  // SQLite reads a range for `>`, not for `<>`; MySQL for both (NO PAD binary there: ' ' <> '' holds).
  const mysql = m.connection.options.type === 'mysql';
  const source = protectedOnly
    ? `events p${mysql ? ' FORCE INDEX (events_protected)' : ' INDEXED BY events_protected'} JOIN event_terms l ON l.event_id = p.id ` +
      `JOIN (${closure}) c ON c.term_id = l.term_id WHERE p.post_password ${mysql ? "<> ''" : "> ''"} AND l.event_hidden = 0`
    : `event_terms l JOIN (${closure}) c ON c.term_id = l.term_id WHERE l.event_hidden = 0`;
  for (const clock of ['local', 'utc']) {
    await m.query(
      `INSERT INTO ${tables.days} (term_id, clock, status, start_day, end_day, n) ` +
        `SELECT x.root, ?, x.status, x.start_day, x.end_day, COUNT(*) FROM (` +
        `SELECT DISTINCT c.root AS root, l.event_id AS event_id, l.event_status AS status, ` +
        `SUBSTR(l.event_start_${clock}, 1, 10) AS start_day, SUBSTR(l.event_end_${clock}, 1, 10) AS end_day ` +
        `FROM ${source}` +
        ') x GROUP BY x.root, x.status, x.start_day, x.end_day',
      [clock, ...pairs.flat()],
    );
  }
  await m.query(
    `INSERT INTO ${tables.months} (term_id, clock, status, start_month, end_month, n) ` +
      `SELECT term_id, clock, status, SUBSTR(start_day, 1, 7), SUBSTR(end_day, 1, 7), SUM(n) FROM ${tables.days} ` +
      `WHERE term_id IN (${marks(roots.length)}) GROUP BY term_id, clock, status, SUBSTR(start_day, 1, 7), SUBSTR(end_day, 1, 7)`,
    roots,
  );
}

/** An event's bucket columns before and after a write (null: not stored then). */
interface CountedChange {
  id: number;
  before: CountedEventRow | null;
  after: CountedEventRow | null;
}

/**
 * Moves these events' buckets in the subtrees of their current category links, from their rows before a write to
 * their rows after it (a write of dates, status or the hidden flag; a deletion, before its links go).
 */
export async function recountInCategories(m: EntityManager, changes: CountedChange[]): Promise<void> {
  const tree = await readCategoryTree(m);
  const links = await categoryLinksOf(m, tree, changes.map((c) => c.id));
  const delta = newCategoryDelta();
  for (const c of changes) {
    const subtrees = subtreesOf(tree, links.get(c.id) ?? []);
    if (c.before) countInSubtrees(delta, subtrees, c.before, -1);
    if (c.after) countInSubtrees(delta, subtrees, c.after, 1);
  }
  await adjustCategoryCounts(m, delta);
}

/**
 * Whether a write moves any category bucket: a list-count change that moves one, or a password set or removed (the
 * event joins or leaves the protected events' buckets). A write that keeps status, days, hidden flag and whether a
 * password protects the event moves none.
 */
export const movesBuckets = (delta: CountDelta, before: CountedEventRow, after: CountedEventRow) =>
  [...delta.values()].some((d) => d !== 0) || protectedRow(before) !== protectedRow(after);
