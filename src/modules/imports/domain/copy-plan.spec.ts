import { parseCost } from '../../events/domain/cost';
import { costInputOf, createBody, fingerprintOf, planCopy, resolveFields } from './copy-plan';
import { decodeEntities } from './html-entities';

const plugin = { isPlugin: true };
const service = { isPlugin: false };

/** An event list item as the plugin answers it (fixture 24), with `over` put in. */
function pluginEvent(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 17,
    global_id: '127.0.0.1?id=17',
    global_id_lineage: ['127.0.0.1?id=17'],
    status: 'publish',
    date: '2026-11-22 03:15:25',
    date_utc: '2026-11-22 03:15:25',
    modified_utc: '2026-11-22 03:15:25',
    url: 'http://127.0.0.1:8081/event/seed-event-0002/',
    title: 'Seed Event 0002',
    description: '<p>Seeded event number 2</p>',
    excerpt: '',
    slug: 'seed-event-0002',
    image: false,
    all_day: false,
    start_date: '2026-11-26 19:00:00',
    end_date: '2026-11-26 22:00:00',
    utc_start_date: '2026-11-26 19:00:00',
    utc_end_date: '2026-11-26 22:00:00',
    timezone: 'UTC+0',
    cost: '$2',
    cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: ['2'] },
    website: 'http://127.0.0.1:8081/event/seed-event-0002/',
    show_map: false,
    show_map_link: false,
    hide_from_listings: false,
    sticky: false,
    featured: false,
    categories: [],
    tags: [],
    venue: [],
    organizer: [],
    custom_fields: [],
    ...over,
  };
}

