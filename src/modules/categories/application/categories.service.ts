import { Injectable } from '@nestjs/common';
import type { Caller } from '../../../shared/domain/caller';
import { Clock } from '../../../shared/domain/clock';
import { utcWallClock } from '../../../shared/domain/wall-clock';
import type { IfMatch } from '../../../shared/domain/entity-tags';
import { DomainError, invalidParam, notFound } from '../../../shared/domain/errors';
import { RecordEtags } from '../../../shared/domain/record-etags';
import { nameKey, UnitOfWork } from '../../../shared/domain/unit-of-work';
import { runTermList, TermListArgs } from '../../terms/application/term-list';
import { TermRepository } from '../../terms/application/term-repository';
import { insertWithFreeSlug, slugTakenByOther } from '../../terms/application/term-writes';
import { CountedTerm, Term, withCount } from '../../terms/domain/term';
import { cleanTermDescription, cleanTermName, termSlugBase } from '../../terms/domain/term-rules';
import { ancestorIds, CATEGORY_TREE_LOCK, wouldCreateCycle } from '../domain/category-tree';

/** A category as the term routes show it: with its count and the slugs of its ancestors (for `url`). */
export interface CategoryView {
  term: CountedTerm;
  ancestorSlugs: string[];
}

export interface CategoryInput {
  name?: string;
  description?: string | null;
  slug?: string;
  parent?: number;
}

/** PORT: the tag a category's `If-Match` is compared with (see RecordEtags). */
export abstract class CategoryEtags extends RecordEtags<CategoryView> {}

const notFoundCategory = (id: number) => notFound('rest-term-not-found', { variant: 'category', id });
const termExists = (termId: number) => new DomainError('invalid', 'term_exists', { variant: 'category' }, { term_id: termId });

/** Use cases of `/categories` (CONTRACT §11): hierarchical terms. */
@Injectable()
export class CategoriesService {
  constructor(
    private readonly repo: TermRepository,
    private readonly uow: UnitOfWork,
    private readonly etags: CategoryEtags,
    private readonly clock: Clock,
  ) {}

  async list(args: TermListArgs, caller: Caller) {
    const { page, byId } = await runTermList(this.repo, 'category', true, args, { caller, nowUtc: utcWallClock(this.clock.now()) });
    const parentOf = new Map([...byId.values()].map((t) => [t.id, t.parent]));
    const items: CategoryView[] = page.items.map((term) => ({
      term,
      ancestorSlugs: ancestorIds(term.id, parentOf).map((id) => byId.get(id)?.slug ?? String(id)),
    }));
    return { items, total: page.total };
  }

  async get(id: number): Promise<CategoryView> {
    const term = await this.repo.findById('category', id);
    if (!term) throw notFoundCategory(id);
    return this.view(term);
  }

  async create(input: CategoryInput & { name: string }): Promise<CategoryView> {
    const name = cleanTermName(input.name);
    const description = cleanTermDescription(input.description ?? ''); // refused here, before any lock, when too long
    const parent = input.parent ?? 0;
    return this.uow.run(async () => {
      // A parent is checked under the tree (taken before any name, as a move does): a deletion of it either finishes
      // first (400) or waits, and then moves the new category up with its other children.
      if (parent !== 0) {
        await this.uow.hold(CATEGORY_TREE_LOCK);
        await this.assertParentExists(parent);
      }
      await this.uow.hold(nameKey('term:category', name)); // creates and renames to one name see each other
      const same = await this.repo.findByName('category', name, parent);
      if (same) throw termExists(same.id);
      const term = await insertWithFreeSlug(
        this.repo,
        { taxonomy: 'category', name, description, parent },
        termSlugBase(input.slug ?? name),
      );
      return this.view(term);
    });
  }

  async update(id: number, input: CategoryInput, ifMatch?: IfMatch): Promise<CategoryView> {
    const name = input.name !== undefined ? cleanTermName(input.name) : undefined;
    const description = input.description !== undefined ? cleanTermDescription(input.description) : undefined;
    if (input.parent !== undefined) await this.assertParentExists(input.parent);
    return this.uow.run(async () => {
      // A change of parent takes the whole tree (two concurrent moves could otherwise close a cycle); other changes
      // take the category alone.
      const moving = input.parent !== undefined;
      if (moving) await this.uow.hold(CATEGORY_TREE_LOCK);
      const tree = moving ? await this.repo.lockAll('category') : [];
      const current = moving ? (tree.find((t) => t.id === id) ?? null) : await this.repo.lockById('category', id);
      if (!current) throw notFoundCategory(id);
      if (input.parent !== undefined && input.parent !== current.parent) {
        if (!tree.some((t) => t.id === input.parent) && input.parent !== 0) {
          throw invalidParam('parent', 'rest_unknown_reference', { values: String(input.parent) });
        }
        const parentOf = new Map(tree.map((t) => [t.id, t.parent]));
        if (wouldCreateCycle(id, input.parent, parentOf)) throw invalidParam('parent', 'rest_invalid_parent');
      }
      // §9.11: the category's view (ancestors, count) is read only when there is a tag to compare it with.
      if (ifMatch) await this.etags.assertIfMatch(ifMatch, await this.view(current));
      const next: Term = {
        ...current,
        name: name ?? current.name,
        parent: input.parent ?? current.parent,
        description: description ?? current.description,
      };
      // Only a real rename or move is checked: deleting a category moves its children up, which can leave two
      // siblings with one name (as the plugin does), and an update that keeps name and parent must still pass.
      if (next.name !== current.name || next.parent !== current.parent) {
        await this.uow.hold(nameKey('term:category', next.name));
        const same = await this.repo.findByName('category', next.name, next.parent);
        if (same && same.id !== id) throw termExists(same.id);
      }
      if (input.slug !== undefined) {
        const slug = termSlugBase(input.slug) || String(id);
        if (await slugTakenByOther(this.repo, 'category', slug, id)) {
          throw new DomainError('conflict', 'term_slug_exists', { slug });
        }
        next.slug = slug;
      }
      await this.repo.update(next);
      return this.view(next);
    });
  }

  /** Permanent; returns the category as it was (old count). Children move up; events lose the category. */
  async delete(id: number, ifMatch?: IfMatch): Promise<CategoryView> {
    return this.uow.run(async () => {
      // Its children move up to its parent: the tree is taken, as for a move.
      await this.uow.hold(CATEGORY_TREE_LOCK);
      const current = (await this.repo.lockAll('category')).find((t) => t.id === id) ?? null;
      if (!current) throw notFoundCategory(id);
      const before = await this.view(current);
      await this.etags.assertIfMatch(ifMatch, before);
      await this.repo.delete(current);
      return before;
    });
  }

  private async assertParentExists(parent: number): Promise<void> {
    if (parent !== 0 && !(await this.repo.findById('category', parent))) {
      throw invalidParam('parent', 'rest_unknown_reference', { values: String(parent) });
    }
  }

  private async view(term: Term): Promise<CategoryView> {
    const counts = await this.repo.countsOf([term.id]);
    const ancestors: string[] = [];
    const seen = new Set([term.id]);
    let parent = term.parent;
    while (parent !== 0 && !seen.has(parent)) {
      seen.add(parent);
      const p = await this.repo.findById('category', parent);
      if (!p) break;
      ancestors.unshift(p.slug);
      parent = p.parent;
    }
    return { term: withCount(term, counts), ancestorSlugs: ancestors };
  }
}
