import { ParamProblem } from '../../../shared/domain/errors';
import { Taxonomy } from '../domain/term';
import { isIdReference, termIdOf } from '../domain/term-rules';
import { TermRepository } from './term-repository';

/**
 * Resolves a list of ids or slugs (CONTRACT §11.2 include/exclude, §8.1 event list `categories`/`tags`) to term ids,
 * keeping the order given. Unknown items become one `rest_unknown_reference` problem for `param`.
 */
export async function resolveIdsOrSlugs(
  repo: TermRepository,
  taxonomy: Taxonomy,
  param: string,
  items: string[],
): Promise<{ ids: number[]; problem: ParamProblem | null }> {
  const ids: number[] = [];
  const unknown: string[] = [];
  const numeric = items.filter(isIdReference).map(termIdOf);
  const found = new Set((await repo.findByIds(taxonomy, numeric)).map((t) => t.id));
  for (const item of items) {
    if (isIdReference(item)) {
      if (found.has(termIdOf(item))) ids.push(termIdOf(item));
      else unknown.push(item);
      continue;
    }
    const term = await repo.findBySlug(taxonomy, item);
    if (term) ids.push(term.id);
    else unknown.push(item);
  }
  const problem: ParamProblem | null =
    unknown.length > 0 ? { param, detail: 'rest_unknown_reference', args: { values: unknown.join(', ') } } : null;
  return { ids, problem };
}
