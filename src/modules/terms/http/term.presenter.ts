import { CountedTerm, TERM_PATH, WIRE_TAXONOMY } from '../domain/term';

/** Wire shapes of terms: embedded in events (CONTRACT §6.5) and standalone on term routes (§6.6). */

export interface TermUrls {
  self: string;
  collection: string;
  up?: string;
}

function termUrls(term: CountedTerm, api: string): TermUrls {
  const path = TERM_PATH[term.taxonomy];
  const urls: TermUrls = { self: `${api}/${path}/${term.id}`, collection: `${api}/${path}` };
  if (term.taxonomy === 'category' && term.parent !== 0) urls.up = `${api}/${path}/${term.parent}`;
  return urls;
}

/** §6.5: inside an event's `categories` / `tags`. */
export function presentEmbeddedTerm(term: CountedTerm, api: string) {
  return {
    name: term.name,
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.id,
    taxonomy: WIRE_TAXONOMY[term.taxonomy],
    description: term.description,
    parent: term.taxonomy === 'category' ? term.parent : 0,
    count: term.count,
    filter: 'raw',
    id: term.id,
    urls: termUrls(term, api),
  };
}

/** §6.6 for a category: `url` holds the ancestor slugs, root first. */
export function presentStandaloneCategory(term: CountedTerm, api: string, publicUrl: string, ancestorSlugs: string[]) {
  const path = [...ancestorSlugs, term.slug].join('/');
  return {
    id: term.id,
    count: term.count,
    description: term.description,
    name: term.name,
    slug: term.slug,
    taxonomy: WIRE_TAXONOMY.category,
    parent: term.parent,
    meta: [],
    url: `${publicUrl}/events/category/${path}/`,
    urls: termUrls(term, api),
  };
}

/** §6.6 for a tag: no `parent` key. */
export function presentStandaloneTag(term: CountedTerm, api: string, publicUrl: string) {
  return {
    id: term.id,
    count: term.count,
    description: term.description,
    name: term.name,
    slug: term.slug,
    taxonomy: WIRE_TAXONOMY.tag,
    meta: [],
    url: `${publicUrl}/tag/${term.slug}/`,
    urls: termUrls(term, api),
  };
}
