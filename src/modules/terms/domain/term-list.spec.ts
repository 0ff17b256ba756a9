import { CountedTerm } from './term';
import { listTerms, TermListQuery } from './term-list';

const t = (id: number, name: string, count = 0, parent = 0, slug = name.toLowerCase()): CountedTerm => ({
  id,
  taxonomy: 'category',
  name,
  slug,
  description: `d${10 - id}`,
  parent,
  count,
});

const base: TermListQuery = { order: 'asc', orderby: 'name', hideEmpty: false, hierarchical: true };
const page = { page: 1, perPage: 10 };
const ids = (q: Partial<TermListQuery>, all: CountedTerm[], p = page) => listTerms(all, { ...base, ...q }, p).items.map((x) => x.id);

describe('listTerms (CONTRACT §11.2)', () => {
  const all = [t(1, 'Zeta', 0), t(2, 'Éclair', 3), t(3, 'alpha', 1, 2), t(4, 'Alpha', 0, 3), t(5, 'beta', 0, 0, 'café-b')];

  it('orders by folded name then id by default, desc on request', () => {
    expect(ids({}, all)).toEqual([3, 4, 5, 2, 1]);
    expect(ids({ order: 'desc' }, all)).toEqual([1, 2, 5, 3, 4]); // ties stay by id ascending
  });

  it('orders by the other keys with ties by id', () => {
    expect(ids({ orderby: 'count' }, all)).toEqual([1, 4, 5, 3, 2]);
    expect(ids({ orderby: 'id', order: 'desc' }, all)).toEqual([5, 4, 3, 2, 1]);
    expect(ids({ orderby: 'parent' }, all)).toEqual([1, 2, 5, 3, 4]);
    expect(ids({ orderby: 'description' }, all)).toEqual([5, 4, 3, 2, 1]);
    expect(ids({ orderby: 'term_group' }, all)).toEqual([1, 2, 3, 4, 5]);
    // Every term is in group 0: an include list filters, it does not order (issue 19).
    expect(ids({ orderby: 'term_group', include: [4, 1, 2] }, all)).toEqual([1, 2, 4]);
    expect(ids({ orderby: 'include', include: [4, 1, 2] }, all)).toEqual([4, 1, 2]);
    expect(ids({ orderby: 'include', include: [4, 1, 2, 4] }, all)).toEqual([4, 1, 2]); // a repeat keeps its first place
    expect(ids({ orderby: 'slug' }, all)).toEqual([3, 4, 5, 1, 2]);
  });

  it('hide_empty keeps ancestors of non-empty categories, not for tags', () => {
    const tree = [t(1, 'Root'), t(2, 'Mid', 0, 1), t(3, 'Leaf', 2, 2), t(4, 'Lonely')];
    expect(ids({ hideEmpty: true }, tree)).toEqual([3, 2, 1]);
    expect(ids({ hideEmpty: true, hierarchical: false }, tree)).toEqual([3]);
  });

  it('filters by search (name or slug, folded), include, exclude, parent, ids and slug', () => {
    expect(ids({ search: 'ALP' }, all)).toEqual([3, 4]);
    expect(ids({ search: 'cafe' }, all)).toEqual([5]); // slug café-b
    expect(ids({ search: 'nothing' }, all)).toEqual([]);
    expect(ids({ search: 'éclair' }, all)).toEqual([2]);
    expect(ids({ include: [1, 5] }, all)).toEqual([5, 1]);
    expect(ids({ exclude: [1, 5] }, all)).toEqual([3, 4, 2]);
    expect(ids({ parent: 0 }, all)).toEqual([5, 2, 1]);
    expect(ids({ parent: 2 }, all)).toEqual([3]);
    expect(ids({ onlyIds: [2, 4] }, all)).toEqual([4, 2]);
    expect(ids({ slug: 'ZETA' }, all)).toEqual([1]);
  });

  it('pages and reports the total', () => {
    const result = listTerms(all, base, { page: 2, perPage: 2 });
    expect(result.total).toBe(5);
    expect(result.items.map((x) => x.id)).toEqual([5, 2]);
    expect(listTerms(all, base, { page: 9, perPage: 2 }).items).toEqual([]);
  });
});
