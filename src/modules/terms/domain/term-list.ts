import { offsetOf, Page, PageRequest } from '../../../shared/domain/page';
import { fold } from '../../../shared/domain/text';
import { CountedTerm } from './term';

/**
 * The term list of CONTRACT §11.2 as a pure function over the terms of one taxonomy (with their counts). Term sets are
 * small (hundreds, not millions), so the adapters load one taxonomy and the rules below run identically for every
 * database; references (include/exclude/event) are resolved to ids by the caller first.
 */
export const TERM_ORDERBY = ['id', 'name', 'slug', 'count', 'description', 'parent', 'term_group', 'include'] as const;
export type TermOrderBy = (typeof TERM_ORDERBY)[number];

export interface TermListQuery {
  search?: string;
  include?: number[];
  exclude?: number[];
  order: 'asc' | 'desc';
  orderby: TermOrderBy;
  hideEmpty: boolean;
  /** Categories only: direct children of this id; 0 = top level. */
  parent?: number;
  /** Only these ids (the terms of the `event`/`post` filter). */
  onlyIds?: number[];
  slug?: string;
  /** Categories: a term with a non-empty descendant stays visible with hide_empty. */
  hierarchical: boolean;
}

export function listTerms(all: CountedTerm[], q: TermListQuery, page: PageRequest): Page<CountedTerm> {
  let items = all;
  if (q.hideEmpty) {
    const visible = q.hierarchical ? nonEmptyWithAncestors(all) : new Set(all.filter((t) => t.count > 0).map((t) => t.id));
    items = items.filter((t) => visible.has(t.id));
  }
  if (q.search !== undefined) {
    const needle = fold(q.search);
    items = items.filter((t) => fold(t.name).includes(needle) || fold(t.slug).includes(needle));
  }
  if (q.include) {
    const set = new Set(q.include);
    items = items.filter((t) => set.has(t.id));
  }
  // Stryker disable next-line ConditionalExpression: equivalent when always true, a set of no ids excludes nothing
  if (q.exclude) {
    const set = new Set(q.exclude);
    items = items.filter((t) => !set.has(t.id));
  }
  if (q.parent !== undefined) items = items.filter((t) => t.parent === q.parent);
  if (q.onlyIds) {
    const set = new Set(q.onlyIds);
    items = items.filter((t) => set.has(t.id));
  }
  if (q.slug !== undefined) {
    const slug = fold(q.slug);
    items = items.filter((t) => t.slug === slug);
  }
  const sorted = sortTerms(items, q);
  const start = offsetOf(page);
  return { items: sorted.slice(start, start + page.perPage), total: sorted.length };
}

/** Ids of terms with a count, plus every ancestor of such a term (§11.2 hide_empty for categories). */
function nonEmptyWithAncestors(all: CountedTerm[]): Set<number> {
  const parentOf = new Map(all.map((t) => [t.id, t.parent]));
  const out = new Set<number>();
  for (const t of all) {
    if (t.count === 0) continue;
    let id: number | undefined = t.id;
    while (id && !out.has(id)) {
      out.add(id);
      id = parentOf.get(id);
    }
  }
  return out;
}

const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** The terms in the query's order, ties by id; each term's key is computed once (folding is the costly part). */
function sortTerms(items: CountedTerm[], q: TermListQuery): CountedTerm[] {
  const dir = q.order === 'desc' ? -1 : 1;
  const key = sortKey(q);
  const keyed = items.map((t) => ({ t, k: key(t) }));
  keyed.sort((a, b) => dir * cmp(a.k, b.k) || a.t.id - b.t.id);
  return keyed.map((x) => x.t);
}

function sortKey(q: TermListQuery): (t: CountedTerm) => string | number {
  // A term's rank is the position of its first mention: `include=5,2,5` lists 5 before 2, as MySQL's FIELD() does in
  // the plugin (a Map built from all pairs would keep the last position instead).
  const includeRank = new Map<number, number>();
  (q.include ?? []).forEach((id, i) => {
    if (!includeRank.has(id)) includeRank.set(id, i);
  });
  const key = (t: CountedTerm): string | number => {
    switch (q.orderby) {
      case 'id':
        return t.id;
      case 'slug':
        return t.slug;
      case 'count':
        return t.count;
      case 'description':
        return fold(t.description);
      case 'parent':
        return t.parent;
      case 'term_group':
        return 0;
      case 'include':
        return includeRank.get(t.id) ?? Number.MAX_SAFE_INTEGER;
      default:
        return fold(t.name);
    }
  };
  return key;
}
