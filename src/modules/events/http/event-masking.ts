/**
 * §6.11: what a password-protected event shows a caller who may not see it unlocked. Its id, title, dates, status,
 * links and lineage stay; these keys are blanked, in place (the keys keep their order in the body).
 */
export function maskedEventFields(): Record<string, unknown> {
  return {
    description: '',
    excerpt: '',
    image: false,
    all_day: null,
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
    ticketed: null,
  };
}

/** Blanks the masked keys of a presented event body (Object.assign keeps each key where the body has it). */
export function maskEventBody(body: Record<string, unknown>): Record<string, unknown> {
  return Object.assign(body, maskedEventFields());
}
