import { Injectable } from '@nestjs/common';
import type { Caller } from '../../../shared/domain/caller';
import { InvalidParamsError, ParamProblem } from '../../../shared/domain/errors';
import { Policy } from '../../../shared/domain/policy';
import { nameKey, UnitOfWork } from '../../../shared/domain/unit-of-work';
import { CountedTerm, Taxonomy, Term, withCount } from '../domain/term';
import { cleanTermName, isIdReference, termIdOf, termSlugBase } from '../domain/term-rules';
import { resolveIdsOrSlugs } from './term-references';
import { TermRepository } from './term-repository';
import { insertWithFreeSlug } from './term-writes';

/** What the items of an event write's `categories`/`tags` name (reads only). */
interface EventTermPlan {
  ids: number[];
  /** The ids among `ids` of terms found by slug or name (not sent as ids). */
  namedIds: number[];
  unknownIds: string[];
  newNames: string[];
  /** The first item (as sent) that names no existing term. */
  firstNew?: string;
  /** An item that is neither an existing term nor a usable name (nothing left after cleaning). */
  emptyName: boolean;
}

/**
 * What the events module needs from terms (exported by TermsModule):
 * - `resolveForEventWrite` — CONTRACT §9.6: category/tag items of an event write → term ids (may create terms by
 *   name; call it inside the event write's `uow.run`, the repository joins that transaction);
 * - `findByIds` — terms with counts;
 * - `resolveFilter` — ids or slugs of the event list's `categories`/`tags` filters (§8.1) → ids, or a 400 problem;
 * - `descendantIds` — the category filter includes descendants.
 * Terms are written on the wire with `presentEmbeddedTerm` (terms/http/term.presenter.ts).
 */
@Injectable()
export class EventTermsService {
  constructor(
    private readonly repo: TermRepository,
    private readonly uow: UnitOfWork,
  ) {}

  /**
   * Each item: digits → an existing term id of this taxonomy (else 400 rest_unknown_reference); other text → the term
   * whose slug, else name, equals it ignoring case and accents; else a new term named so (no parent) when the caller
   * may manage this taxonomy, else 400 rest_not_allowed_value. Returns ids without duplicates, in the order given.
   * `param` is the parameter name used in errors (`categories` / `tags`).
   */
  async resolveForEventWrite(taxonomy: Taxonomy, param: string, items: string[], caller: Caller): Promise<number[]> {
    let plan = await this.planEventWrite(taxonomy, items);
    // The terms found are taken until the write commits: a concurrent delete of one waits, and then unlinks the event.
    // A term found by its name or slug is looked for again once taken: a delete, rename or new slug that committed in
    // between leaves the item naming another term, or none (a new one, §9.6) — a probe found events linked to a term
    // renamed at the same moment, by the name it no longer had. An id the client sent that is gone stays unknown (400
    // when linked). Names are resolved again at most a few times (each time a change committed in between), then
    // linking reports what is gone.
    for (let attempt = 1; ; attempt++) {
      const problem = this.problemOf(plan, taxonomy, param, caller);
      if (problem) throw new InvalidParamsError([problem]);
      await this.repo.lockByIds(taxonomy, plan.ids);
      if (attempt >= 3 || plan.namedIds.length === 0) break;
      const again = await this.planEventWrite(taxonomy, items); // READ COMMITTED: sees what committed before the locks
      if (sameNames(again, plan)) break;
      plan = again;
    }
    const ids = [...plan.ids];
    for (const name of plan.newNames) {
      await this.uow.hold(nameKey(`term:${taxonomy}`, name)); // as a create of that term: concurrent ones see it
      const again = await this.repo.findByName(taxonomy, name); // two items naming the same new term, or a concurrent create
      const held = again && (await this.repo.lockByIds(taxonomy, [again.id])).length > 0 ? again : null;
      const term = held ?? (await insertWithFreeSlug(this.repo, { taxonomy, name, description: '', parent: 0 }, termSlugBase(name)));
      ids.push(term.id);
    }
    return [...new Set(ids)];
  }

