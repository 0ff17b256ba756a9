/**
 * Category hierarchy rules (CONTRACT §6.6, §11.1): categories have parents; tags never do.
 * Pure functions over a parent map (category id → parent id, 0 = top level).
 */
type ParentMap = ReadonlyMap<number, number>;

/** Ids from the root down to the direct parent of `id` (cycles are cut). */
export function ancestorIds(id: number, parentOf: ParentMap): number[] {
  const out: number[] = [];
  const seen = new Set<number>([id]);
  let current = parentOf.get(id) ?? 0;
  while (current !== 0 && !seen.has(current)) {
    out.unshift(current);
    seen.add(current);
    current = parentOf.get(current) ?? 0;
  }
  return out;
}

/** Would giving `id` the parent `newParent` create a cycle (itself or one of its descendants)? */
export function wouldCreateCycle(id: number, newParent: number, parentOf: ParentMap): boolean {
  if (newParent === 0) return false;
  if (newParent === id) return true;
  return ancestorIds(newParent, parentOf).includes(id);
}

/**
 * The `UnitOfWork.hold` key of the category tree: a move or a deletion of a category holds it before taking any
 * category, since the per-category event counts follow the tree (events/infrastructure/typeorm/category-tree-counts.ts).
 */
export const CATEGORY_TREE_LOCK = 'category-tree';
