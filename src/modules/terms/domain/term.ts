import { fold } from '../../../shared/domain/text';

/**
 * Terms (CONTRACT §1.1, §11): categories (hierarchical) and tags (flat) live in one `terms` table with a `taxonomy`
 * column, so they share one id sequence (§1.6). What differs between the two kinds is stated by the category and tag
 * modules; this file holds only what is truly common.
 */
export type Taxonomy = 'category' | 'tag';

export interface Term {
  id: number;
  taxonomy: Taxonomy;
  name: string;
  slug: string;
  description: string;
  /** Parent category id, 0 when none (always 0 for tags). */
  parent: number;
}

export interface CountedTerm extends Term {
  /** Number of events with status `publish` carrying the term (§11.3). */
  count: number;
}

export type NewTerm = Omit<Term, 'id'>;

/** The folded comparison key of a name or slug (§1.7). */
export const termKey = (text: string) => fold(text);

/** The public wire name of a taxonomy (§6.5). */
export const WIRE_TAXONOMY: Record<Taxonomy, string> = { category: 'tribe_events_cat', tag: 'post_tag' };

/** The collection path segment of a taxonomy. */
export const TERM_PATH: Record<Taxonomy, string> = { category: 'categories', tag: 'tags' };

export const withCount = (term: Term, counts: ReadonlyMap<number, number>): CountedTerm => ({
  ...term,
  count: counts.get(term.id) ?? 0,
});
