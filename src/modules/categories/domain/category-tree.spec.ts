import { ancestorIds, wouldCreateCycle } from './category-tree';

describe('category tree', () => {
  const parentOf = new Map([
    [1, 0],
    [2, 1],
    [3, 2],
    [4, 0],
  ]);

  it('lists ancestors root first', () => {
    expect(ancestorIds(3, parentOf)).toEqual([1, 2]);
    expect(ancestorIds(1, parentOf)).toEqual([]);
  });

  it('detects a parent that is the category itself or a descendant', () => {
    expect(wouldCreateCycle(1, 1, parentOf)).toBe(true);
    expect(wouldCreateCycle(1, 3, parentOf)).toBe(true);
    expect(wouldCreateCycle(3, 1, parentOf)).toBe(false);
    expect(wouldCreateCycle(1, 4, parentOf)).toBe(false);
    expect(wouldCreateCycle(1, 0, parentOf)).toBe(false);
  });

  it('survives a corrupt cyclic map', () => {
    expect(ancestorIds(5, new Map([[5, 6], [6, 5]]))).toEqual([6]);
  });
});
