import { ImmediateUnitOfWork } from '../../src/shared/domain/unit-of-work';
import { DomainError, InvalidParamsError } from '../../src/shared/domain/errors';
import { CategoriesService } from '../../src/modules/categories/application/categories.service';
import { TagsService } from '../../src/modules/tags/application/tags.service';
import type { CategoryView } from '../../src/modules/categories/application/categories.service';
import { RecordEtags } from '../../src/shared/domain/record-etags';
import type { CountedTerm } from '../../src/modules/terms/domain/term';
import { EventTermsService } from '../../src/modules/terms/application/event-terms.service';
import { InMemoryTermRepository } from '../../src/modules/terms/infrastructure/in-memory/in-memory-term.repository';

import { FixedClock } from '../../src/shared/domain/clock';
import { ANONYMOUS } from '../../src/shared/domain/caller';

const page = { page: 1, perPage: 10 };
const clock = new FixedClock(new Date('2026-11-26T12:00:00Z'));

async function error(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected an error');
}

/** A stand-in for the presented tags: a term's tag is its quoted name, read at the address asked for. */
class NameTags<T> extends RecordEtags<T> {
  constructor(private readonly nameOf: (t: T) => string) {
    super();
  }
  async tagOf(record: T): Promise<string> {
    return `"${this.nameOf(record)}"`;
  }
}

