import { MAX_ITEMS, MAX_LENGTH } from '../../src/shared/domain/input-limits';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Issue 14: every text field and list of a write has a documented maximum, enforced before the database with 400
 * rest_invalid_param naming the limit (English and Spanish), and every accepted value fits its column: the same answers
 * on SQLite and MySQL (run on MariaDB by `npm run test:mysql`). Over-long values used to answer 500 on MariaDB
 * ("Data too long") and 201 on SQLite.
 */
describe('input limits on writes', () => {
  let t: TestApp;
  let admin: string;
  const when = { start_date: '2027-02-01 10:00', end_date: '2027-02-01 12:00' };

  beforeAll(async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '0' });
    admin = await t.auth('administrator');
  });
  afterAll(async () => t.close());

  const post = (path: string, body: unknown, base = t.api) => t.http().post(`${base}/${path}`).set('Authorization', admin).send(body as object);
  const tooLong = (res: { status: number; body: any }, param: string, max: number) => {
    expect([res.status, res.body.code, res.body.data.details?.[param]?.code]).toEqual([400, 'rest_invalid_param', 'rest_too_long']);
    expect(res.body.data.params[param]).toBe(`${param} must be at most ${max} characters long.`);
  };
  const url = (length: number) => {
    const head = 'https://calendar.example/';
    return head + 'a'.repeat(length - head.length);
  };

  it('short venue fields: 300 characters → 400 naming 255; 255 characters, emoji included, → 201 and stored exactly', async () => {
    for (const field of ['city', 'zip', 'phone', 'country', 'stateprovince', 'state', 'province']) {
      tooLong(await post('venues', { venue: `Long ${field}`, [field]: 'x'.repeat(300) }), field, MAX_LENGTH.shortText);
    }
    const emoji = '🎷'.repeat(MAX_LENGTH.shortText); // 255 characters, 510 UTF-16 units, 1,020 bytes
    const res = await post('venues', { venue: 'Emoji city', city: emoji, zip: 'z'.repeat(255) });
    expect(res.status).toBe(201);
    expect((await t.http().get(`${t.api}/venues/${res.body.id}`)).body.city).toBe(emoji);
  });

  it('text that folding lengthens (ligatures, honorifics) is accepted at the limit: its comparison keys are cut to fit', async () => {
    const long = 'ﷺ'.repeat(MAX_LENGTH.shortText); // each folds into 18 characters
    const res = await post('venues', { venue: 'ﷺ'.repeat(MAX_LENGTH.name), city: long, phone: 'ﬃ'.repeat(255) });
    expect([res.status, res.body.data]).toEqual([201, undefined]);
    expect((await t.http().get(`${t.api}/venues/${res.body.id}`)).body.city).toBe(long);
    const organizer = await post('organizers', { organizer: 'ﷺ', phone: 'ﷺ'.repeat(255), website: `https://example.com/${'ﷺ'.repeat(2000)}` });
    expect([organizer.status, organizer.body.data]).toEqual([201, undefined]);
  });

  it('the Spanish base address names the limit in Spanish', async () => {
    const res = await post('venues', { venue: 'Larga', city: 'x'.repeat(300) }, `/es${t.api}`);
    expect(res.body.data.params.city).toBe('city debe tener como máximo 255 caracteres.');
  });

  it('URLs: 2,049 characters → 400 on events, venues, organizers and images; 2,048 → stored as sent', async () => {
    tooLong(await post('events', { ...when, title: 'Long site', website: url(3000) }), 'website', MAX_LENGTH.url);
    tooLong(await post('venues', { venue: 'Long site', website: url(2049) }), 'website', MAX_LENGTH.url);
    tooLong(await post('organizers', { organizer: 'Long site', website: url(2049) }), 'website', MAX_LENGTH.url);
    tooLong(await post('events', { ...when, title: 'Long image', image: `${url(3000)}.jpg` }), 'image', MAX_LENGTH.url);
    const site = url(MAX_LENGTH.url);
    const event = await t.createEvent({ ...when, title: 'Longest site', website: site }, admin);
    expect(event.website).toBe(site);
    const venue = await post('venues', { venue: 'Longest site', website: site });
    expect([venue.status, venue.body.website]).toEqual([201, site]);
  });

  it('organizer phone and e-mail; event title, cost and slug', async () => {
    tooLong(await post('organizers', { organizer: 'P', phone: '5'.repeat(300) }), 'phone', MAX_LENGTH.shortText);
    tooLong(await post('organizers', { organizer: 'E', email: `${'e'.repeat(300)}@example.com` }), 'email', MAX_LENGTH.email);
    tooLong(await post('events', { ...when, title: 'T'.repeat(100_000) }), 'title', MAX_LENGTH.name);
    tooLong(await post('events', { ...when, title: 'Costly', cost: '9'.repeat(100_000) }), 'cost', MAX_LENGTH.cost);
    tooLong(await post('events', { ...when, title: 'Costly', cost: ['1'.repeat(600), '2'.repeat(600)] }), 'cost', MAX_LENGTH.cost);
    tooLong(await post('events', { ...when, title: 'Sluggish', slug: 's'.repeat(1001) }), 'slug', MAX_LENGTH.slug);
    const title = `${'Ü'.repeat(MAX_LENGTH.name - 1)}!`;
    const event = await t.createEvent({ ...when, title, cost: `${'€ 10 '.repeat(199)}€ 10` }, admin);
    expect(event.title).toBe(title);
    expect(event.slug.length).toBeLessThanOrEqual(200);
  });

  it('rich text holds far more than a TEXT column (64 KB): a 200,000-character description round-trips', async () => {
    const description = `<p>${'Долгий текст. '.repeat(14_000)}</p>`;
    const event = await t.createEvent({ ...when, title: 'Long read', description }, admin);
    expect((await t.http().get(`${t.api}/events/${event.id}`)).body.description).toBe(description);
    const venue = await post('venues', { venue: 'Long read', description });
    expect(venue.status).toBe(201);
    const category = await post('categories', { name: 'Long read', description });
    expect([category.status, category.body.description]).toEqual([201, description]);
  });

  it('lists of a write: at most 100 categories, tags, venues and organizers; a term name in one at most 1,000 characters', async () => {
    const names = Array.from({ length: MAX_ITEMS.terms + 1 }, (_, i) => `many-${i}`);
    const many = await post('events', { ...when, title: 'Many', categories: names, tags: names.join(','), venue: names.map((_, i) => i + 1), organizer: names.map(() => ({ organizer: 'O' })) });
    expect(many.status).toBe(400);
    for (const param of ['categories', 'tags', 'venue', 'organizer']) {
      expect([param, many.body.data.details[param].code, many.body.data.params[param]]).toEqual([param, 'rest_too_many_items', `${param} must have at most 100 items.`]);
    }
    tooLong(await post('events', { ...when, title: 'Long term', tags: ['t'.repeat(1001)] }), 'tags', MAX_LENGTH.name);
    const terms = await post('tags', { name: 'n'.repeat(1001) });
    tooLong(terms, 'name', MAX_LENGTH.name);
    expect(Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM terms WHERE name LIKE 'many-%'`))[0].n)).toBe(0);
  });

  it('/doc publishes every limit: maxLength of texts, maxItems of lists, maxLength of their items', async () => {
    const doc = (await t.http().get(`${t.api}/doc`).expect(200)).body;
    const props = (name: string) => doc.components.schemas[name].properties;
    expect(props('CreateEventParams').title.maxLength).toBe(MAX_LENGTH.name);
    expect(props('CreateEventParams').description.maxLength).toBe(MAX_LENGTH.richText);
    expect(props('CreateEventParams').website.maxLength).toBe(MAX_LENGTH.url);
    expect(props('CreateEventParams').categories).toMatchObject({ maxItems: MAX_ITEMS.terms, items: { maxLength: MAX_LENGTH.name } });
    expect(props('CreateEventParams').venue.maxItems).toBe(MAX_ITEMS.links);
    const venueBody = Object.keys(doc.components.schemas).find((n) => /^Venue.*Create/.test(n))!;
    expect(props(venueBody).city.maxLength).toBe(MAX_LENGTH.shortText);
    // Every string and list of every request body declares its limit.
    for (const [name, schema] of Object.entries<any>(doc.components.schemas)) {
      if (!/Params$/.test(name)) continue;
      for (const [param, p] of Object.entries<any>(schema.properties ?? {})) {
        if (p.type === 'string' && p.enum === undefined) expect({ name, param, maxLength: p.maxLength }).toEqual({ name, param, maxLength: expect.any(Number) });
        if (p.type === 'array') expect({ name, param, maxItems: p.maxItems }).toEqual({ name, param, maxItems: expect.any(Number) });
      }
    }
  });
});

describe('URLs and e-mail addresses carry no markup (issue 14)', () => {
  let t: TestApp;
  let admin: string;
  const when = { start_date: '2027-02-01 10:00', end_date: '2027-02-01 12:00' };
  beforeAll(async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '0' });
    admin = await t.auth('administrator');
  });
  afterAll(async () => t.close());
  const post = (path: string, body: object) => t.http().post(`${t.api}/${path}`).set('Authorization', admin).send(body);
  const refused = (res: { status: number; body: any }, param: string, code = 'rest_invalid_format') =>
    expect([res.status, res.body.data?.details?.[param]?.code]).toEqual([400, code]);

  it('refuses an e-mail address with markup, and URLs holding raw quotes, angle brackets or spaces', async () => {
    refused(await post('organizers', { organizer: 'Mark', email: 'a@b.c"><script>alert(1)</script>' }), 'email');
    refused(await post('organizers', { organizer: 'Mark', email: 'x@localhost' }), 'email');
    const hostile = 'http://e.com/"><script>alert(1)</script>';
    refused(await post('events', { ...when, title: 'Mark', website: hostile }), 'website');
    refused(await post('venues', { venue: 'Mark', website: hostile }), 'website');
    refused(await post('organizers', { organizer: 'Mark', website: 'https://e.com/a b' }), 'website');
    refused(await post('events', { ...when, title: 'Mark', image: 'https://img.example/a.jpg#<script>' }), 'image', 'rest_invalid_image');
  });

  it('keeps ordinary addresses as sent: encoded, international, with query and fragment', async () => {
    const sites = ['https://example.com/a%20b?x=1&y=%3C#top', 'https://münchen.example/straße', 'http://e.com'];
    for (const website of sites) {
      const res = await post('organizers', { organizer: `Ok ${website}`, website, email: "o'hara@ex-ample.co.uk" });
      expect([res.status, res.body.website, res.body.email]).toEqual([201, website, "o'hara@ex-ample.co.uk"]);
    }
  });
});
