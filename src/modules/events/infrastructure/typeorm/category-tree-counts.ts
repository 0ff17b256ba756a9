import type { EntityManager } from 'typeorm';
import { marks } from '../../../../database/raw-columns';
import { forShare, holdWriteLock, locksRows } from '../../../../database/typeorm-unit-of-work';
import { CountDelta, CountedEventRow, countRow, upsertCounts } from './event-list-counts';
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

/** Adds the row's buckets to each of these subtrees' counts, `sign` times. */
export function countInSubtrees(delta: CountDelta, subtrees: readonly number[], row: CountedEventRow, sign: 1 | -1): void {
  if (subtrees.length === 0) return;
  const buckets: CountDelta = new Map();
  countRow(buckets, row, sign);
  for (const root of subtrees) {
    for (const [key, d] of buckets) {
      const keyed = `${root}${SEPARATOR}${key}`;
      delta.set(keyed, (delta.get(keyed) ?? 0) + d);
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

/** Applies the changes to the day buckets, then to the month buckets (keys in order, as `adjustListCounts`). */
export async function adjustCategoryCounts(m: EntityManager, delta: CountDelta): Promise<void> {
  const months: CountDelta = new Map();
  for (const [key, d] of delta) {
    const [term, clock, status, startDay, endDay] = key.split(SEPARATOR);
    const month = [term, clock, status, monthOf(startDay), monthOf(endDay)].join(SEPARATOR);
    months.set(month, (months.get(month) ?? 0) + d);
  }
  await upsertCounts(m, 'event_category_counts', ['term_id', 'clock', 'status', 'start_day', 'end_day'], delta);
  await upsertCounts(m, 'event_category_month_counts', ['term_id', 'clock', 'status', 'start_month', 'end_month'], months);
}

/**
 * Recounts these categories' buckets from the link rows of their subtrees in `tree` (a category no longer in the tree
 * loses its rows). Runs after a change of the tree, under `holdCategoryTree`, and fills the tables in bulk (migration,
 * seeder). Link rows carry their event's status, days and hidden flag, so the events table is not read: one pass per
 * clock over the subtrees' links, each (category, event) pair once.
 */
export async function rebuildCategoryCounts(m: EntityManager, tree: CategoryTree, categoryIds: Iterable<number>): Promise<void> {
  // Chunks of at most ~2,000 (term, category) pairs: both databases cap the placeholders of a statement.
  let chunk: number[] = [];
  let pairs = 0;
  for (const root of [...new Set(categoryIds)].sort((a, b) => a - b)) {
    const size = subtreeIds(tree, root).length;
    if (chunk.length > 0 && pairs + size > 2000) {
      await rebuildChunk(m, tree, chunk);
      [chunk, pairs] = [[], 0];
    }
    chunk.push(root);
    pairs += size;
  }
  if (chunk.length > 0) await rebuildChunk(m, tree, chunk);
}

async function rebuildChunk(m: EntityManager, tree: CategoryTree, roots: number[]): Promise<void> {
  await m.query(`DELETE FROM event_category_counts WHERE term_id IN (${marks(roots.length)})`, roots);
  await m.query(`DELETE FROM event_category_month_counts WHERE term_id IN (${marks(roots.length)})`, roots);
  const pairs = roots.flatMap((root) => subtreeIds(tree, root).map((term) => [term, root]));
  if (pairs.length === 0) return;
  const closure = pairs.map(() => 'SELECT ? AS term_id, ? AS root').join(' UNION ALL ');
  for (const clock of ['local', 'utc']) {
    await m.query(
      'INSERT INTO event_category_counts (term_id, clock, status, start_day, end_day, n) ' +
        `SELECT x.root, ?, x.status, x.start_day, x.end_day, COUNT(*) FROM (` +
        `SELECT DISTINCT c.root AS root, l.event_id AS event_id, l.event_status AS status, ` +
        `SUBSTR(l.event_start_${clock}, 1, 10) AS start_day, SUBSTR(l.event_end_${clock}, 1, 10) AS end_day ` +
        `FROM event_terms l JOIN (${closure}) c ON c.term_id = l.term_id WHERE l.event_hidden = 0` +
        ') x GROUP BY x.root, x.status, x.start_day, x.end_day',
      [clock, ...pairs.flat()],
    );
  }
  await m.query(
    'INSERT INTO event_category_month_counts (term_id, clock, status, start_month, end_month, n) ' +
      'SELECT term_id, clock, status, SUBSTR(start_day, 1, 7), SUBSTR(end_day, 1, 7), SUM(n) FROM event_category_counts ' +
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
  const delta: CountDelta = new Map();
  for (const c of changes) {
    const subtrees = subtreesOf(tree, links.get(c.id) ?? []);
    if (c.before) countInSubtrees(delta, subtrees, c.before, -1);
    if (c.after) countInSubtrees(delta, subtrees, c.after, 1);
  }
  await adjustCategoryCounts(m, delta);
}

/** Whether a list-count change moves any bucket (a write that keeps status, days and hidden flag moves none). */
export const movesBuckets = (delta: CountDelta) => [...delta.values()].some((d) => d !== 0);