describe('copy plans (issue 15): what the import writes for a source record', () => {
  it('an event: its fields as write parameters, "none" as null, the lineage from its global ids', () => {
    const plan = planCopy('event', pluginEvent(), plugin);
    expect(plan).toMatchObject({ kind: 'event', sourceId: 17, modified: '2026-11-22 03:15:25', slug: 'seed-event-0002', protected: false, masked: false });
    expect(plan.lineage).toEqual(['127.0.0.1?id=17']);
    expect(plan.fields).toEqual({
      title: 'Seed Event 0002',
      status: 'publish',
      date_utc: '2026-11-22 03:15:25',
      slug: 'seed-event-0002',
      timezone: 'UTC+0',
      start_date: '2026-11-26 19:00:00',
      end_date: '2026-11-26 22:00:00',
      description: '<p>Seeded event number 2</p>',
      excerpt: null,
      all_day: false,
      cost: '$2',
      website: null, // the event's own page: the API's "none"
      show_map: false,
      show_map_link: false,
      hide_from_listings: false,
      sticky: false,
      featured: false,
      image: null,
    });
    expect(createBody(resolveFields(plan, () => null).fields)).not.toHaveProperty('website');
  });

  it('the plugin: entities decoded in titles, `__trashed` and empty slugs, a 0000 date left out, the end never before the start', () => {
    const trashed = planCopy('event', pluginEvent({ title: 'Rock &#038; Roll &amp; Ben&#8217;s', status: 'trash', slug: 'rock-roll__trashed-2' }), plugin);
    expect(trashed.fields).toMatchObject({ title: 'Rock & Roll & Ben\u2019s', slug: 'rock-roll', status: 'trash' });
    const draft = planCopy('event', pluginEvent({ status: 'draft', slug: '', date_utc: '0000-00-00 00:00:00' }), plugin);
    expect(draft.fields).not.toHaveProperty('slug');
    expect(draft.fields).not.toHaveProperty('date_utc');
    const backwards = planCopy('event', pluginEvent({ end_date: '2026-11-26 18:00:00' }), plugin);
    expect(backwards.fields.end_date).toBe('2026-11-26 19:00:00');
    expect(backwards.notes).toEqual([expect.stringContaining('end set to the start')]);
    // This service's titles are plain text already: `&amp;` there is what the author typed.
    expect(planCopy('event', pluginEvent({ title: 'A &amp; B' }), service).fields.title).toBe('A &amp; B');
  });

  it('zones: offsets and IANA names as they are; an unknown zone falls back to the UTC wall clocks', () => {
    expect(planCopy('event', pluginEvent({ timezone: 'UTC+5:30' }), plugin).fields.timezone).toBe('UTC+5:30');
    const unknown = planCopy('event', pluginEvent({ timezone: 'Mars/Olympus', start_date: '2026-11-27 01:00:00', end_date: '2026-11-27 04:00:00' }), plugin);
    expect(unknown.fields).toMatchObject({ timezone: 'UTC', start_date: '2026-11-26 19:00:00', end_date: '2026-11-26 22:00:00' });
  });

  it('a masked (protected, unreadable) item: protected, only its title, dates, slug and status', () => {
    const masked = pluginEvent({ description: '', all_day: null, featured: null, sticky: null, show_map: null, show_map_link: null, hide_from_listings: null, cost: '', website: '' });
    const plan = planCopy('event', masked, plugin);
    expect(plan).toMatchObject({ masked: true, protected: true });
    expect(Object.keys(plan.fields).sort()).toEqual(['date_utc', 'end_date', 'slug', 'start_date', 'status', 'timezone', 'title']);
    expect(planCopy('event', pluginEvent(), { ...plugin, protectedIds: new Set([17]) }).protected).toBe(true);
  });

  it('costs: written so that this service shows the same cost and values', () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['$20', { currency_symbol: '', values: ['20'] }],
      ['Free', { currency_symbol: '', values: ['0'] }],
      ['$10 – $25', { currency_symbol: '', values: ['10', '25'] }],
      ['Free – 30$', { currency_symbol: '$', currency_position: 'postfix', values: ['0', '20', '30'] }],
      ['10€ – 25€', { currency_symbol: '€', currency_position: 'postfix', values: ['10', '25'] }],
      ['€1250.50', { currency_symbol: '€', currency_position: 'prefix', values: ['1250.50'] }],
      ['Donation', { currency_symbol: '', values: [] }],
    ];
    for (const [cost, details] of cases) {
      const input = costInputOf(cost, details)!;
      const parsed = parseCost(input);
      expect({ cost, shown: parsed.cost, values: parsed.details.values }).toEqual({ cost, shown: cost, values: details.values });
    }
    expect(costInputOf('', { values: [] })).toBeNull();
  });

  it('links resolve to local ids; those without a copy are left out and named', () => {
    const plan = planCopy(
      'event',
      pluginEvent({ venue: { id: 4, venue: 'Main Hall' }, organizer: [{ id: 5 }, { id: 6 }], categories: [{ id: 2 }], tags: [{ id: 3 }], post_parent: 9 }),
      service,
    );
    const local = new Map([['venue:4', 40], ['organizer:5', 50], ['category:2', 20], ['event:9', 90]]);
    const { fields, missing } = resolveFields(plan, (ref) => local.get(`${ref.kind}:${ref.id}`) ?? null);
    expect(fields).toMatchObject({ venue: [40], organizer: [50], categories: ['20'], tags: [], post_parent: 90 });
    expect(missing.map((r) => `${r.kind}:${r.id}`)).toEqual(['organizer:6', 'tag:3']);
    const category = planCopy('category', { id: 8, name: 'Jazz', slug: 'jazz', description: '', parent: 7 }, plugin);
    expect(resolveFields(category, () => null).fields).toEqual({ name: 'Jazz', slug: 'jazz', description: null, parent: 0 });
  });

  it('fingerprints: equal for the same state, different when a field, the lineage or the protection changes', () => {
    const fp = (over: Record<string, unknown>, ctx = plugin) => {
      const plan = planCopy('event', pluginEvent(over), ctx);
      return fingerprintOf(plan, resolveFields(plan, () => null).fields);
    };
    expect(fp({})).toBe(fp({ modified_utc: '2027-01-01 00:00:00' }));
    expect(fp({ title: 'Other' })).not.toBe(fp({}));
    expect(fp({ global_id_lineage: ['127.0.0.1?id=17', 'elsewhere?id=3'] })).not.toBe(fp({}));
    expect(fp({}, { ...plugin, protectedIds: new Set([17]) } as never)).not.toBe(fp({}));
  });

  it('venues and organizers: absent keys are "none", names decoded (plugin), coordinates only in pairs', () => {
    const venue = planCopy('venue', { id: 10, venue: 'Bar &#038; Grill', city: 'Lyon', geo_lat: 45.76, status: 'publish', slug: 'bar-grill' }, plugin);
    expect(venue.fields).toMatchObject({ venue: 'Bar & Grill', city: 'Lyon', address: null, website: null, geo_lat: null, geo_lng: null, image: null });
    const organizer = planCopy('organizer', { id: 5, organizer: 'Acme', email: ' info@acme.example ', status: 'draft', slug: 'acme' }, plugin);
    expect(organizer.fields).toMatchObject({ organizer: 'Acme', email: 'info@acme.example', phone: null, status: 'draft' });
  });

  it('HTML entities: numeric and named references, unknown ones kept', () => {
    expect(decodeEntities('Caf&eacute;? &#8220;Hi&#8221; &hellip; &#x41; &bogus; &#0;')).toBe('Caf&eacute;? \u201cHi\u201d \u2026 A &bogus; &#0;');
  });
});
