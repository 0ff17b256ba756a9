import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { DateTime } from 'luxon';

/**
 * A fake The Events Calendar site for the importer's tests (issue 15), built from the plugin's verbatim answers in
 * `test/fixtures/tec-plugin-samples.json` (from `../shared/fixtures/tec-plugin/`): every record is one of those answers with other values, so the
 * shapes are the plugin's own — `cost` "$20" with an empty `currency_symbol`, `venue` `[]` when none, `UTC+0`/`UTC+5:30`
 * zones, `__trashed` slugs, drafts without slug and with a `0000-00-00 00:00:00` date, titles with HTML entities,
 * pagination in `X-TEC-Total(Pages)` and `next_rest_url`, `per_page` lowered to 50 (events) or refused above 100
 * (terms), the "upcoming" window unless dates are given, masked protected events, `\/`-escaped JSON.
 */

type Wire = Record<string, any>;

/**
 * Five answers recorded from the real plugin (The Events Calendar 6.17.2), copied verbatim from
 * `../shared/fixtures/tec-plugin/responses.json` into the repository, so that `npm test` needs nothing beside it.
 */
const FIXTURES = path.resolve(__dirname, '../../fixtures/tec-plugin-samples.json');

interface Recorded {
  status: number;
  body: string;
}

function fixture(key: string): Wire {
  const all = JSON.parse(fs.readFileSync(FIXTURES, 'utf8')) as Record<string, Recorded>;
  return JSON.parse(all[key].body) as Wire;
}

/** The user and application password the fake site accepts (WordPress shows application passwords with spaces). */
export const PLUGIN_USER = 'admin';
export const PLUGIN_APP_PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';

export interface FakePluginOptions {
  events?: number;
  /** Answers given once before the real one: `path prefix` → 429 (Retry-After 1), 500, or a dropped connection. */
  faults?: Array<{ path: string; fault: 429 | 500 | 'drop' }>;
}

export interface FakePlugin {
  /** The namespace URL: `http://127.0.0.1:<port>/wp-json/tribe/events/v1`. */
  api: string;
  origin: string;
  events: Wire[];
  venues: Wire[];
  organizers: Wire[];
  categories: Wire[];
  tags: Wire[];
  /** Paths (with query) requested so far. */
  requests: string[];
  /** Ids of the password-protected events (their password is never shown). */
  protectedIds: Set<number>;
  close(): Promise<void>;
}

const pad = (n: number) => String(n).padStart(2, '0');
const wall = (d: DateTime) => d.toFormat('yyyy-MM-dd HH:mm:ss');
const details = (w: string) => ({ year: w.slice(0, 4), month: w.slice(5, 7), day: w.slice(8, 10), hour: w.slice(11, 13), minutes: w.slice(14, 16), seconds: w.slice(17, 19) });

/** A luxon zone for the plugin's zone strings (`UTC+0`, `UTC+5:30`, `UTC-3`, IANA names). */
function luxonZone(zone: string): string {
  const m = /^UTC([+-])(\d{1,2})(?::(\d{2}))?$/.exec(zone);
  if (!m) return zone;
  return `UTC${m[1]}${pad(Number(m[2]))}:${m[3] ?? '00'}`;
}

/** PHP's json_encode: `/` and non-ASCII characters escaped. */
function phpJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `template`'s keys in their order, with `values` put in (keys of `values` missing from the template appended). */
function shaped(template: Wire, values: Wire, omit: string[] = []): Wire {
  const out: Wire = {};
  for (const key of Object.keys(template)) if (!omit.includes(key)) out[key] = key in values ? values[key] : template[key];
  for (const key of Object.keys(values)) if (!(key in out) && !omit.includes(key)) out[key] = values[key];
  return out;
}

