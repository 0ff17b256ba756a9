import { Injectable } from '@nestjs/common';
import type { Caller } from '../../../shared/domain/caller';
import { invalidParam, ParamProblem } from '../../../shared/domain/errors';
import { Policy } from '../../../shared/domain/policy';
import { CountedTerm, Taxonomy, Term, withCount } from '../domain/term';
import { cleanTermName, isIdReference, termSlugBase } from '../domain/term-rules';
import { resolveIdsOrSlugs } from './term-references';
import { TermRepository } from './term-repository';
import { insertWithFreeSlug } from './term-writes';

export interface EventTerms {
  categories: CountedTerm[];
  tags: CountedTerm[];
}

/**
 * What the events module needs from terms (exported by TermsModule):
 * - `resolveForEventWrite` — CONTRACT §9.6: category/tag items of an event write → term ids (may create terms by
 *   name; call it inside the event write's `uow.run`, the repository joins that transaction);
 * - `termsForEvents` — batched embedding: event id → its categories and tags with counts (§6.5);
 * - `findByIds` — terms with counts;
 * - `resolveFilter` — ids or slugs of the event list's `categories`/`tags` filters (§8.1) → ids, or a 400 problem;
 * - `descendantIds` — the category filter includes descendants.
 * Terms are written on the wire with `presentEmbeddedTerm` (terms/http/term.presenter.ts).
 */
@Injectable()
export class EventTermsService {
  constructor(private readonly repo: TermRepository) {}

  /**
   * Each item: digits → an existing term id of this taxonomy (else 400 rest_unknown_reference); other text → the term
   * whose slug, else name, equals it ignoring case and accents; else a new term named so (no parent) when the caller
   * may manage this taxonomy, else 400 rest_not_allowed_value. Returns ids without duplicates, in the order given.
   * `param` is the parameter name used in errors (`categories` / `tags`).
   */
  async resolveForEventWrite(taxonomy: Taxonomy, param: string, items: string[], caller: Caller): Promise<number[]> {
    const ids: number[] = [];
    const unknownIds: string[] = [];
    const numeric = items.filter(isIdReference).map(Number);
    const existing = new Set((await this.repo.findByIds(taxonomy, numeric)).map((t) => t.id));
    const toCreate: string[] = [];
    for (const raw of items) {
      const item = raw.trim();
      if (item === '') continue;
      if (isIdReference(item)) {
        if (existing.has(Number(item))) ids.push(Number(item));
        else unknownIds.push(item);
        continue;
      }
      const found = (await this.repo.findBySlug(taxonomy, item)) ?? (await this.repo.findByName(taxonomy, item));
      if (found) ids.push(found.id);
      else toCreate.push(item);
    }
    if (unknownIds.length > 0) {
      throw invalidParam(param, 'rest_unknown_reference', { values: unknownIds.join(', ') });
    }
    if (toCreate.length > 0) {
      if (!Policy.mayPerform(caller, taxonomy === 'category' ? 'manage-categories' : 'manage-tags')) {
        throw invalidParam(param, 'rest_not_allowed_value', { value: toCreate[0] });
      }
      for (const item of toCreate) {
        let name: string;
        try {
          name = cleanTermName(item);
        } catch {
          throw invalidParam(param, 'rest_empty_value');
        }
        const again = await this.repo.findByName(taxonomy, name); // two items naming the same new term
        const term =
          again ??
          (await insertWithFreeSlug(this.repo, { taxonomy, name, description: '', parent: 0 }, termSlugBase(name)));
        ids.push(term.id);
      }
    }
    return [...new Set(ids)];
  }

  /** Ids or slugs (the event list filter, §8.1) → ids; unknown items → one rest_unknown_reference problem. */
  async resolveFilter(taxonomy: Taxonomy, param: string, items: string[]): Promise<{ ids: number[]; problem: ParamProblem | null }> {
    return resolveIdsOrSlugs(this.repo, taxonomy, param, items);
  }

  async termsForEvents(eventIds: number[]): Promise<Map<number, EventTerms>> {
    // Two queries whatever the number of events and links: the terms of the events, and their counts.
    const [linked, counts] = await Promise.all([this.repo.termsOfEvents(eventIds), this.repo.countsOfEventTerms(eventIds)]);
    const out = new Map<number, EventTerms>();
    for (const eventId of eventIds) {
      const terms = (linked.get(eventId) ?? []).map((t) => withCount(t, counts));
      out.set(eventId, {
        categories: terms.filter((t) => t.taxonomy === 'category'),
        tags: terms.filter((t) => t.taxonomy === 'tag'),
      });
    }
    return out;
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

