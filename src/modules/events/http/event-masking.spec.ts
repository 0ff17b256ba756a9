import { maskEventBody, maskedEventFields } from './event-masking';

describe('masking of a protected event (CONTRACT §6.11)', () => {
  const shown = () => ({
    id: 7,
    title: 'Secret',
    description: '<p>d</p>',
    excerpt: 'e',
    slug: 'secret',
    image: { id: 3 },
    all_day: false,
    start_date: '2026-11-25 10:00:00',
    cost: '$5',
    cost_details: { currency_symbol: '$', currency_code: 'USD', currency_position: 'prefix', values: ['5'] },
    website: 'https://example.org',
    show_map: true,
    show_map_link: true,
    hide_from_listings: false,
    sticky: false,
    featured: true,
    categories: [{ id: 1 }],
    tags: [{ id: 2 }],
    venue: { id: 4 },
    organizer: [{ id: 5 }],
    custom_fields: [],
    ticketed: false,
    post_parent: 0,
  });

  it('blanks every masked key with its empty value and keeps the rest', () => {
    expect(maskEventBody(shown())).toEqual({
      id: 7,
      title: 'Secret',
      description: '',
      excerpt: '',
      slug: 'secret',
      image: false,
      all_day: null,
      start_date: '2026-11-25 10:00:00',
      cost: '',
      cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
      website: '',
      show_map: null,
      show_map_link: null,
      hide_from_listings: null,
      sticky: null,
      featured: null,
      categories: [],
      tags: [],
      venue: [],
      organizer: [],
      custom_fields: [],
      ticketed: null,
      post_parent: 0,
    });
  });

  it('keeps the order of the keys of the body (the JSON text is byte-identical to an unmasked one but for the values)', () => {
    const body = shown();
    expect(JSON.stringify(Object.keys(maskEventBody(body)))).toBe(JSON.stringify(Object.keys(shown())));
    expect(JSON.stringify(maskEventBody(shown()).cost_details)).toBe(
      '{"currency_symbol":"","currency_position":"","currency_code":"","values":[]}',
    );
  });

  it('masks exactly the keys §6.11 names', () => {
    expect(Object.keys(maskedEventFields()).sort()).toEqual(
      [
        'all_day', 'categories', 'cost', 'cost_details', 'description', 'excerpt', 'featured', 'hide_from_listings', 'image',
        'organizer', 'show_map', 'show_map_link', 'sticky', 'tags', 'ticketed', 'venue', 'website',
      ],
    );
  });

  it('gives each masked body lists of its own', () => {
    const a = maskEventBody(shown());
    (a.categories as unknown[]).push('x');
    expect(maskEventBody(shown()).categories).toEqual([]);
  });
});
