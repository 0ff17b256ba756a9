import { costChangeOf, costInputOf, createBody, fingerprintOf, idOf, planCopy, resolveFields, UnusableRecordError, wordPressOffsetZone } from './copy-plan';

const plugin = { isPlugin: true };
const service = { isPlugin: false };

describe('copy plans in detail (issue 15)', () => {
  it('ids: positive safe integers, as numbers or strings of up to 15 digits', () => {
    expect(idOf(5)).toBe(5);
    expect(idOf('42')).toBe(42);
    expect(idOf('1'.repeat(15))).toBe(111111111111111);
    for (const v of [0, -1, 1.5, 2 ** 53, '0', '1'.repeat(16), '4a', 'a4', '', null, undefined, {}]) expect(idOf(v)).toBeUndefined();
  });

  it('a category: name decoded from the plugin, slug, description, parent (itself or none is top level)', () => {
    const plan = planCopy('category', { id: 3, name: 'Rock &amp; Roll', slug: 'rock__trashed-2', description: ' ', parent: 3 }, plugin);
    expect(plan).toEqual({
      kind: 'category', sourceId: 3, modified: null, slug: 'rock', label: 'Rock & Roll', status: null, lineage: [],
      fields: { name: 'Rock & Roll', slug: 'rock', description: null }, refs: { parent: null }, protected: false, masked: false, notes: [],
    });
    expect(planCopy('category', { id: 3, name: 'A', parent: '7' }, service).refs).toEqual({ parent: { kind: 'category', id: 7 } });
    expect(planCopy('category', { id: 3, name: 'A', parent: 0 }, service).refs).toEqual({ parent: null });
    expect(planCopy('tag', { id: 4, name: 'A &amp; B', description: 'd' }, service)).toMatchObject({ fields: { name: 'A &amp; B', description: 'd' }, refs: {}, slug: '' });
  });

  it('a record without a name gets a placeholder and a note; one without an id is unusable', () => {
    const plan = planCopy('tag', { id: 4, name: '  ' }, service);
    expect(plan.fields.name).toBe('tag 4');
    expect(plan.notes).toEqual(['it has no name at the source: named "tag 4"']);
    expect(() => planCopy('venue', { venue: 'x' }, service)).toThrow(UnusableRecordError);
    expect(() => planCopy('venue', { venue: 'x' }, service)).toThrow('venue without an id');
  });

  it('a venue: every field, "none" as null, a URL trimmed, coordinates only as a pair', () => {
    const wire = {
      id: 9, global_id: 'a?id=9', global_id_lineage: ['a?id=9', 'b?id=1', '', 5], status: 'draft', date_utc: '2026-01-02 03:04:05',
      modified_utc: '2026-01-03 00:00:00', venue: 'Hall &amp; Co', slug: 'hall', description: '<p>d</p>', address: 'Main &amp; 1st',
      city: '', country: 'US', province: 'P', state: 'NY', zip: 12345, phone: '555', stateprovince: 'NY', website: ' http://h.example ',
      show_map: true, show_map_link: 'yes', geo_lat: 1.5, geo_lng: 2.5, image: { url: ' http://h.example/i.png ' },
    };
    const plan = planCopy('venue', wire, plugin);
    expect(plan).toMatchObject({ sourceId: 9, modified: '2026-01-03 00:00:00', status: 'draft', lineage: ['a?id=9', 'b?id=1'], label: 'Hall & Co' });
    expect(plan.fields).toEqual({
      venue: 'Hall & Co', status: 'draft', date_utc: '2026-01-02 03:04:05', slug: 'hall', description: '<p>d</p>', address: 'Main & 1st',
      city: null, country: 'US', province: 'P', state: 'NY', zip: '12345', phone: '555', stateprovince: 'NY', website: 'http://h.example',
      show_map: true, geo_lat: 1.5, geo_lng: 2.5, image: 'http://h.example/i.png',
    });
    const half = planCopy('venue', { ...wire, geo_lng: null, image: { url: ' ' }, status: 'bogus', date_utc: '0000-00-00 00:00:00', modified_utc: 'x' }, service);
    expect(half.fields).toMatchObject({ geo_lat: null, geo_lng: null, image: null, address: 'Main &amp; 1st' });
    expect(half.fields).not.toHaveProperty('status');
    expect(half.fields).not.toHaveProperty('date_utc');
    expect(half.modified).toBeNull();
    expect(planCopy('venue', { ...wire, geo_lat: Infinity }, service).fields).toMatchObject({ geo_lat: null, geo_lng: null });
  });

  it('an organizer: phone decoded from the plugin, website and e-mail trimmed, "none" as null', () => {
    const plan = planCopy('organizer', { id: 2, organizer: 'Ann &amp; Bo', phone: '1 &amp; 2', website: ' ', email: ' a@b.co ', description: '', image: false }, plugin);
    expect(plan.fields).toEqual({ organizer: 'Ann & Bo', description: null, phone: '1 & 2', website: null, email: 'a@b.co', image: null });
    expect(planCopy('organizer', { id: 2, organizer: 'A', phone: '1 &amp; 2' }, service).fields.phone).toBe('1 &amp; 2');
  });

  it("an event of this service: its own publication date, links, flags, parent and the website that is not its page", () => {
    const wire = {
      id: 17, title: 'T', status: 'publish', date: '2026-01-01 10:00:00', date_utc: '2026-01-01 09:00:00', slug: 's',
      start_date: '2026-02-01 10:00:00', end_date: '2026-02-01 12:00:00', timezone: 'Europe/Paris', all_day: true,
      url: 'http://x/event/s/', website: ' http://elsewhere/ ', ticketed: true, sticky: 'no', post_parent: 5,
      venue: { id: 3 }, organizer: [{ id: 4 }, { id: 'x' }], categories: [{ id: 6 }, {}], tags: 'bogus', image: { url: 'http://x/i.jpg' },
    };
    const plan = planCopy('event', wire, service);
    expect(plan.fields).toMatchObject({ date: '2026-01-01 10:00:00', date_utc: '2026-01-01 09:00:00', timezone: 'Europe/Paris', all_day: true, website: 'http://elsewhere/', ticketed: true, image: 'http://x/i.jpg' });
    expect(plan.fields).not.toHaveProperty('sticky');
    expect(plan.refs).toEqual({
      post_parent: { kind: 'event', id: 5 },
      venue: [{ kind: 'venue', id: 3, embedded: { id: 3 } }],
      organizer: [{ kind: 'organizer', id: 4, embedded: { id: 4 } }],
      categories: [{ kind: 'category', id: 6, embedded: { id: 6 } }],
      tags: [],
    });
    expect(planCopy('event', { ...wire, website: 'http://x/event/s/' }, service).fields.website).toBeNull();
    expect(planCopy('event', { ...wire, post_parent: 17 }, service).refs.post_parent).toBeUndefined();
    expect(planCopy('event', { ...wire, date_utc: 'x' }, service).fields).not.toHaveProperty('date');
    expect(planCopy('event', wire, plugin).fields).not.toHaveProperty('date');
    expect(planCopy('event', { ...wire, venue: [] }, service).refs.venue).toEqual([]);
    expect(planCopy('event', { ...wire, venue: null }, service).refs.venue).toEqual([]);
  });

  it("event dates: WordPress' decimal offsets (UTC+5.5) are the zones they name, with the local wall clocks", () => {
    const wire = { id: 1, title: 'T', start_date: '2027-10-29 18:00:00', end_date: '2027-10-29 19:00:00', utc_start_date: '2027-10-29 12:30:00', utc_end_date: '2027-10-29 13:30:00' };
    for (const [zone, expected] of [['UTC+5.5', 'UTC+5:30'], ['UTC+5.75', 'UTC+5:45'], ['UTC-9.5', 'UTC-9:30'], ['UTC+12.75', 'UTC+12:45'], ['UTC+2.0', 'UTC+2'], ['UTC-3.50', 'UTC-3:30']]) {
      const plan = planCopy('event', { ...wire, timezone: zone }, plugin);
      expect([zone, plan.fields.timezone, plan.fields.start_date, plan.notes]).toEqual([zone, expected, '2027-10-29 18:00:00', []]);
    }
    expect(wordPressOffsetZone('UTC+5:30')).toBe('UTC+5:30');
    expect(wordPressOffsetZone('XUTC+5.5')).toBe('XUTC+5.5');
    expect(wordPressOffsetZone('UTC+5.999')).toBe('UTC+5.999'); // rounds to a whole hour more: no zone WordPress writes
    expect(wordPressOffsetZone('UTC+0.05')).toBe('UTC+0:03');
    expect(wordPressOffsetZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(planCopy('event', { ...wire, timezone: 'UTC+5.5.5' }, plugin).notes).toEqual(['its time zone "UTC+5.5.5" is unknown here: dates kept in UTC']);
  });

  it('event dates: an unknown zone or missing local dates fall back to UTC (noted); no readable dates is unusable', () => {
    const wire = { id: 1, title: 'T', start_date: '2026-02-01 10:00:00', end_date: '2026-02-01 12:00:00', utc_start_date: '2026-02-01 09:00:00', utc_end_date: '2026-02-01 11:00:00' };
    const unknown = planCopy('event', { ...wire, timezone: 'Mars/Base' }, service);
    expect(unknown.fields).toMatchObject({ timezone: 'UTC', start_date: '2026-02-01 09:00:00', end_date: '2026-02-01 11:00:00' });
    expect(unknown.notes).toEqual(['its time zone "Mars/Base" is unknown here: dates kept in UTC']);
    const none = planCopy('event', { ...wire, timezone: ' ' }, service);
    expect(none.fields.timezone).toBe('UTC');
    expect(none.notes).toEqual([]);
    expect(planCopy('event', { ...wire, timezone: 'UTC+1', end_date: 'x' }, service).fields).toMatchObject({ timezone: 'UTC', end_date: '2026-02-01 11:00:00' });
    expect(planCopy('event', { ...wire, timezone: 'UTC+1', start_date: undefined }, service).fields.start_date).toBe('2026-02-01 09:00:00');
    expect(() => planCopy('event', { ...wire, timezone: 'x', utc_end_date: '' }, service)).toThrow('it has no readable start and end dates');
    expect(() => planCopy('event', { ...wire, timezone: 'x', utc_start_date: '' }, service)).toThrow(UnusableRecordError);
    const backwards = planCopy('event', { ...wire, timezone: 'UTC', end_date: '2026-02-01 09:59:59' }, service);
    expect(backwards.fields.end_date).toBe('2026-02-01 10:00:00');
    expect(backwards.notes).toEqual(['its end (2026-02-01 09:59:59) is before its start: end set to the start']);
    expect(planCopy('event', { ...wire, timezone: 'UTC', end_date: '2026-02-01 10:00:00' }, service).notes).toEqual([]);
  });

  it('protection: masked items, and ids known protected', () => {
    const wire = { id: 8, title: 'T', timezone: 'UTC', start_date: '2026-02-01 10:00:00', end_date: '2026-02-01 12:00:00', all_day: false };
    expect(planCopy('event', wire, { isPlugin: false, protectedIds: new Set([8]) })).toMatchObject({ protected: true, masked: false });
    expect(planCopy('event', wire, { isPlugin: false, protectedIds: new Set([9]) })).toMatchObject({ protected: false, masked: false });
    expect(planCopy('event', wire, service)).toMatchObject({ protected: false });
  });

  it('costs: nothing, the text, the values with their symbol before or after', () => {
    const comma = planCopy('event', { id: 1, title: 'T', timezone: 'UTC', start_date: '2026-02-01 10:00:00', end_date: '2026-02-01 12:00:00', cost: '10,50 €', cost_details: { currency_symbol: '€', currency_position: 'postfix', values: ['10,50'] } }, plugin);
    expect(comma.notes).toEqual(['its cost "10,50 €" (values 10,50) reads here as "1050€" (values 1050): check it']);
    expect(costChangeOf(' 1,5 – 2,5 ', { values: ['1,5', '2,5'] }, '1,5 – 2,5')).toBe('its cost "1,5 – 2,5" (values 1,5, 2,5) reads here as "15 – 25" (values 15, 25): check it');
    expect(costChangeOf('Free entry', { values: ['3'] }, 'Free entry')).toBe('its cost "Free entry" (values 3) reads here as "Free entry" (values none): check it');
    expect(costChangeOf('5', { values: ['', '5'] }, '5')).toBeNull(); // empty values are no values
    expect(costChangeOf('5', { values: [''] }, 'x')).toBeNull();
    expect(costChangeOf('5', { values: 'nope' }, 'x')).toBeNull();
    expect(costChangeOf('$5', { values: [] }, '$5')).toBeNull(); // the source gave no values to compare with
    expect(costChangeOf('$10 – $20', { values: ['10', '20'], currency_symbol: '$' }, '$10 – $20')).toBeNull();
    expect(costChangeOf('Donation', { values: [] }, 'Donation')).toBeNull();
    expect(costChangeOf('', {}, null)).toBeNull();
    expect(costInputOf('', {})).toBeNull();
    expect(costInputOf(null, null)).toBeNull();
    expect(costInputOf('Donation', { values: [] })).toBe('Donation');
    expect(costInputOf('', { values: ['5', '10'], currency_symbol: '€', currency_position: 'postfix' })).toEqual(['5€', '10€']);
    expect(costInputOf('', { values: ['5', ''], currency_symbol: '$', currency_position: 'prefix' })).toEqual(['$5']);
    expect(costInputOf('', { values: [5, 10] })).toEqual(['5', '10']);
    expect(costInputOf(' $5 – $10 ', { values: ['5', '10'], currency_symbol: '$' })).toEqual(['$5', '$10']);
    expect(costInputOf('about 7', { values: ['5'] })).toEqual(['5']);
  });

  it('resolving links: local ids once each, terms as strings, parents, missing links named', () => {
    const plan = planCopy('event', {
      id: 1, title: 'T', timezone: 'UTC', start_date: '2026-02-01 10:00:00', end_date: '2026-02-01 12:00:00', all_day: false, post_parent: 2,
      venue: [{ id: 3 }, { id: 3 }], organizer: [{ id: 4 }], categories: [{ id: 5 }], tags: [{ id: 6 }],
    }, service);
    const local = (ref: { kind: string; id: number }) => (ref.kind === 'organizer' ? null : ref.id * 10);
    const { fields, missing } = resolveFields(plan, local);
    expect(fields).toMatchObject({ venue: [30], organizer: [], categories: ['50'], tags: ['60'], post_parent: 20 });
    expect(missing).toEqual([{ kind: 'organizer', id: 4, embedded: { id: 4 } }]);
    expect(resolveFields(plan, () => null).fields).not.toHaveProperty('post_parent');
    const cat = planCopy('category', { id: 3, name: 'A', parent: 7 }, service);
    expect(resolveFields(cat, () => 70).fields.parent).toBe(70);
    expect(resolveFields(cat, () => null).fields.parent).toBe(0);
    expect(resolveFields(planCopy('category', { id: 3, name: 'A' }, service), () => 70).fields.parent).toBe(0);
    expect(resolveFields(planCopy('tag', { id: 3, name: 'A' }, service), () => 70).fields).not.toHaveProperty('parent');
  });

  it('a create leaves out "none" and empty lists; fingerprints ignore key order and undefined', () => {
    expect(createBody({ a: null, b: [], c: [1], d: '', e: 0, f: false })).toEqual({ c: [1], d: '', e: 0, f: false });
    const plan = planCopy('tag', { id: 4, name: 'A' }, service);
    expect(fingerprintOf(plan, { a: 1, b: [{ y: 1, x: 2 }] })).toBe(fingerprintOf(plan, { b: [{ x: 2, y: 1 }], a: 1, c: undefined }));
    expect(fingerprintOf(plan, { a: 1 })).not.toBe(fingerprintOf(plan, { a: 2 }));
    expect(fingerprintOf(plan, { ab: 1, b: 2 })).not.toBe(fingerprintOf(plan, { a: 1, bb: 2 }));
    expect(fingerprintOf(plan, { a: [1, 2] })).not.toBe(fingerprintOf(plan, { a: [2, 1] }));
    expect(fingerprintOf(plan, {})).toMatch(/^[0-9a-f]{64}$/);
  });
});
