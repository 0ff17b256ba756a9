#!/usr/bin/env node
// Records the service's answers to a fixed script of a few hundred requests (every kind of read and write, valid and
// not, in English and Spanish), for checking that a refactor leaves the wire unchanged:
//   node scripts/record-answers.js [--dist DIR] > before.jsonl   (on the old build)
//   node scripts/record-answers.js [--dist DIR] > after.jsonl    (on the new build), then: diff before.jsonl after.jsonl
// RECORD_DATABASE_URL=mysql://… records on that MySQL/MariaDB database instead (emptied first).
// RECORD_CALENDAR_TIMEZONE=Europe/Madrid records with that site time zone (dates read and shown in it).
// RECORD_READ_CACHE_TTL_MS=60000 records with the read cache on; RECORD_RATE_LIMIT_MAX=100000 with rate-limit counting on
// (its RateLimit-* headers are then recorded too).
// The app is booted in-process from a build (default ./dist) on a fresh SQLite file with a fixed clock and a fixed
// sequence of requests, so two builds that behave alike print identical lines. Only headers that differ on every run
// (request id, date) are left out.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { recreateMysqlDatabase } = require('./dev-support');

const args = process.argv.slice(2);
const dist = path.resolve(args[args.indexOf('--dist') + 1] && args.includes('--dist') ? args[args.indexOf('--dist') + 1] : 'dist');
const SECRET = 'record-secret-record-secret-record';
const KEPT_HEADERS = ['cache-control', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'content-type', 'etag', 'location', 'allow', 'x-tec-total', 'x-tec-totalpages', 'retry-after', 'link'];

/**
 * SQLite in a new file, or with RECORD_DATABASE_URL the MySQL/MariaDB database it names, emptied first (its name must
 * contain record, test or perf).
 */
async function recordDatabase(dir) {
  const url = process.env.RECORD_DATABASE_URL;
  if (!url) return { DB_TYPE: 'sqlite', DB_SQLITE_PATH: path.join(dir, 'record.sqlite') };
  await recreateMysqlDatabase(url, /record|test|perf/i, 'refusing to empty "{name}": its name must contain record, test or perf');
  return { DB_TYPE: 'mysql', DATABASE_URL: url };
}

