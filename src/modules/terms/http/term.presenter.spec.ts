import { presentEmbeddedTerm, presentStandaloneCategory, presentStandaloneTag } from './term.presenter';

const api = 'https://c.example/wp-json/calendar/events/v1';

describe('term presenters (CONTRACT §6.5, §6.6)', () => {
  it('writes the embedded shape in key order', () => {
    const tag = { id: 9, taxonomy: 'tag' as const, name: 'Outdoor', slug: 'outdoor', description: 'Free entry', parent: 0, count: 1 };
    expect(JSON.stringify(presentEmbeddedTerm(tag, api))).toBe(
      JSON.stringify({
        name: 'Outdoor', slug: 'outdoor', term_group: 0, term_taxonomy_id: 9, taxonomy: 'post_tag', description: 'Free entry',
        parent: 0, count: 1, filter: 'raw', id: 9, urls: { self: `${api}/tags/9`, collection: `${api}/tags` },
      }),
    );
    const cat = { ...tag, taxonomy: 'category' as const, parent: 7 };
    expect(presentEmbeddedTerm(cat, api).urls).toEqual({ self: `${api}/categories/9`, collection: `${api}/categories`, up: `${api}/categories/7` });
  });

  it('writes standalone categories with ancestor slugs and tags without parent', () => {
    const cat = { id: 8, taxonomy: 'category' as const, name: 'Jazz', slug: 'jazz', description: '', parent: 7, count: 3 };
    const body = presentStandaloneCategory(cat, api, 'https://c.example', ['concerts']);
    expect(Object.keys(body)).toEqual(['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'parent', 'meta', 'url', 'urls']);
    expect(body.url).toBe('https://c.example/events/category/concerts/jazz/');
    const tag = presentStandaloneTag({ ...cat, taxonomy: 'tag', parent: 0 }, api, 'https://c.example');
    expect(tag).not.toHaveProperty('parent');
    expect(tag.url).toBe('https://c.example/tag/jazz/');
  });
});
