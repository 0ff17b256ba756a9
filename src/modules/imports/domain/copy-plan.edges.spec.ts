import { parseCost } from '../../events/domain/cost';
import { costInputOf, fingerprintOf, planCopy, shortLabel } from './copy-plan';

const plugin = { isPlugin: true };
const service = { isPlugin: false };
const dates = { timezone: 'UTC', start_date: '2026-02-01 10:00:00', end_date: '2026-02-01 12:00:00', all_day: false };

describe('copy plans at their edges (issue 19)', () => {
  it('lineage: the global id alone when the lineage is missing or not a list', () => {
    expect(planCopy('venue', { id: 1, venue: 'V', global_id: 'a?id=1' }, service).lineage).toEqual(['a?id=1']);
    expect(planCopy('venue', { id: 1, venue: 'V', global_id: 'a?id=1', global_id_lineage: 'a?id=1' }, service).lineage).toEqual(['a?id=1']);
  });

  it('slugs: only a trailing `__trashed` (with any number after it) is the trash mark', () => {
    const slug = (s: string) => planCopy('tag', { id: 1, name: 'A', slug: s }, plugin).slug;
    expect(slug('rock__trashed')).toBe('rock');
    expect(slug('rock__trashed-12')).toBe('rock');
    expect(slug('rock__trashed-x')).toBe('rock__trashed-x');
    expect(slug('my__trashed-talk')).toBe('my__trashed-talk');
  });

  it('a term without a slug writes none; placeholders name the kind and the source id', () => {
    expect(planCopy('tag', { id: 4, name: 'A' }, service).fields).not.toHaveProperty('slug');
    expect(planCopy('venue', { id: 9 }, service).fields.venue).toBe('Venue 9');
    expect(planCopy('organizer', { id: 8 }, service).fields.organizer).toBe('Organizer 8');
    expect(planCopy('event', { id: 7, ...dates }, service).fields.title).toBe('Event 7');
  });

  it('images, links and terms given as null are "none", never an error', () => {
    expect(planCopy('venue', { id: 9, venue: 'V', image: null }, service).fields.image).toBeNull();
    expect(planCopy('organizer', { id: 8, organizer: 'O', image: null }, service).fields.image).toBeNull();
    const plan = planCopy('event', { id: 7, title: 'T', ...dates, image: null, venue: [null], organizer: [null, { id: 4 }], categories: [null], tags: [null, { id: 2 }] }, service);
    expect(plan.fields.image).toBeNull();
    expect(plan.refs).toMatchObject({ venue: [], organizer: [{ kind: 'organizer', id: 4 }], categories: [], tags: [{ kind: 'tag', id: 2 }] });
  });

  it('a venue: show_map_link false is written; an organizer website is trimmed', () => {
    expect(planCopy('venue', { id: 9, venue: 'V', show_map_link: false }, service).fields.show_map_link).toBe(false);
    expect(planCopy('organizer', { id: 8, organizer: 'O', website: ' http://o.example/ ' }, service).fields.website).toBe('http://o.example/');
  });

  it("an event's website: none when empty, or when it is the event's own page (compared trimmed)", () => {
    const website = (over: Record<string, unknown>) => planCopy('event', { id: 7, title: 'T', ...dates, url: 'http://x/event/t/', ...over }, service).fields.website;
    expect(website({ website: '' })).toBeNull();
    expect(website({ website: '  ' })).toBeNull();
    expect(website({ website: 'http://x/event/t/', url: ' http://x/event/t/ ' })).toBeNull();
    expect(website({ website: 'http://y/' })).toBe('http://y/');
  });

  it('costs: a blank text is no cost; the text is trimmed; the values alone are never replaced by an empty text', () => {
    expect(costInputOf('   ', { values: [] })).toBeNull();
    expect(costInputOf(' Donation ', { values: [] })).toBe('Donation');
    expect(costInputOf('Free', null)).toBe('Free');
    // A text whose numbers the details do not list: nothing gives back both, the text is written as it is.
    expect(costInputOf('$5', { values: [], currency_symbol: '$' })).toBe('$5');
    // Values that no candidate gives back as they are (unsorted): the first candidate, the values themselves.
    expect(costInputOf('', { values: ['10', '5'] })).toEqual(['10', '5']);
  });

  it('costs: the text wins over the values with their symbol when only the text gives back both', () => {
    const input = costInputOf('5 – 10', { values: ['5', '10'], currency_symbol: '$' });
    expect(input).toBe('5 – 10');
    expect(parseCost(input!)).toMatchObject({ cost: '5 – 10', details: { values: ['5', '10'] } });
    // No exact candidate: the first that gives back the values (here the text, before the bare values).
    expect(costInputOf('about 5 or 10', { values: ['5', '10'] })).toBe('about 5 or 10');
  });

  it('fingerprints: lists of numbers are told apart; the digest of a given state never changes (stored with each copy)', () => {
    const plan = planCopy('tag', { id: 4, name: 'A' }, service);
    expect(fingerprintOf(plan, { venue: [1, 23] })).not.toBe(fingerprintOf(plan, { venue: [12, 3] }));
    // A change here would make every import rewrite every copy it made before.
    expect(fingerprintOf(plan, { name: 'A', b: [1, { z: null, y: 'x' }], a: true, c: undefined })).toBe('3d8392043a4ba8bdb4c87c53f4c38828b453de885095539c9192611bf7aadb9e');
  });

  it('labels in log lines: up to 80 characters as they are, longer ones cut with an ellipsis (characters, not UTF-16 units)', () => {
    expect(shortLabel('Jazz Night')).toBe('Jazz Night');
    expect(shortLabel('x'.repeat(80))).toBe('x'.repeat(80));
    expect(shortLabel('x'.repeat(1500))).toBe(`${'x'.repeat(79)}…`);
    expect(shortLabel('🎷'.repeat(100))).toBe(`${'🎷'.repeat(79)}…`);
  });
});
