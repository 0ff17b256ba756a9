import { ancestorIds, wouldCreateCycle } from '../../src/modules/categories/domain/category-tree';
import { notHierarchical, tagExists } from '../../src/modules/tags/domain/tag-rules';
import { collectingProblems, DomainError, invalidParam, ParamProblem } from '../../src/shared/domain/errors';

describe('domain errors (CONTRACT §4)', () => {
  it('are DomainErrors by name, with their kind, code, args and data', () => {
    const e = new DomainError('not-found', 'rest_post_invalid_id', { id: 4 });
    expect(e.name).toBe('DomainError');
    expect(e.message).toBe('rest_post_invalid_id');
    expect(e.args).toEqual({ id: 4 });
    expect(e.data).toEqual({});
  });

  it('collects rest_invalid_param problems so one answer names them all; other errors pass through', async () => {
    const problems: ParamProblem[] = [];
    expect(await collectingProblems(problems, async () => 5)).toBe(5);
    expect(await collectingProblems(problems, async () => Promise.reject(invalidParam('a', 'rest_empty_value')))).toBeUndefined();
    expect(problems).toEqual([{ param: 'a', detail: 'rest_empty_value', args: undefined }]);
    await expect(collectingProblems(problems, async () => Promise.reject(new DomainError('forbidden', 'rest_forbidden')))).rejects.toThrow('rest_forbidden');
  });
});

describe('tag rules (CONTRACT §11.1, §11.3)', () => {
  it('a parent on a tag and a taken tag name are refused with the contract codes', () => {
    expect(notHierarchical()).toMatchObject({ kind: 'invalid', code: 'rest_taxonomy_not_hierarchical' });
    expect(tagExists(9)).toMatchObject({ kind: 'invalid', code: 'term_exists', args: { variant: 'tag' }, data: { term_id: 9 } });
  });
});

describe('category tree (CONTRACT §6.6, §11.1)', () => {
  const parents = new Map([[2, 1], [3, 2], [5, 6], [6, 5]]);
  it('ancestors from the root down, cycles cut', () => {
    expect(ancestorIds(3, parents)).toEqual([1, 2]);
    expect(ancestorIds(1, parents)).toEqual([]);
    expect(ancestorIds(5, parents)).toEqual([6]);
  });
  it('top level never makes a cycle; itself or a descendant does', () => {
    expect(wouldCreateCycle(1, 0, parents)).toBe(false);
    expect(wouldCreateCycle(0, 0, parents)).toBe(false);
    expect(wouldCreateCycle(1, 1, parents)).toBe(true);
    expect(wouldCreateCycle(1, 3, parents)).toBe(true);
    expect(wouldCreateCycle(3, 1, parents)).toBe(false);
  });
});
