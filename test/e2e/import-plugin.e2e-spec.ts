import { freePort } from '../support/service-process';
import { decodeEntities } from '../../src/modules/imports/domain/html-entities';
import { cleanRichText } from '../../src/shared/domain/text-cleaning';
import { FakePlugin, PLUGIN_APP_PASSWORD, PLUGIN_USER, startFakeTecPlugin } from './support/fake-tec-plugin';
import { ALL_BUT_TRASH, ALL_DATES, importInto, ImportRun, readAll, tallyOf } from './support/import-support';
import { startTestApp, TestApp } from './support/test-app';

type Wire = Record<string, any>;

const NS = '/wp-json/tribe/events/v1';

/**
 * Issue 15: `npm run import` from a The Events Calendar site — a fake one serving a few hundred records in the shapes
 * the real plugin answers (test/e2e/support/fake-tec-plugin.ts), odd ones included: offset zones, `$20` costs without
 * symbol, `venue: []`, `__trashed` slugs, drafts without slug or date, HTML entities in titles and term names, websites
 * and e-mails this service refuses, SVG images, masked protected events, a 429, a 500 and a dropped connection.
 */
describe('import from a The Events Calendar site', () => {
  let plugin: FakePlugin;
  let b: TestApp;
  let adminB: string;
  let first: ImportRun;
  let localSummer: Wire;
  let localSports: Wire;
  const credentials = ['--user', PLUGIN_USER, '--app-password', PLUGIN_APP_PASSWORD];

  /** The copies in `t` of the source's records, by source id (through `global_id_lineage`). */
  async function copiesIn(t: TestApp, authorization: string) {
    const bySource = (records: Wire[]) => new Map(records.filter((r) => r.global_id_lineage.length > 1).map((r) => [Number(/id=(\d+)$/.exec(r.global_id_lineage[1])![1]), r]));
    return {
      events: bySource(await readAll(t, 'events', 'events', { ...ALL_DATES, status: `${ALL_BUT_TRASH},trash` }, authorization)),
      venues: bySource(await readAll(t, 'venues', 'venues', { status: `${ALL_BUT_TRASH},trash` }, authorization)),
      organizers: bySource(await readAll(t, 'organizers', 'organizers', { status: `${ALL_BUT_TRASH},trash` }, authorization)),
    };
  }

  beforeAll(async () => {
    plugin = await startFakeTecPlugin({
      events: 300,
      faults: [
        { path: `${NS}/events?per_page=1000&page=3`, fault: 429 },
        { path: `${NS}/venues?per_page=1000&page=1`, fault: 500 },
        { path: `${NS}/organizers?per_page=1000&page=1`, fault: 'drop' },
      ],
    });
    b = await startTestApp({ PUBLIC_URL: 'http://calendar-b.test', READ_CACHE_TTL_MS: '0' });
    adminB = await b.auth('administrator');
    // A local event whose slug a source event has: the copy's slug is suffixed (§9.4), the local event left alone.
    localSummer = await b.createEvent({ title: 'Summer Concert', start_date: '2027-07-01 19:00', end_date: '2027-07-01 22:00' }, adminB);
    // A local category with a source category's name: names are unique (§11.3), so the copy is that category.
    localSports = (await b.http().post(`${b.api}/categories`).set('Authorization', adminB).send({ name: 'Sports', description: 'Ours' })).body;
    first = await importInto(b, ['--from', plugin.api, ...credentials, '--include-trash', '--protected-password', 'pw-1']);
  });

  afterAll(async () => {
    await b?.close();
    await plugin?.close();
  });

  it('copies every record the site lists, through the contract rules, and says what it adjusted', async () => {
    expect({ code: first.code, failures: first.stderr.split('\n').filter((l) => l.includes('failed:')) }).toEqual({ code: 0, failures: [] });
    const listed = plugin.events.filter((e) => !e.hide_from_listings);
    expect(tallyOf(first, 'categories')).toEqual({ created: plugin.categories.length - 1, updated: 0, unchanged: 1, skipped: 0, failed: 0 });
    expect(first.stdout).toContain('(categories; 1 matched local categories of the same name)');
    expect(first.stderr).toContain(`category 10 "Sports": a local category of that name exists (id ${localSports.id}): linked to it`);
    expect(tallyOf(first, 'tags')).toEqual({ created: plugin.tags.length, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
    expect(tallyOf(first, 'venues')).toEqual({ created: plugin.venues.length, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
    expect(tallyOf(first, 'organizers')).toEqual({ created: plugin.organizers.length, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
    expect(tallyOf(first, 'events')).toEqual({ created: listed.length, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
    // Retried, not failed: the 429 (after its Retry-After), the 500 and the dropped connection.
    expect(first.stderr).toMatch(/events\?per_page=1000&page=3.*HTTP 429/);
    expect(first.stderr).toMatch(/venues\?per_page=1000&page=1.*HTTP 500/);
    expect(first.stderr).toMatch(/organizers\?per_page=1000&page=1\S*: other side closed; trying again/);
    // Lists read with bounds that hide nothing, at the largest page size accepted (terms refuse more than 100).
    expect(plugin.requests.some((r) => r.startsWith(`${NS}/events?per_page=1000&page=1&start_date=1900-01-01`))).toBe(true);
    expect(plugin.requests.some((r) => r.startsWith(`${NS}/categories?per_page=100&page=1&hide_empty=false`))).toBe(true);
    // Values this service refuses are left out, with a note, rather than the record.
    expect(first.stderr).toMatch(/event 100 "Rock & Roll Night": left out website \(rest_invalid_format\)/);
    expect(first.stderr).toMatch(/venue 20 "Venue 10": left out website/);
    expect(first.stderr).toMatch(/organizer 33 "Organizer 3": left out email/);
    expect(first.stderr).toMatch(/event 116 "Seed Event 16": left out image \(rest_invalid_image\)/);
  });

  it('copies each event field by field (zones, dates, costs, links, flags, image URLs, titles without entities)', async () => {
    const { events, venues, organizers } = await copiesIn(b, adminB);
    for (const source of plugin.events.filter((e) => !e.hide_from_listings)) {
      const copy = events.get(source.id);
      expect({ id: source.id, copied: !!copy }).toEqual({ id: source.id, copied: true });
      const c = copy!;
      const i = source.id - 100;
      const website = source.website === source.url || i % 13 === 0 ? c.url : source.website;
      expect({ id: source.id, ...pick(c) }).toEqual({
        id: source.id,
        title: decodeEntities(source.title),
        status: source.status,
        description: cleanRichText(source.description),
        excerpt: source.excerpt,
        start_date: source.start_date,
        end_date: source.end_date,
        utc_start_date: source.utc_start_date,
        utc_end_date: source.utc_end_date,
        timezone: source.timezone === 'UTC+0' ? 'UTC' : source.timezone,
        all_day: source.all_day,
        cost: source.cost,
        values: source.cost_details.values,
        website,
        show_map: source.show_map,
        show_map_link: source.show_map_link,
        hide_from_listings: false,
        sticky: source.sticky,
        featured: source.featured,
        image: source.image && source.image.extension !== 'svg' ? source.image.url : false,
        venue: (Array.isArray(source.venue) ? source.venue : [source.venue]).map((v: Wire) => decodeEntities(v.venue)),
        organizer: source.organizer.map((o: Wire) => o.organizer),
        categories: source.categories.map((t: Wire) => t.slug),
        tags: source.tags.map((t: Wire) => t.slug).sort(),
      });
      // Dates: kept, or — for a draft the plugin shows at 0000-00-00 — the moment of the copy.
      if (source.date_utc.startsWith('0000')) expect(c.date_utc).toMatch(/^20\d\d-/);
      else expect(c.date_utc).toBe(source.date_utc);
      expect(c.global_id_lineage).toEqual([c.global_id, `127.0.0.1?id=${source.id}`]);
      // Slugs: kept (a trashed one without `__trashed`); a draft without one gets its title's.
      if (source.slug === '') expect(c.slug).not.toBe('');
      else if (source.slug !== 'summer-concert') expect(c.slug).toBe(source.slug.replace(/__trashed$/, ''));
    }
    expect(events.get(102)!.slug).toBe('summer-concert-2');
    expect(first.stdout).toContain('import: slug taken here: event 102 "summer-concert" is now "summer-concert-2"');
    const local = (await b.http().get(`${b.api}/events/${localSummer.id}`).set('Authorization', adminB)).body;
    expect(local).toMatchObject({ slug: 'summer-concert', modified_utc: localSummer.modified_utc, global_id_lineage: [localSummer.global_id] });

    for (const source of plugin.venues) {
      const c = venues.get(source.id)!;
      expect({ name: c.venue, status: c.status, city: c.city, zip: c.zip, website: c.website, show_map: c.show_map }).toEqual({
        name: decodeEntities(source.venue),
        status: source.status,
        city: source.city,
        zip: source.zip,
        website: source.website === 'www.no-scheme.example' ? undefined : source.website,
        show_map: source.show_map,
      });
    }
    expect(venues.get(12)!).toMatchObject({ venue: 'Bar & Grill', province: 'Rhône', stateprovince: 'Rhône', country: 'France' });
    for (const source of plugin.organizers) {
      const c = organizers.get(source.id)!;
      expect({ name: c.organizer, email: c.email, phone: c.phone }).toEqual({
        name: source.organizer,
        email: source.email === 'not-an-email' ? undefined : source.email,
        phone: source.phone,
      });
    }
  });

  it('copies categories with their hierarchy and tags, names without entities', async () => {
    const categories = await readAll(b, 'categories', 'categories', { hide_empty: 'false' });
    const byId = new Map(categories.map((t) => [t.id, t]));
    const sourceById = new Map(plugin.categories.map((t) => [t.id, t]));
    const tree = (name: string, parent: string) => `${name} < ${parent}`;
    expect(categories.map((t) => tree(t.name, byId.get(t.parent)?.slug ?? '')).sort()).toEqual(
      plugin.categories.map((t) => tree(decodeEntities(t.name), sourceById.get(t.parent)?.slug ?? '')).sort(),
    );
    expect(categories.find((t) => t.slug === 'food-drink')?.name).toBe('Food & Drink');
    // The local "Sports" is left as it was, and the copies of the source's "Sports" events carry it.
    expect(categories.find((t) => t.slug === 'sports')).toMatchObject({ id: localSports.id, description: 'Ours' });
    const { events } = await copiesIn(b, adminB);
    const sportsEvent = plugin.events.find((e) => !e.hide_from_listings && e.categories.some((t: Wire) => t.slug === 'sports'))!;
    expect(events.get(sportsEvent.id)!.categories.map((t: Wire) => t.id)).toEqual([localSports.id]);
    const tags = await readAll(b, 'tags', 'tags', { hide_empty: 'false' });
    expect(tags.map((t) => `${t.slug}:${t.name}:${t.description}`).sort()).toEqual(plugin.tags.map((t) => `${t.slug}:${t.name}:${t.description}`).sort());
  });

  it('keeps password-protected events protected, with the password given, their content read with the credentials', async () => {
    expect(plugin.protectedIds.size).toBeGreaterThan(0);
    const { events } = await copiesIn(b, adminB);
    for (const id of plugin.protectedIds) {
      const copy = events.get(id)!;
      expect((await b.http().get(`${b.api}/events/${copy.id}`)).body.code).toBe('event-password-protected');
      const unlocked = await b.http().get(`${b.api}/events/${copy.id}`).query({ password: 'pw-1' });
      expect({ status: unlocked.status, description: unlocked.body.description }).toEqual({
        status: 200,
        description: cleanRichText(plugin.events.find((e) => e.id === id)!.description),
      });
    }
    expect(first.stdout).toContain(`(events; ${plugin.protectedIds.size} password-protected)`);
  });

  it('a second run creates and updates nothing', async () => {
    const again = await importInto(b, ['--from', plugin.api, ...credentials, '--include-trash', '--protected-password', 'pw-1']);
    expect(again.code).toBe(0);
    for (const kind of ['categories', 'tags', 'venues', 'organizers', 'events'] as const) {
      expect(tallyOf(again, kind)).toMatchObject({ created: 0, updated: 0, failed: 0 });
    }
  });

  it('without credentials: published records only; protected events copied protected, without the content the site hides', async () => {
    const c = await startTestApp({ PUBLIC_URL: 'http://calendar-c.test', READ_CACHE_TTL_MS: '0' });
    try {
      const run = await importInto(c, ['--from', plugin.api, '--author', '3']);
      expect(run.code).toBe(0);
      const listed = plugin.events.filter((e) => e.status === 'publish' && !e.hide_from_listings);
      expect(tallyOf(run, 'events')).toMatchObject({ created: listed.length, failed: 0 });
      expect(run.stdout).toContain(`${plugin.protectedIds.size} password-protected, ${plugin.protectedIds.size} of them without content`);
      const password = /shown once\): (\S+)/.exec(run.stdout)![1];
      const admin = await c.auth('administrator');
      const { events, venues } = await copiesIn(c, admin);
      expect([...events.values()].every((e) => e.status === 'publish' && e.author === '3')).toBe(true);
      // A draft venue is not listed to the public, but the events that use it embed it: it is copied from there.
      expect(venues.get(21)).toMatchObject({ venue: 'Venue 11', status: 'draft' });
      for (const id of plugin.protectedIds) {
        const source = plugin.events.find((e) => e.id === id)!;
        const copy = events.get(id)!;
        expect({ title: copy.title, start: copy.start_date, description: copy.description }).toEqual({ title: source.title, start: source.start_date, description: '' });
        expect((await c.http().get(`${c.api}/events/${copy.id}`)).body.code).toBe('event-password-protected');
        expect((await c.http().get(`${c.api}/events/${copy.id}`).query({ password })).status).toBe(200);
      }
      // Hidden events: no list shows them; --find-hidden reads every id the lists did not show.
      const hidden = plugin.events.filter((e) => e.hide_from_listings && e.status === 'publish');
      expect(hidden.length).toBeGreaterThan(0);
      const withHidden = await importInto(c, ['--from', plugin.api, '--find-hidden']);
      expect(tallyOf(withHidden, 'events')).toMatchObject({ created: hidden.length, updated: 0, failed: 0 });
      const found = await copiesIn(c, admin);
      for (const e of hidden) {
        const copy = (await c.http().get(`${c.api}/events/by-slug/${e.slug}`).set('Authorization', admin)).body;
        expect({ hidden: copy.hide_from_listings, lineage: copy.global_id_lineage[1] }).toEqual({ hidden: true, lineage: `127.0.0.1?id=${e.id}` });
      }
      expect(found.events.size).toBe(listed.length);
    } finally {
      await c.close();
    }
  });

  it('a dry run reads everything and writes nothing', async () => {
    const d = await startTestApp({ PUBLIC_URL: 'http://calendar-d.test' });
    try {
      const run = await importInto(d, ['--from', plugin.api, '--dry-run']);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('would create event 100 "Rock & Roll Night" (rock-roll-night)');
      expect(run.stdout).toMatch(/import: would be created \d+, would be updated 0/);
      for (const table of ['events', 'venues', 'organizers', 'terms', 'import_mappings']) {
        const [{ n }] = (await d.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`)) as Array<{ n: number | string }>;
        expect({ table, n: Number(n) }).toEqual({ table, n: 0 });
      }
    } finally {
      await d.close();
    }
  });

  it('one clear line for an address that cannot be used; --help lists every option', async () => {
    const oneLine = (run: ImportRun) => run.stderr.trim().split('\n');
    const closed = await freePort();
    const unreachable = await importInto(b, ['--from', `http://127.0.0.1:${closed}/wp-json/tribe/events/v1`], { sleep: async () => undefined });
    expect({ code: unreachable.code, lines: oneLine(unreachable) }).toEqual({
      code: 1,
      lines: [`import: cannot reach http://127.0.0.1:${closed}/wp-json/tribe/events/v1: ECONNREFUSED`],
    });
    const notTec = await importInto(b, ['--from', `${plugin.origin}/blog/wp-json/wp/v2`]);
    expect({ code: notTec.code, lines: oneLine(notTec) }).toEqual({
      code: 1,
      lines: [expect.stringMatching(/^import: http:\/\/127\.0\.0\.1:\d+\/blog\/wp-json\/wp\/v2 is not a The Events Calendar REST namespace/)],
    });
    const refused = await importInto(b, ['--from', plugin.api, '--user', PLUGIN_USER, '--app-password', 'wrong']);
    expect({ code: refused.code, lines: oneLine(refused) }).toEqual({ code: 1, lines: [expect.stringContaining('refused the credentials (401 incorrect_password')] });
    const usage = await importInto(b, ['--from', plugin.api, '--concurrency', '0']);
    expect({ code: usage.code, lines: oneLine(usage) }).toEqual({ code: 2, lines: ['import: --concurrency must be an integer from 1 to 32, got "0" (see --help)'] });
    const help = await importInto(b, ['--help']);
    expect(help.code).toBe(0);
    for (const option of ['--from', '--token', '--user', '--app-password', '--author', '--include-trash', '--concurrency', '--dry-run', '--protected-password', '--find-hidden', '--help']) {
      expect(help.stdout).toContain(option);
    }
  });
});

/** The fields compared between an event and its copy (links by name or slug). */
function pick(c: Wire) {
  return {
    title: c.title,
    status: c.status,
    description: c.description,
    excerpt: c.excerpt,
    start_date: c.start_date,
    end_date: c.end_date,
    utc_start_date: c.utc_start_date,
    utc_end_date: c.utc_end_date,
    timezone: c.timezone,
    all_day: c.all_day,
    cost: c.cost,
    values: c.cost_details.values,
    website: c.website,
    show_map: c.show_map,
    show_map_link: c.show_map_link,
    hide_from_listings: c.hide_from_listings,
    sticky: c.sticky,
    featured: c.featured,
    image: c.image ? c.image.url : false,
    venue: (Array.isArray(c.venue) ? c.venue : [c.venue]).map((v: Wire) => v.venue),
    organizer: c.organizer.map((o: Wire) => o.organizer),
    categories: c.categories.map((t: Wire) => t.slug),
    tags: c.tags.map((t: Wire) => t.slug).sort(),
  };
}
