import { Injectable } from '@nestjs/common';
import type { Caller } from '../../../shared/domain/caller';
import { Clock } from '../../../shared/domain/clock';
import { utcWallClock } from '../../../shared/domain/wall-clock';
import { DomainError, notFound } from '../../../shared/domain/errors';
import type { IfMatch } from '../../../shared/domain/entity-tags';
import { RecordEtags } from '../../../shared/domain/record-etags';
import { nameKey, UnitOfWork } from '../../../shared/domain/unit-of-work';
import { runTermList, TermListArgs } from '../../terms/application/term-list';
import { TermRepository } from '../../terms/application/term-repository';
import { insertWithFreeSlug, slugTakenByOther } from '../../terms/application/term-writes';
import { CountedTerm, Term, withCount } from '../../terms/domain/term';
import { cleanTermDescription, cleanTermName, termSlugBase } from '../../terms/domain/term-rules';
import { tagExists } from '../domain/tag-rules';

export interface TagInput {
  name?: string;
  description?: string | null;
  slug?: string;
}

/** Called after validation and existence, before anything is written (If-Match, CONTRACT §9.11). */
/** PORT: the tag a tag's `If-Match` is compared with (see RecordEtags). */
export abstract class TagEtags extends RecordEtags<CountedTerm> {}

const notFoundTag = (id: number) => notFound('rest-term-not-found', { variant: 'tag', id });

/** Use cases of `/tags` (CONTRACT §11): flat terms. */
@Injectable()
export class TagsService {
  constructor(
    private readonly repo: TermRepository,
    private readonly uow: UnitOfWork,
    private readonly etags: TagEtags,
    private readonly clock: Clock,
  ) {}

  async list(args: TermListArgs, caller: Caller) {
    const { page } = await runTermList(this.repo, 'tag', false, { ...args, parent: undefined }, { caller, nowUtc: utcWallClock(this.clock.now()) });
    return page;
  }

  async get(id: number): Promise<CountedTerm> {
    const term = await this.repo.findById('tag', id);
    if (!term) throw notFoundTag(id);
    return this.counted(term);
  }

  async create(input: TagInput & { name: string }): Promise<CountedTerm> {
    const name = cleanTermName(input.name);
    const description = cleanTermDescription(input.description ?? ''); // refused here, before any lock, when too long
    return this.uow.run(async () => {
      await this.uow.hold(nameKey('term:tag', name)); // creates and renames to one name see each other (unique names)
      const same = await this.repo.findByName('tag', name);
      if (same) throw tagExists(same.id);
      const term = await insertWithFreeSlug(
        this.repo,
        { taxonomy: 'tag', name, description, parent: 0 },
        termSlugBase(input.slug ?? name),
      );
      return this.counted(term);
    });
  }

  async update(id: number, input: TagInput, ifMatch?: IfMatch): Promise<CountedTerm> {
    const name = input.name !== undefined ? cleanTermName(input.name) : undefined;
    const description = input.description !== undefined ? cleanTermDescription(input.description) : undefined;
    return this.uow.run(async () => {
      const current = await this.repo.lockById('tag', id);
      if (!current) throw notFoundTag(id);
      if (ifMatch) await this.etags.assertIfMatch(ifMatch, await this.counted(current));
      const next: Term = {
        ...current,
        name: name ?? current.name,
        description: description ?? current.description,
      };
      if (name !== undefined) {
        await this.uow.hold(nameKey('term:tag', name));
        const same = await this.repo.findByName('tag', name);
        if (same && same.id !== id) throw tagExists(same.id);
      }
      if (input.slug !== undefined) {
        const slug = termSlugBase(input.slug) || String(id);
        if (await slugTakenByOther(this.repo, 'tag', slug, id)) throw new DomainError('conflict', 'term_slug_exists', { slug });
        next.slug = slug;
      }
      await this.repo.update(next);
      return this.counted(next);
    });
  }

  /** Permanent; returns the tag as it was (old count). Events lose the tag. */
  async delete(id: number, ifMatch?: IfMatch): Promise<CountedTerm> {
    return this.uow.run(async () => {
      const current = await this.repo.lockById('tag', id);
      if (!current) throw notFoundTag(id);
      const before = await this.counted(current);
      await this.etags.assertIfMatch(ifMatch, before);
      await this.repo.delete(current);
      return before;
    });
  }

  private async counted(term: Term): Promise<CountedTerm> {
    return withCount(term, await this.repo.countsOf([term.id]));
  }
}