  /**
   * Reads only: the problem `resolveForEventWrite` would report for these items, or null. An event write checks every
   * reference before the existence of the event and before anything is written (CONTRACT §4.4, §9.1).
   */
  async checkForEventWrite(taxonomy: Taxonomy, param: string, items: string[], caller: Caller): Promise<ParamProblem | null> {
    return this.problemOf(await this.planEventWrite(taxonomy, items), taxonomy, param, caller);
  }

  /** Items → existing ids, unknown ids and the (cleaned) names of terms to create; no writes. */
  private async planEventWrite(taxonomy: Taxonomy, items: string[]): Promise<EventTermPlan> {
    const plan: EventTermPlan = { ids: [], namedIds: [], unknownIds: [], newNames: [], emptyName: false };
    const numeric = items.filter(isIdReference).map(termIdOf);
    const existing = new Set((await this.repo.findByIds(taxonomy, numeric)).map((t) => t.id));
    for (const raw of items) {
      const item = raw.trim();
      if (item === '') continue;
      if (isIdReference(item)) {
        if (existing.has(termIdOf(item))) plan.ids.push(termIdOf(item));
        else plan.unknownIds.push(item);
        continue;
      }
      const found = (await this.repo.findBySlug(taxonomy, item)) ?? (await this.repo.findByName(taxonomy, item));
      if (found) {
        plan.ids.push(found.id);
        plan.namedIds.push(found.id);
        continue;
      }
      plan.firstNew ??= item;
      try {
        plan.newNames.push(cleanTermName(item));
      } catch {
        plan.emptyName = true;
      }
    }
    return plan;
  }

  private problemOf(plan: EventTermPlan, taxonomy: Taxonomy, param: string, caller: Caller): ParamProblem | null {
    if (plan.unknownIds.length > 0) return { param, detail: 'rest_unknown_reference', args: { values: plan.unknownIds.join(', ') } };
    if (plan.newNames.length > 0 || plan.emptyName) {
      if (!Policy.mayPerform(caller, taxonomy === 'category' ? 'manage-categories' : 'manage-tags')) {
        return { param, detail: 'rest_not_allowed_value', args: { value: plan.firstNew ?? '' } };
      }
      if (plan.emptyName) return { param, detail: 'rest_empty_value' };
    }
    return null;
  }

  /** Ids or slugs (the event list filter, §8.1) → ids; unknown items → one rest_unknown_reference problem. */
  async resolveFilter(taxonomy: Taxonomy, param: string, items: string[]): Promise<{ ids: number[]; problem: ParamProblem | null }> {
    return resolveIdsOrSlugs(this.repo, taxonomy, param, items);
  }

  async findByIds(taxonomy: Taxonomy | null, ids: number[]): Promise<CountedTerm[]> {
    const terms: Term[] = await this.repo.findByIds(taxonomy, ids);
    const counts = await this.repo.countsOf(terms.map((t) => t.id));
    return terms.map((t) => withCount(t, counts));
  }

  /** The given category ids plus every descendant (for the event list's category filter). */
  async descendantIds(categoryIds: number[]): Promise<number[]> {
    const all = await this.repo.all('category');
    const children = new Map<number, number[]>();
    for (const t of all) children.set(t.parent, [...(children.get(t.parent) ?? []), t.id]);
    const out = new Set<number>();
    const stack = [...categoryIds];
    while (stack.length > 0) {
      const id = stack.pop() as number;
      if (out.has(id)) continue;
      out.add(id);
      stack.push(...(children.get(id) ?? []));
    }
    return [...out];
  }
}

/** Whether two plans resolve the items given by name or slug alike: the same terms found, the same names to create. */
function sameNames(a: EventTermPlan, b: EventTermPlan): boolean {
  return a.namedIds.join(',') === b.namedIds.join(',') && a.newNames.join('\n') === b.newNames.join('\n');
}