describe('term services (in-memory)', () => {
  let repo: InMemoryTermRepository;
  let categories: CategoriesService;
  let tags: TagsService;
  let eventTerms: EventTermsService;
  beforeEach(() => {
    repo = new InMemoryTermRepository();
    const uow = new ImmediateUnitOfWork();
    categories = new CategoriesService(repo, uow, new NameTags<CategoryView>((v) => v.term.name), clock);
    tags = new TagsService(repo, uow, new NameTags<CountedTerm>((t) => t.name), clock);
    eventTerms = new EventTermsService(repo, uow);
  });

  it('creates categories with cleaned text, de-duplicated slugs and ancestor slugs', async () => {
    const root = await categories.create({ name: ' <b>Concerts</b> ' });
    expect(root.term).toMatchObject({ name: 'Concerts', slug: 'concerts', parent: 0, count: 0 });
    const jazz = await categories.create({ name: 'Jazz', slug: 'concerts', parent: root.term.id, description: '<p onclick="x">Hi</p>' });
    expect(jazz.term).toMatchObject({ slug: 'concerts-2', description: '<p>Hi</p>' });
    expect(jazz.ancestorSlugs).toEqual(['concerts']);
    const odd = await categories.create({ name: '!!!' });
    expect(odd.term.slug).toBe(String(odd.term.id));
  });

  it('refuses a duplicate category name under the same parent only', async () => {
    const a = await categories.create({ name: 'Café' });
    const e = await error(categories.create({ name: 'CAFE' }));
    expect([e.code, e.args.variant, e.data.term_id]).toEqual(['term_exists', 'category', a.term.id]);
    await expect(categories.create({ name: 'cafe', parent: a.term.id })).resolves.toBeDefined();
  });

  it('refuses parent cycles and unknown parents, renames into duplicates and taken slugs', async () => {
    const a = await categories.create({ name: 'A' });
    const b = await categories.create({ name: 'B', parent: a.term.id });
    expect(((await error(categories.update(a.term.id, { parent: b.term.id }))) as InvalidParamsError).problems[0].detail).toBe(
      'rest_invalid_parent',
    );
    expect(((await error(categories.update(a.term.id, { parent: a.term.id }))) as InvalidParamsError).problems[0].detail).toBe(
      'rest_invalid_parent',
    );
    expect(((await error(categories.create({ name: 'C', parent: 999 }))) as InvalidParamsError).problems[0].detail).toBe(
      'rest_unknown_reference',
    );
    const c = await categories.create({ name: 'C' });
    expect((await error(categories.update(c.term.id, { name: 'a' }))).code).toBe('term_exists');
    const clash = await error(categories.update(c.term.id, { slug: 'A' }));
    expect([clash.kind, clash.code, clash.args.slug]).toEqual(['conflict', 'term_slug_exists', 'a']);
    expect((await error(categories.update(999, { name: 'x' }))).code).toBe('rest-term-not-found');
  });

  it('deletes a category: children move up, the old count is returned, events lose it', async () => {
    const a = await categories.create({ name: 'A' });
    const b = await categories.create({ name: 'B', parent: a.term.id });
    const c = await categories.create({ name: 'C', parent: b.term.id });
    repo.linkEvent(1, 'publish', [b.term.id]);
    const gone = await categories.delete(b.term.id);
    expect(gone.term.count).toBe(1);
    expect((await categories.get(c.term.id)).term.parent).toBe(a.term.id);
    expect((await repo.termsOfEvents([1])).get(1)).toEqual([]);
  });

  it('compares If-Match with the held term before writing: a stale tag changes nothing, the current one writes', async () => {
    const a = await tags.create({ name: 'T' });
    const stale = await error(tags.update(a.id, { name: 'U' }, { header: '"old"', address: '/es/api' }));
    expect(stale.code).toBe('rest_precondition_failed');
    expect((await tags.get(a.id)).name).toBe('T');
    await expect(tags.update(a.id, { name: 'U' }, { header: '"T"', address: '/api' })).resolves.toMatchObject({ name: 'U' });
    expect((await error(tags.delete(a.id, { header: '"T"', address: '/api' }))).code).toBe('rest_precondition_failed');
    const c = await categories.create({ name: 'C' });
    expect((await error(categories.update(c.term.id, { name: 'D' }, { header: 'W/"C"', address: '/api' }))).code).toBe('rest_precondition_failed');
    await expect(categories.delete(c.term.id, { header: '"C"', address: '/api' })).resolves.toBeDefined();
  });

  it('keeps tag names unique across the taxonomy', async () => {
    const t = await tags.create({ name: 'Outdoor' });
    expect((await error(tags.create({ name: 'outdoor' }))).data.term_id).toBe(t.id);
    await expect(categories.create({ name: 'Outdoor' })).resolves.toBeDefined();
  });

  it('lists with references resolved and unknown ones refused', async () => {
    const a = await tags.create({ name: 'A' });
    await tags.create({ name: 'B' });
    repo.linkEvent(7, 'publish', [a.id]);
    expect((await tags.list({ page }, ANONYMOUS)).items.map((x) => x.name)).toEqual(['A']);
    expect((await tags.list({ page, hideEmpty: false, exclude: ['a'] }, ANONYMOUS)).items.map((x) => x.name)).toEqual(['B']);
    expect((await tags.list({ page, hideEmpty: false, event: 7, post: 999 }, ANONYMOUS)).items.map((x) => x.name)).toEqual(['A']);
    const e = (await error(tags.list({ page, include: ['zz', String(a.id)], post: 999 }, ANONYMOUS))) as InvalidParamsError;
    expect(e.problems.map((p) => [p.param, p.detail])).toEqual([
      ['include', 'rest_unknown_reference'],
      ['post', 'rest_unknown_reference'],
    ]);
  });

  it('resolves event write items: ids, slugs, names, new names only for managers', async () => {
    const jazz = await categories.create({ name: 'Jazz Club', slug: 'jazz' });
    const editor = { userId: 2, role: 'editor' as const };
    const contributor = { userId: 4, role: 'contributor' as const };
    const ids = await eventTerms.resolveForEventWrite('category', 'categories', [String(jazz.term.id), 'JAZZ', 'jazz club', 'Blues'], editor);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(jazz.term.id);
    expect((await categories.get(ids[1])).term).toMatchObject({ name: 'Blues', slug: 'blues', parent: 0 });
    const unknown = (await error(eventTerms.resolveForEventWrite('category', 'categories', ['99999'], editor))) as InvalidParamsError;
    expect(unknown.problems[0]).toMatchObject({ param: 'categories', detail: 'rest_unknown_reference' });
    const denied = (await error(eventTerms.resolveForEventWrite('tag', 'tags', ['New'], { userId: 3, role: 'author' }))) as InvalidParamsError;
    expect(denied.problems[0]).toMatchObject({ param: 'tags', detail: 'rest_not_allowed_value' });
    expect(await eventTerms.resolveForEventWrite('category', 'categories', ['blues'], contributor)).toEqual([ids[1]]);
  });

  it('gives descendants for the category filter', async () => {
    const a = await categories.create({ name: 'A' });
    const b = await categories.create({ name: 'B', parent: a.term.id });
    const c = await categories.create({ name: 'C', parent: b.term.id });
    await categories.create({ name: 'D' });
    expect((await eventTerms.descendantIds([a.term.id])).sort()).toEqual([a.term.id, b.term.id, c.term.id].sort());
  });
});
