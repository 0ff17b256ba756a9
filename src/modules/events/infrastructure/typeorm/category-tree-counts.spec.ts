import { CountDelta } from './event-list-counts';
import { countInSubtrees, movesBuckets, newCategoryDelta, subtreeIds, subtreesOf } from './category-tree-counts';

// music(1) > jazz(2) > bebop(3); music > rock(4); food(5); 9 is not a category (a tag).
const tree = new Map([
  [1, 0],
  [2, 1],
  [3, 2],
  [4, 1],
  [5, 0],
]);

describe('category subtrees', () => {
  it('an event linked to categories counts in each of them and all their ancestors, once', () => {
    expect(subtreesOf(tree, [3])).toEqual([1, 2, 3]);
    expect(subtreesOf(tree, [3, 4, 2])).toEqual([1, 2, 3, 4]);
    expect(subtreesOf(tree, [5, 9])).toEqual([5]);
    expect(subtreesOf(tree, [])).toEqual([]);
  });

  it('stops at a cycle instead of looping', () => {
    expect(subtreesOf(new Map([[1, 2], [2, 1]]), [1])).toEqual([1, 2]);
  });

  it('a category\'s subtree is itself and every descendant; an unknown id has none', () => {
    expect(subtreeIds(tree, 1)).toEqual([1, 2, 3, 4]);
    expect(subtreeIds(tree, 2)).toEqual([2, 3]);
    expect(subtreeIds(tree, 5)).toEqual([5]);
    expect(subtreeIds(tree, 9)).toEqual([]);
  });

  it('adds a row\'s buckets, both clocks, to every subtree; a hidden event to none; a protected one to both kinds', () => {
    const row = {
      status: 'publish', hide_from_listings: 0, start_local: '2027-01-02 10:00:00', end_local: '2027-01-03 09:00:00',
      start_utc: '2027-01-02 09:00:00', end_utc: '2027-01-03 08:00:00', post_password: '',
    };
    const delta = newCategoryDelta();
    countInSubtrees(delta, [1, 2], row, 1);
    countInSubtrees(delta, [2], row, -1);
    expect(Object.fromEntries(delta.all)).toEqual({
      '1|local|publish|2027-01-02|2027-01-03': 1,
      '1|utc|publish|2027-01-02|2027-01-03': 1,
      '2|local|publish|2027-01-02|2027-01-03': 0,
      '2|utc|publish|2027-01-02|2027-01-03': 0,
    });
    expect(delta.protectedEvents.size).toBe(0);
    const hidden = newCategoryDelta();
    countInSubtrees(hidden, [1], { ...row, hide_from_listings: 1 }, 1);
    countInSubtrees(hidden, [1], { ...row, hide_from_listings: 1, post_password: 'pw' }, 1);
    expect([hidden.all.size, hidden.protectedEvents.size]).toEqual([0, 0]);
    const locked = newCategoryDelta();
    countInSubtrees(locked, [1], { ...row, post_password: 'pw' }, 1);
    expect(Object.fromEntries(locked.protectedEvents)).toEqual(Object.fromEntries(locked.all));
    expect(locked.all.size).toBe(2);
  });

  it('a write moves the buckets when it moves a list count or sets or removes a password, and only then', () => {
    const row = {
      status: 'publish', hide_from_listings: 0, start_local: '2027-01-02 10:00:00', end_local: '2027-01-03 09:00:00',
      start_utc: '2027-01-02 09:00:00', end_utc: '2027-01-03 08:00:00', post_password: '',
    };
    const unchanged: CountDelta = new Map([['local|publish|2027-01-02|2027-01-03', 0]]);
    expect(movesBuckets(unchanged, row, { ...row })).toBe(false);
    expect(movesBuckets(unchanged, row, { ...row, post_password: 'pw' })).toBe(true);
    expect(movesBuckets(unchanged, { ...row, post_password: 'a' }, { ...row, post_password: 'b' })).toBe(false);
    expect(movesBuckets(new Map([['x', 1]]), row, row)).toBe(true);
  });
});