async function main() {
  const { createApp } = require(path.join(dist, 'app.factory'));
  const { loadConfig } = require(path.join(dist, 'config/app-config'));
  // Builds before the entities moved to the composition root open the database with database/database's own list.
  const openDatabase = fs.existsSync(path.join(dist, 'calendar-database.js'))
    ? require(path.join(dist, 'calendar-database')).openCalendarDatabase
    : require(path.join(dist, 'database/database')).openDatabase;
  const { FixedClock } = require(path.join(dist, 'shared/domain/clock'));
  const { signDevelopmentToken } = require(path.join(dist, 'shared/auth/token-verifier'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'record-answers-'));
  const config = loadConfig({
    AUTH_JWT_SECRET: SECRET,
    AUTH_USERS: '1,2,3,4,5',
    RATE_LIMIT_MAX: process.env.RECORD_RATE_LIMIT_MAX ?? '0', // e.g. 100000: every answer carries its RateLimit-* headers
    READ_CACHE_TTL_MS: process.env.RECORD_READ_CACHE_TTL_MS ?? '0', // e.g. 60000: the read cache and record fragments on
    PUBLIC_URL: 'http://calendar.test',
    ...(process.env.RECORD_CALENDAR_TIMEZONE ? { CALENDAR_TIMEZONE: process.env.RECORD_CALENDAR_TIMEZONE } : {}), // e.g. Europe/Madrid
    ...(await recordDatabase(dir)),
  });
  const clock = new FixedClock(new Date('2026-11-20T10:00:00Z'));
  const dataSource = await openDatabase(config.db, 5000);
  const app = await createApp(config, { dataSource, clock, logger: false });
  await app.listen(0, '127.0.0.1');
  const origin = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const roles = ['administrator', 'editor', 'author', 'contributor', 'subscriber'];
  const tokens = {};
  for (const [i, role] of roles.entries()) tokens[role] = `Bearer ${await signDevelopmentToken(SECRET, i + 1, role, 3600)}`;

  let n = 0;
  const send = async (method, url, { as, body, headers = {} } = {}) => {
    clock.advance(60_000); // every request a minute later: modification dates differ, and show it
    const res = await fetch(origin + url, {
      method,
      headers: { ...(as ? { Authorization: tokens[as] } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    const kept = Object.fromEntries(KEPT_HEADERS.filter((h) => res.headers.has(h)).map((h) => [h, res.headers.get(h)]));
    process.stdout.write(JSON.stringify({ n: ++n, method, url, as, status: res.status, headers: kept, body: text }) + '\n');
    try {
      return { status: res.status, etag: res.headers.get('etag'), body: JSON.parse(text) };
    } catch {
      return { status: res.status, body: text };
    }
  };

  try {
    await script(send);
  } finally {
    await app.close();
    await dataSource.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The requests: each group writes, then reads what it wrote in every form a client could. */
async function script(send) {
  const api = '/wp-json/calendar/events/v1';
  const es = '/wp-json/es/calendar/events/v1';
  const ids = { events: [], venues: [], organizers: [], categories: [], tags: [] };

  for (const [i, role] of ['administrator', 'editor', 'author', 'contributor', 'subscriber', undefined].entries()) {
    const r = await send('POST', `${api}/categories`, { as: role, body: { name: `Music ${i}`, description: `<b>Live</b> ${i}` } });
    if (r.status === 201) ids.categories.push(r.body.id);
    const t = await send('POST', `${api}/tags`, { as: role, body: { name: `tag ${i}` } });
    if (t.status === 201) ids.tags.push(t.body.id);
  }
  await send('POST', `${api}/categories`, { as: 'administrator', body: { name: 'Jazz', parent: ids.categories[0] } });
  await send('POST', `${api}/categories`, { as: 'administrator', body: { name: 'music 0' } });
  await send('POST', `${api}/categories`, { as: 'administrator', body: { name: '' } });
  await send('POST', `${api}/tags`, { as: 'administrator', body: { name: 'TAG 0' } });

  for (const [i, role] of ['administrator', 'editor', 'author', 'contributor', 'subscriber'].entries()) {
    const v = await send('POST', `${api}/venues`, {
      as: role,
      body: { venue: `Hall ${i}`, city: 'Lyon', country: i % 2 ? 'France' : 'United States', state: 'NY', province: 'Rhône', geo_lat: 45.7, geo_lng: 4.8, website: 'https://hall.example/' },
    });
    if (v.status === 201) ids.venues.push(v.body.id);
    const o = await send('POST', `${api}/organizers`, { as: role, body: { organizer: `Org ${i}`, email: `org${i}@example.com`, phone: '555' } });
    if (o.status === 201) ids.organizers.push(o.body.id);
  }
  await send('POST', `${api}/venues`, { as: 'administrator', body: { venue: 'hall 0' } });
  await send('POST', `${api}/venues`, { as: 'administrator', body: { city: 'Nowhere' } });
  await send('POST', `${api}/organizers`, { as: 'administrator', body: { organizer: 'Bad', email: 'not-an-email', website: 'ftp://x' } });

  const eventBodies = [
    { title: 'Concert', start_date: '2026-12-01 20:00', end_date: '2026-12-01 23:00', venue: ids.venues[0], organizer: [ids.organizers[0]], categories: [ids.categories[0]], tags: ['new tag'], cost: '10 - 25 €' },
    { title: 'All day fair', start_date: '2026-12-05', end_date: '2026-12-06', all_day: true, timezone: 'Europe/Madrid', venue: { venue: 'Inline Hall', city: 'Madrid' }, organizer: [{ organizer: 'Inline Org' }] },
    { title: 'Draft', start_date: 'tomorrow 9am', end_date: 'tomorrow 11am', status: 'draft', featured: true, sticky: true },
    { title: 'Secret', start_date: '2026-12-10 10:00', end_date: '2026-12-10 12:00', password: 'pw', description: '<p onclick="x">Hidden <script>x</script>text</p>', excerpt: 'Sum' },
    { title: 'Future', start_date: '2027-01-10 10:00', end_date: '2027-01-10 12:00', status: 'future', date: '2026-12-24 10:00', website: 'https://future.example/' },
    { title: 'Multi', start_date: '2026-12-20 18:00', end_date: '2026-12-22 02:00', timezone: 'UTC+5:30', hide_from_listings: true, categories: ['Brand New Cat'] },
    { title: '', start_date: 'nope', end_date: '2026-12-01' },
    { start_date: '2026-12-01 20:00' },
    { title: 'Backwards', start_date: '2026-12-02 20:00', end_date: '2026-12-01 20:00' },
    { title: 'Bad refs', start_date: '2026-12-02 20:00', end_date: '2026-12-02 21:00', venue: 987654, organizer: [987655], categories: [987656], tags: [987657] },
    { title: 'Image', start_date: '2026-12-03 20:00', end_date: '2026-12-03 21:00', image: 'https://img.example/a.jpg', show_map: false, show_map_link: 'no' },
    { title: 'Child', start_date: '2026-12-04 20:00', end_date: '2026-12-04 21:00', post_parent: 0 },
  ];
  for (const role of ['administrator', 'editor', 'author', 'contributor', 'subscriber']) {
    for (const body of eventBodies) {
      const r = await send('POST', `${api}/events`, { as: role, body });
      if (r.status === 201) ids.events.push(r.body.id);
    }
  }

  // Reads of everything, in both languages, every role, with and without the password.
  for (const kind of ['events', 'venues', 'organizers', 'categories', 'tags']) {
    for (const id of ids[kind].slice(0, 8)) {
      for (const as of ['administrator', 'contributor', undefined]) await send('GET', `${api}/${kind}/${id}`, { as });
      await send('GET', `${es}/${kind}/${id}`);
    }
  }
  await send('GET', `${api}/events/${ids.events[3]}?password=pw`);
  // iCalendar (issue 16): single events, feeds (a window, a venue, Spanish), by `ical=1` and by `Accept`.
  for (const id of ids.events.slice(0, 6)) await send('GET', `${api}/events/${id}?ical=1`);
  await send('GET', `${api}/events/${ids.events[3]}?ical=1&password=pw`);
  await send('GET', `${api}/events?ical=1&start_date=2026-11-01&end_date=2027-12-31`);
  await send('GET', `${api}/events?ical=1&start_date=2026-11-01&end_date=2027-12-31`, { as: 'administrator' });
  await send('GET', `${api}/events?venue=${ids.venues[0]}&start_date=2026-11-01`, { headers: { Accept: 'text/calendar' } });
  await send('GET', `${es}/events?ical=1&start_date=2026-11-01&end_date=2027-12-31`);
  await send('GET', `${api}/events/${ids.events[3]}?password=wrong`);
  for (const q of ['', '?per_page=3&page=2', '?start_date=2026-12-01&end_date=2026-12-31', '?status=any', '?featured=true', '?search=concert', '?categories=music-0', '?tags=new-tag', `?venue=${ids.venues[0]}`, '?strict_dates=true&starts_after=2026-12-02', '?page=99', '?per_page=0']) {
    for (const as of ['administrator', undefined]) await send('GET', `${api}/events${q}`, { as });
  }
  for (const kind of ['venues', 'organizers', 'categories', 'tags']) {
    for (const q of ['', '?search=hall', '?per_page=2', '?has_events=1', '?hide_empty=0', '?page=50']) await send('GET', `${api}/${kind}${q}`, { as: 'editor' });
  }

  // Updates: partial, by slug, with If-Match (matching, stale, weak, *), by each role; then deletes.
  for (const [i, id] of ids.events.slice(0, 10).entries()) {
    const current = await send('GET', `${api}/events/${id}`, { as: 'administrator' });
    const method = ['PATCH', 'PUT', 'POST'][i % 3];
    await send(method, `${api}/events/${id}`, { as: 'contributor', body: { title: `Contributor ${i}` } });
    await send(method, `${api}/events/${id}`, { as: 'editor', body: { title: `Stale ${i}` }, headers: { 'If-Match': '"stale"' } });
    await send(method, `${api}/events/${id}`, { as: 'editor', body: { title: `Weak ${i}` }, headers: { 'If-Match': `W/${current.etag}` } });
    await send(method, `${api}/events/${id}`, { as: 'editor', body: { title: `Matched ${i}`, cost: 'Free', all_day: i % 2 === 0 }, headers: { 'If-Match': current.etag ?? '*' } });
    await send(method, `${api}/events/${id}`, { as: 'administrator', body: { end_date: '2020-01-01', venue: ids.venues[1] ?? 0, categories: [], tags: ['other'] } });
    await send('PATCH', `${api}/events/${id}`, { as: 'administrator', body: { start_date: '2026-12-15 10:00', end_date: '2026-12-15 11:00', timezone: 'America/New_York', organizer: [] } });
    if (current.body && current.body.slug) await send('PATCH', `${api}/events/by-slug/${current.body.slug}`, { as: 'administrator', body: { excerpt: 'x', slug: `renamed-${i}` } });
  }
  for (const kind of ['venues', 'organizers']) {
    for (const id of ids[kind]) {
      const current = await send('GET', `${api}/${kind}/${id}`);
      await send('PATCH', `${api}/${kind}/${id}`, { as: 'contributor', body: { phone: '1' } });
      await send('PUT', `${api}/${kind}/${id}`, { as: 'editor', body: { description: 'New' }, headers: { 'If-Match': '"stale"' } });
      await send('POST', `${api}/${kind}/${id}`, { as: 'editor', body: { description: 'Matched' }, headers: { 'If-Match': current.etag ?? '*' } });
    }
  }
  for (const kind of ['categories', 'tags']) {
    for (const id of ids[kind]) {
      const current = await send('GET', `${api}/${kind}/${id}`);
      await send('PATCH', `${api}/${kind}/${id}`, { as: 'author', body: { description: 'by author' } });
      await send('PUT', `${api}/${kind}/${id}`, { as: 'editor', body: { name: 'Renamed' }, headers: { 'If-Match': '"stale"' } });
      await send('POST', `${api}/${kind}/${id}`, { as: 'administrator', body: { name: `Renamed ${id}`, slug: `slug-${id}` }, headers: { 'If-Match': current.etag ?? '*' } });
    }
  }
  for (const [i, id] of ids.events.entries()) {
    await send('DELETE', `${api}/events/${id}`, { as: i % 2 ? 'contributor' : 'editor', headers: i % 3 ? {} : { 'If-Match': '"stale"' } });
    await send('DELETE', `${api}/events/${id}${i % 2 ? '?force=true' : ''}`, { as: 'administrator' });
    await send('GET', `${api}/events/${id}`, { as: 'administrator' });
  }
  for (const kind of ['venues', 'organizers', 'categories', 'tags']) {
    for (const [i, id] of ids[kind].entries()) {
      await send('DELETE', `${api}/${kind}/${id}${i % 2 ? '?force=true' : ''}`, { as: i % 3 ? 'administrator' : 'contributor' });
      await send('GET', `${api}/${kind}/${id}`, { as: 'administrator' });
    }
  }
  await send('GET', `${api}/events?status=trash`, { as: 'administrator' });
}

main().catch((e) => {
  process.stderr.write(`${e.stack}\n`);
  process.exit(1);
});
