import { randomUUID } from 'node:crypto';
import { allocateSlug } from '../../../shared/domain/slug-allocation';
import { NewTerm, Taxonomy, Term } from '../domain/term';
import { TermRepository } from './term-repository';

/** Slug handling shared by category and tag writes (CONTRACT §9.4, §11.3). */

/** Is `slug` used by a term of this taxonomy other than `selfId`? */
export async function slugTakenByOther(repo: TermRepository, taxonomy: Taxonomy, slug: string, selfId?: number) {
  const t = await repo.findBySlug(taxonomy, slug);
  return t !== null && t.id !== selfId;
}

/**
 * Inserts a term whose slug is `slugBase` made unique with -2, -3, …; an empty base means "the term id" (known only
 * after the insert, so the row is written with a temporary unique slug first, inside the caller's transaction).
 */
export async function insertWithFreeSlug(repo: TermRepository, term: Omit<NewTerm, 'slug'>, slugBase: string): Promise<Term> {
  const index = { slugTaken: (slug: string, selfId?: number) => slugTakenByOther(repo, term.taxonomy, slug, selfId) };
  const free = (base: string, selfId?: number) => allocateSlug(index, base, selfId);
  if (slugBase !== '') return repo.insert({ ...term, slug: await free(slugBase) });
  const created = await repo.insert({ ...term, slug: `tmp-${randomUUID()}` });
  const final = { ...created, slug: await free(String(created.id), created.id) };
  await repo.update(final);
  return final;
}
