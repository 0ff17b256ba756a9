import type { Caller } from '../../../shared/domain/caller';
import { ParamProblem } from '../../../shared/domain/errors';
import { eventLinksAccess } from '../../../shared/domain/event-links-access';
import { Page, PageRequest } from '../../../shared/domain/page';
import { CountedTerm, Taxonomy, Term, withCount } from '../domain/term';
import { listTerms, TermOrderBy } from '../domain/term-list';
import { throwProblems } from '../domain/term-rules';
import { resolveIdsOrSlugs } from './term-references';
import { TermRepository } from './term-repository';

/** The list arguments of CONTRACT §11.2 after parameter validation (references not yet resolved). */
export interface TermListArgs {
  page: PageRequest;
  search?: string;
  include?: string[];
  exclude?: string[];
  order?: 'asc' | 'desc';
  orderby?: TermOrderBy;
  hideEmpty?: boolean;
  /** Categories only. */
  parent?: number;
  post?: number;
  event?: number;
  slug?: string;
}

/** Who lists, and when: the `event` filter shows only what the caller may see of that event (§3.4, §6.11). */
interface TermListReader {
  caller: Caller;
  nowUtc: string;
}

interface TermListResult {
  page: Page<CountedTerm>;
  /** Every term of the taxonomy by id (categories use it for ancestor slugs in `url`). */
  byId: Map<number, Term>;
}

/**
 * Runs a term list: references are checked first (one 400 naming every unknown reference), then the pure list rules.
 * `hierarchical` is the one difference between categories and tags here (parent filter, hide_empty keeps ancestors).
 */
export async function runTermList(
  repo: TermRepository,
  taxonomy: Taxonomy,
  hierarchical: boolean,
  args: TermListArgs,
  reader: TermListReader,
): Promise<TermListResult> {
  const problems: ParamProblem[] = [];
  const include = args.include?.length ? await resolveIdsOrSlugs(repo, taxonomy, 'include', args.include) : null;
  if (include?.problem) problems.push(include.problem);
  const exclude = args.exclude?.length ? await resolveIdsOrSlugs(repo, taxonomy, 'exclude', args.exclude) : null;
  if (exclude?.problem) problems.push(exclude.problem);
  if (hierarchical && args.parent !== undefined && args.parent !== 0 && !(await repo.findById(taxonomy, args.parent))) {
    problems.push({ param: 'parent', detail: 'rest_unknown_reference', args: { values: String(args.parent) } });
  }
  const eventParam = args.event !== undefined ? 'event' : args.post !== undefined ? 'post' : null;
  const eventId = args.event ?? args.post;
  const access = eventId !== undefined ? eventLinksAccess(await repo.eventAccessStamp(eventId), reader.caller, reader.nowUtc) : 'visible';
  if (eventParam && access === 'unknown') {
    problems.push({ param: eventParam, detail: 'rest_unknown_reference', args: { values: String(eventId) } });
  }
  throwProblems(problems);

  const [terms, counts] = await Promise.all([repo.all(taxonomy), repo.counts(taxonomy)]);
  let onlyIds: number[] | undefined;
  if (eventId !== undefined) {
    // §6.11: a protected event the caller may not see unlocked shows no terms.
    onlyIds = access === 'masked' ? [] : ((await repo.termsOfEvents([eventId])).get(eventId) ?? []).map((t) => t.id);
  }
  const page = listTerms(
    terms.map((t) => withCount(t, counts)),
    {
      search: args.search,
      include: include?.ids,
      exclude: exclude?.ids,
      order: args.order ?? 'asc',
      orderby: args.orderby ?? 'name',
      hideEmpty: args.hideEmpty ?? true,
      parent: hierarchical ? args.parent : undefined,
      onlyIds,
      slug: args.slug,
      hierarchical,
    },
    args.page,
  );
  return { page, byId: new Map(terms.map((t) => [t.id, t])) };
}