export async function startFakeTecPlugin(options: FakePluginOptions = {}): Promise<FakePlugin> {
  // The recorded answers are read before the server listens: a missing fixture must not leave a listener behind
  // (Jest would then never exit).
  const eventTemplate = fixture('21-event-get');
  const venueTemplate = fixture('31-venue-get');
  const organizerTemplate = fixture('33-organizer-get');
  const categoryTemplate = fixture('35-category-get');
  const tagTemplate = fixture('37-tag-get');
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const api = `${origin}/wp-json/tribe/events/v1`;
  const host = '127.0.0.1';
  const embeddedTermTemplate = eventTemplate.categories[0] as Wire;
  const published = '2026-11-20 10:00:00';

  const record = (id: number, status: string, date: string) => ({
    id,
    author: '1',
    status,
    date,
    date_utc: date,
    modified: date,
    modified_utc: date,
    global_id: `${host}?id=${id}`,
    global_id_lineage: [`${host}?id=${id}`],
  });

  // Venues 10–21: the recorded "Main Hall", then others; 20 has a website without scheme, 21 is a draft.
  const venueSpecs: Wire[] = [
    { venue: 'Main Hall', description: '<p>A big hall</p>', address: '1 Main St', city: 'Springfield', country: 'United States', state: 'IL', zip: '62701', phone: '555-0100', website: 'http://example.com/hall', stateprovince: 'IL' },
    { venue: 'Inline Venue', city: 'Paris', country: 'France' },
    { venue: 'Bar &#038; Grill', address: '5 Rue du Temple', city: 'Lyon', country: 'France', province: 'Rhône', zip: '69001', stateprovince: 'Rhône' },
  ];
  for (let i = 3; i < 12; i++) venueSpecs.push({ venue: `Venue ${i}`, address: `${i} High Street`, city: 'Leeds', country: 'United Kingdom', zip: `LS${i}`, phone: `555-01${pad(i)}` });
  venueSpecs[10].website = 'www.no-scheme.example';
  const venues: Wire[] = venueSpecs.map((spec, i) => {
    const id = 10 + i;
    const slug = String(spec.venue).toLowerCase().replace(/&#038;/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    return shaped(
      venueTemplate,
      { ...record(id, i === 11 ? 'draft' : 'publish', published), url: `${origin}/venue/${slug}/`, slug, show_map: i % 2 === 0, show_map_link: true, ...spec },
      ['json_ld', ...['description', 'address', 'city', 'country', 'state', 'province', 'zip', 'phone', 'website', 'stateprovince'].filter((k) => !(k in spec))],
    );
  });

  // Organizers 30–39: the recorded "Acme Events"; 33 has an e-mail that is no address, 39 is a draft.
  const organizers: Wire[] = [];
  for (let i = 0; i < 10; i++) {
    const id = 30 + i;
    const name = i === 0 ? 'Acme Events' : `Organizer ${i}`;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const spec: Wire = i === 0 ? { description: '<p>We organize things</p>', phone: '555-0199', website: 'http://acme.example', email: 'info@acme.example' } : { phone: `555-02${pad(i)}`, email: i === 3 ? 'not-an-email' : `org${i}@example.org` };
    organizers.push(
      shaped(organizerTemplate, { ...record(id, i === 9 ? 'draft' : 'publish', published), url: `${origin}/organizer/${slug}/`, organizer: name, slug, ...spec }, [
        'json_ld',
        ...['description', 'website'].filter((k) => !(k in spec)),
      ]),
    );
  }

  // Categories 2–16 (three levels; WordPress keeps `&amp;` in term names), tags 40–59.
  const categoryNames = ['Concerts', 'Jazz', 'Bebop', 'Food &amp; Drink', 'Markets', 'Theatre', 'Opera', 'Kids', 'Sports', 'Running', 'Cycling', 'Talks', 'Science', 'History', 'Unused'];
  const parents = [0, 2, 3, 0, 5, 0, 7, 0, 0, 10, 10, 0, 13, 13, 0];
  const categories: Wire[] = categoryNames.map((name, i) => ({
    id: 2 + i,
    name,
    slug: name.toLowerCase().replace(/&amp;/g, '').replace(/[^a-z0-9]+/g, '-'),
    description: i === 0 ? 'Live music' : '',
    parent: parents[i],
  }));
  const tags: Wire[] = Array.from({ length: 20 }, (_, i) => ({ id: 40 + i, name: i === 0 ? 'outdoor' : `tag ${i}`, slug: i === 0 ? 'outdoor' : `tag-${i}`, description: i === 0 ? 'Outdoor events' : '', parent: 0 }));

  const embeddedTerm = (t: Wire, taxonomy: string) =>
    shaped(embeddedTermTemplate, {
      ...t,
      term_taxonomy_id: t.id,
      taxonomy,
      count: 1,
      urls: { self: `${api}/${taxonomy === 'post_tag' ? 'tags' : 'categories'}/${t.id}`, collection: `${api}/${taxonomy === 'post_tag' ? 'tags' : 'categories'}` },
    });

  const zones = ['UTC+0', 'UTC+5:30', 'UTC-3', 'America/New_York', 'Europe/Madrid'];
  const titles = ['Rock &#038; Roll Night', 'Ben&#8217;s Jam', 'Summer Concert'];
  const events: Wire[] = [];
  const protectedIds = new Set<number>();
  const count = options.events ?? 300;
  for (let i = 0; i < count; i++) {
    const id = 100 + i;
    const zone = zones[i % zones.length];
    const status = i % 20 === 1 ? 'draft' : i % 20 === 2 ? 'private' : i % 20 === 3 ? 'trash' : i % 20 === 4 ? 'future' : i % 25 === 5 ? 'pending' : 'publish';
    // From June 2024 to mid 2028 (past, upcoming and beyond the two-year window), one far ahead.
    const day = i === count - 1 ? DateTime.fromISO('2029-06-01', { zone: luxonZone(zone) }) : DateTime.fromISO('2024-06-01', { zone: luxonZone(zone) }).plus({ days: i * 5 });
    const allDay = i % 7 === 0;
    const start = allDay ? day.startOf('day') : day.set({ hour: 18 + (i % 4), minute: (i % 4) * 15 });
    const end = allDay ? start.plus({ days: i % 11 === 0 ? 2 : 0 }).endOf('day').set({ millisecond: 0 }) : start.plus({ hours: 2 + (i % 3), days: i % 11 === 0 ? 2 : 0 });
    const title = titles[i] ?? `Seed Event ${pad(i)}`;
    const baseSlug = title.toLowerCase().replace(/&#0?38;|&#8217;/g, '').replace(/[^a-z0-9]+/g, '-').replace(/-+$/, '');
    const slug = status === 'draft' ? '' : status === 'trash' ? `${baseSlug}__trashed` : baseSlug;
    const url = status === 'trash' || status === 'draft' ? `${origin}/?post_type=tribe_events&p=${id}` : `${origin}/event/${baseSlug}/`;
    const date = status === 'future' ? '2027-01-01 09:00:00' : status === 'draft' ? '0000-00-00 00:00:00' : published;
    const costs: Array<[string, Wire]> = [
      ['$20', { currency_symbol: '', currency_code: '', currency_position: '', values: ['20'] }],
      ['', { currency_symbol: '', currency_code: '', currency_position: '', values: [] }],
      ['Free', { currency_symbol: '', currency_code: '', currency_position: '', values: ['0'] }],
      ['$10 – $25', { currency_symbol: '', currency_code: '', currency_position: '', values: ['10', '25'] }],
      ['€15', { currency_symbol: '€', currency_code: 'EUR', currency_position: 'prefix', values: ['15'] }],
    ];
    const [cost, costDetails] = costs[i % costs.length];
    const website = i % 13 === 0 ? 'example.org/no-scheme' : i % 6 === 0 ? `http://example.com/event-${i}` : url;
    const image =
      i % 40 === 16
        ? { url: `${origin}/wp-content/uploads/2026/11/logo-${i}.svg`, id: 900 + i, extension: 'svg', width: 100, height: 100, sizes: {} }
        : i % 8 === 0
          ? { url: `${origin}/wp-content/uploads/2026/11/poster-${i}.jpg`, id: 900 + i, extension: 'jpg', width: 800, height: 600, sizes: { thumbnail: { width: 150, height: 150, 'mime-type': 'image/jpeg', url: `${origin}/wp-content/uploads/2026/11/poster-${i}-150x150.jpg` } } }
          : false;
    const venue = i % 4 === 0 ? [] : venues[i % venues.length];
    const organizer = i % 3 === 0 ? [] : [organizers[i % organizers.length], ...(i % 5 === 0 ? [organizers[(i + 1) % organizers.length]] : [])];
    const startUtc = start.toUTC();
    const endUtc = end.toUTC();
    const event = shaped(eventTemplate, {
      ...record(id, status, date),
      url,
      rest_url: `${api}/events/${id}`,
      title,
      description: `<p>Event number ${i} &amp; friends</p>`,
      excerpt: i % 9 === 0 ? `<p>Short ${i}</p>` : '',
      slug,
      image,
      all_day: allDay,
      start_date: wall(start),
      start_date_details: details(wall(start)),
      end_date: wall(end),
      end_date_details: details(wall(end)),
      utc_start_date: wall(startUtc),
      utc_start_date_details: details(wall(startUtc)),
      utc_end_date: wall(endUtc),
      utc_end_date_details: details(wall(endUtc)),
      timezone: zone,
      timezone_abbr: zone.startsWith('UTC') ? zone : start.toFormat('ZZZZ'),
      cost,
      cost_details: costDetails,
      website,
      show_map: i % 2 === 0,
      show_map_link: i % 3 !== 0,
      hide_from_listings: i % 50 === 7,
      sticky: i % 17 === 0,
      featured: i % 10 === 0,
      categories: i % 2 === 0 ? [embeddedTerm(categories[i % categories.length], 'tribe_events_cat')] : [],
      tags: i % 3 === 1 ? [embeddedTerm(tags[i % tags.length], 'post_tag'), embeddedTerm(tags[(i + 1) % tags.length], 'post_tag')] : [],
      venue,
      organizer,
      custom_fields: [],
    });
    if (status === 'publish' && i % 30 === 9) protectedIds.add(id);
    events.push(event);
  }

  const usedTerm = (t: Wire, key: 'categories' | 'tags') => events.filter((e) => e.status === 'publish' && e[key].some((x: Wire) => x.id === t.id)).length;
  const standaloneCategory = (t: Wire) =>
    shaped(categoryTemplate, { ...t, count: usedTerm(t, 'categories'), taxonomy: 'tribe_events_cat', meta: [], url: `${origin}/events/category/${t.slug}/`, urls: { self: `${api}/categories/${t.id}`, collection: `${api}/categories` } }, ['_links']);
  const standaloneTag = (t: Wire) =>
    shaped(tagTemplate, { ...t, count: usedTerm(t, 'tags'), taxonomy: 'post_tag', meta: [], url: `${origin}/tag/${t.slug}/`, urls: { self: `${api}/tags/${t.id}`, collection: `${api}/tags` } }, ['_links', 'parent']);

  /** §6.11: what an anonymous list shows of a protected event. */
  const masked = (e: Wire): Wire => ({
    ...e,
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
    custom_fields: [],
  });

  const requests: string[] = [];
  const faults = [...(options.faults ?? [])];

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=UTF-8',
      'X-Robots-Tag': 'noindex',
      Link: `<${origin}/wp-json/>; rel="https://api.w.org/"`,
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    });
    res.end(phpJson(body));
  };
  const error = (res: http.ServerResponse, status: number, code: string, message: string, data: Wire = {}) => send(res, status, { code, message, data: { status, ...data } });

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    requests.push(`${url.pathname}${url.search}`);
    const fault = faults.findIndex((f) => `${url.pathname}${url.search}`.startsWith(f.path));
    if (fault >= 0) {
      const [{ fault: kind }] = faults.splice(fault, 1);
      if (kind === 'drop') return void req.socket.destroy();
      if (kind === 429) return send(res, 429, { code: 'rest_too_many_requests', message: 'Too many requests.', data: { status: 429 } }, { 'Retry-After': '1' });
      return void res.writeHead(500, { 'Content-Type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
    }
    // Basic authentication with an application password; anything else that is sent is refused, as WordPress does.
    const authorization = req.headers.authorization;
    let authenticated = false;
    if (authorization) {
      const expected = `Basic ${Buffer.from(`${PLUGIN_USER}:${PLUGIN_APP_PASSWORD}`).toString('base64')}`;
      if (authorization !== expected) return error(res, 401, 'incorrect_password', 'The provided password is an invalid application password.');
      authenticated = true;
    }
    const route = url.pathname.replace(/^\/wp-json\/tribe\/events\/v1/, '').replace(/\/$/, '');
    if (!url.pathname.startsWith('/wp-json/tribe/events/v1')) {
      return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>A blog</title>');
    }
    if (route === '') {
      return send(res, 200, { namespace: 'tribe/events/v1', routes: { '/tribe/events/v1': {}, '/tribe/events/v1/events': {}, '/tribe/events/v1/events/(?P<id>\\d+)': {} }, _links: { up: [{ href: `${origin}/wp-json/` }] } });
    }
    const q = url.searchParams;
    const single = /^\/events\/(\d+)$/.exec(route);
    if (single) {
      const id = Number(single[1]);
      const e = events.find((x) => x.id === id);
      if (!e) {
        if (venues.some((v) => v.id === id) || organizers.some((o) => o.id === id)) return error(res, 400, 'rest-invalid-event-id', 'The specified ID is not a valid event.');
        return error(res, 404, 'rest-event-not-found', `Event with ID ${id} does not exist.`);
      }
      if (e.status === 'trash') return error(res, 403, 'event-no-longer-available', 'This event is no longer available');
      if (e.status !== 'publish' && !authenticated) return error(res, 403, 'event-not-accessible', 'The requested event is not accessible');
      if (protectedIds.has(id) && !authenticated) return error(res, 403, 'event-password-protected', 'The requested event is not accessible without a password');
      return send(res, 200, e);
    }
    const list = /^\/(events|venues|organizers|categories|tags)$/.exec(route);
    if (!list) return error(res, 404, 'rest_no_route', 'No route was found matching the URL and request method.');
    const kind = list[1];
    const terms = kind === 'categories' || kind === 'tags';
    const perPageRaw = q.get('per_page') ?? '10';
    if (!/^\d+$/.test(perPageRaw) || Number(perPageRaw) < 1 || (terms && Number(perPageRaw) > 100)) {
      return error(res, 400, 'rest_invalid_param', 'Invalid parameter(s): per_page', { params: { per_page: 'Invalid parameter.' }, details: [] });
    }
    const perPage = Math.min(Number(perPageRaw), terms ? 100 : 50);
    const page = Number(q.get('page') ?? '1');
    let items: Wire[];
    const extra: Array<[string, string]> = [];
    if (terms) {
      const all = kind === 'categories' ? categories.map(standaloneCategory) : tags.map(standaloneTag);
      const hideEmpty = !['false', '0'].includes(q.get('hide_empty') ?? 'true');
      items = all.filter((t) => !hideEmpty || t.count > 0).sort((x, y) => (q.get('orderby') === 'id' ? x.id - y.id : String(x.name).localeCompare(String(y.name))));
    } else {
      const statuses = (q.get('status') ?? 'publish').split(',');
      if (!authenticated && statuses.some((s) => s !== 'publish')) {
        return error(res, 400, 'rest_invalid_param', 'Invalid parameter(s): status', { params: { status: 'Invalid parameter.' } });
      }
      if (kind === 'events') {
        // Without dates the plugin shows the upcoming window only: from yesterday to two years ahead.
        const from = q.get('start_date') ?? '2026-11-21 00:00:00';
        const to = q.get('end_date') ?? '2028-11-22 23:59:59';
        extra.push(['start_date', from], ['end_date', to]);
        items = events
          .filter((e) => statuses.includes(e.status) && !e.hide_from_listings && e.start_date >= from.slice(0, 10) && e.end_date.slice(0, 10) <= to.slice(0, 10))
          .map((e) => (protectedIds.has(e.id) && !authenticated ? masked(e) : e))
          .sort((x, y) => (x.start_date < y.start_date ? -1 : x.start_date > y.start_date ? 1 : x.id - y.id));
      } else {
        items = (kind === 'venues' ? venues : organizers).filter((r) => statuses.includes(r.status)).sort((x, y) => y.id - x.id);
      }
      extra.push(['status', statuses.join(',')]);
    }
    const total = items.length;
    const totalPages = Math.ceil(total / perPage);
    if (page > 1 && page > totalPages && !terms) {
      const singular = kind.slice(0, -1);
      return error(res, 404, `${singular}-archive-page-not-found`, `The requested ${singular} archive page does not exist`);
    }
    const base = `${api}/${kind}/`;
    // As the plugin: term lists drop every filter from their links; record lists keep dates and add their status.
    const linkQuery = (p: number) => [...(terms ? [] : [['per_page', String(perPage)], ...extra]), ['page', String(p)]].map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%20/g, '+')}`).join('&');
    const envelope: Wire = {};
    const pageItems = items.slice((page - 1) * perPage, page * perPage);
    const restUrl = `${base}?page=${page}&per_page=${perPage}${extra.map(([k, v]) => `&${k}=${v}`).join('')}`;
    if (terms) Object.assign(envelope, { rest_url: base, total, total_pages: totalPages, [kind]: pageItems });
    else Object.assign(envelope, { [kind]: pageItems, rest_url: restUrl });
    if (page < totalPages) envelope.next_rest_url = `${base}?${linkQuery(page + 1)}`;
    if (page > 1) envelope.previous_rest_url = `${base}?${linkQuery(page - 1)}`;
    if (!terms) Object.assign(envelope, { total, total_pages: totalPages });
    send(res, 200, envelope, { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) });
  });

  return {
    api,
    origin,
    events,
    venues,
    organizers,
    categories,
    tags,
    requests,
    protectedIds,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
