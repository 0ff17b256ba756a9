import { startTestApp, TestApp } from './support/test-app';

/**
 * CONTRACT §6.11, §8.1: a filter on a field a protected event's list item masks (`categories`, `tags`, `venue`,
 * `organizer`, `featured`, `ticketed`, `geoloc`, `geoloc_lat/lng/radius`) sees the masked value for callers who may not
 * see the event unlocked, so the answer is the same whatever the hidden value (found by two black-box probes,
 * 2026-11-27: `categories=<id>` listed a protected event to anonymous callers, `featured=1` against `featured=0` told its
 * flag, `geoloc_lat/lng/radius` bisected its venue's position). Masked `featured`/`ticketed` are `null`: neither `=1`
 * nor `=0` matches; masked `venue` is `[]`: `geoloc=0` always matches, every other link filter never does. The venue and
 * organizer lists' `only_with_upcoming` likewise ignore a protected event the caller may not see unlocked. Totals stay
 * exact on every path (link counts, category buckets, plain counts). Runs on SQLite and (TEST_MYSQL_URL) on MariaDB.
 */
describe('list filters never reveal the masked fields of a protected event', () => {
  let t: TestApp;
  const auth: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const day = (time: string) => ({ start_date: `2027-09-01 ${time}`, end_date: `2027-09-01 ${time.replace(/^1/, '2')}` });

  beforeAll(async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '1000' }); // the read cache on: an unlocked answer must not reach others
    for (const role of ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const) auth[role] = await t.auth(role);
    auth.otherAuthor = await t.auth('author', 99);
    const post = async (path: string, body: Record<string, unknown>, as = 'editor') => {
      const res = await t.http().post(`${t.api}/${path}`).set('Authorization', auth[as]).send(body);
      expect([path, res.status, res.body.code]).toEqual([path, 201, undefined]);
      return res.body.id as number;
    };
    ids.openVenue = await post('venues', { venue: 'Open Hall', geo_lat: 40.4168, geo_lng: -3.7038 });
    ids.lockedVenue = await post('venues', { venue: 'Locked Hall', geo_lat: 48.8566, geo_lng: 2.3522 });
    ids.openOrganizer = await post('organizers', { organizer: 'Open Org' });
    ids.lockedOrganizer = await post('organizers', { organizer: 'Locked Org' });
    ids.parent = await post('categories', { name: 'Secret Parent' });
    ids.child = await post('categories', { name: 'Secret Child', parent: ids.parent });
    ids.tag = await post('tags', { name: 'secret-tag' });
    const links = (venue: number, organizer: number) => ({ venue, organizer, categories: [ids.child], tags: [ids.tag], featured: true, ticketed: true });
    // Both protected events belong to the author (user 3); P has every masked field set, Q none (its flags false).
    ids.P = await post('events', { ...day('10:00'), title: 'P', post_password: 'sesame', ...links(ids.lockedVenue, ids.lockedOrganizer) }, 'author');
    ids.Q = await post('events', { ...day('11:00'), title: 'Q', post_password: 'other', featured: false, ticketed: false }, 'author');
    ids.X = await post('events', { ...day('12:00'), title: 'X', ...links(ids.openVenue, ids.openOrganizer) }, 'author');
    ids.Y = await post('events', { ...day('13:00'), title: 'Y', featured: false, ticketed: false }, 'author');
  });
  afterAll(async () => t.close());

  /** The titles listed (in list order); the total must be exactly what is listed. */
  const titles = async (query: string, as?: string, password?: string): Promise<string[]> => {
    const q = `start_date=2027-01-01&end_date=2027-12-31&${query}${password ? `&password=${password}` : ''}`;
    const req = t.http().get(`${t.api}/events?${q}`);
    const res = await (as ? req.set('Authorization', auth[as]) : req);
    expect([q, res.status]).toEqual([q, 200]);
    const listed = res.body.events.map((e: { title: string }) => e.title);
    expect([q, Number(res.headers['x-tec-total']), res.body.total]).toEqual([q, listed.length, listed.length]);
    return listed;
  };

  // Each filter: what a caller who cannot unlock P or Q gets, with `sesame` (P unlocked), with `other` (Q unlocked), and
  // as the author of both (or an editor).
  const filters = (): Array<[string, string[], string[], string[], string[]]> => [
    [`categories=${ids.child}`, ['X'], ['P', 'X'], ['X'], ['P', 'X']],
    [`categories=${ids.parent}`, ['X'], ['P', 'X'], ['X'], ['P', 'X']],
    ['categories=secret-parent,secret-child', ['X'], ['P', 'X'], ['X'], ['P', 'X']],
    [`tags=${ids.tag}`, ['X'], ['P', 'X'], ['X'], ['P', 'X']],
    [`venue=${ids.lockedVenue}`, [], ['P'], [], ['P']],
    [`venue=${ids.lockedVenue},${ids.openVenue}`, ['X'], ['P', 'X'], ['X'], ['P', 'X']],
    [`venue=${ids.lockedVenue}&featured=1`, [], ['P'], [], ['P']],
    [`organizer=${ids.lockedOrganizer}`, [], ['P'], [], ['P']],
    [`organizer=${ids.lockedOrganizer},${ids.openOrganizer}`, ['X'], ['P', 'X'], ['X'], ['P', 'X']],
    ['featured=1', ['X'], ['P', 'X'], ['X'], ['P', 'X']],
    ['featured=0', ['Y'], ['Y'], ['Q', 'Y'], ['Q', 'Y']],
    ['ticketed=1', ['X'], ['P', 'X'], ['X'], ['P', 'X']],
    ['ticketed=0', ['Y'], ['Y'], ['Q', 'Y'], ['Q', 'Y']],
    ['geoloc=1', ['X'], ['P', 'X'], ['X'], ['P', 'X']],
    ['geoloc=0', ['P', 'Q', 'Y'], ['Q', 'Y'], ['P', 'Q', 'Y'], ['Q', 'Y']],
    ['geoloc=0&featured=0', ['Y'], ['Y'], ['Q', 'Y'], ['Q', 'Y']],
    ['geoloc_lat=48.85&geoloc_lng=2.35&geoloc_radius=5', [], ['P'], [], ['P']],
    ['geoloc_lat=40&geoloc_lng=0&geoloc_radius=20000', ['X'], ['P', 'X'], ['X'], ['P', 'X']],
    // Filters on fields a protected list item keeps are unchanged.
    ['search=p', ['P'], ['P'], ['P'], ['P']],
    [`include=${ids.P},${ids.Y}`, ['P', 'Y'], ['P', 'Y'], ['P', 'Y'], ['P', 'Y']],
  ];

  it('callers who may not see a protected event unlocked: masked fields match as masked, totals exact', async () => {
    for (const as of [undefined, 'subscriber', 'contributor', 'otherAuthor']) {
      for (const [query, locked] of filters()) expect([as, query, await titles(query, as)]).toEqual([as, query, locked]);
    }
    // A wrong password (case counts, on MariaDB too) unlocks nothing.
    for (const [query, locked] of filters()) expect([query, await titles(query, undefined, 'Sesame')]).toEqual([query, locked]);
  });

  it('the right password unlocks the events that have it, and only those', async () => {
    for (const as of [undefined, 'contributor']) {
      for (const [query, , sesame, other] of filters()) {
        expect([as, query, await titles(query, as, 'sesame')]).toEqual([as, query, sesame]);
        expect([as, query, await titles(query, as, 'other')]).toEqual([as, query, other]);
      }
    }
  });

  it('the author, editors and administrators: every event on its own values', async () => {
    for (const as of ['author', 'editor', 'administrator']) {
      for (const [query, , , , all] of filters()) expect([as, query, await titles(query, as)]).toEqual([as, query, all]);
    }
  });

  it('venue and organizer lists: only_with_upcoming ignores a protected event the caller may not see unlocked', async () => {
    const names = async (list: 'venues' | 'organizers', as?: string, password?: string) => {
      const req = t.http().get(`${t.api}/${list}?only_with_upcoming=1${password ? `&password=${password}` : ''}`);
      const res = await (as ? req.set('Authorization', auth[as]) : req);
      expect(res.status).toBe(200);
      const listed = res.body[list].map((r: Record<string, string>) => r[list === 'venues' ? 'venue' : 'organizer']).sort();
      expect(Number(res.headers['x-tec-total'])).toBe(listed.length);
      return listed;
    };
    for (const [list, open, locked] of [
      ['venues', 'Open Hall', 'Locked Hall'],
      ['organizers', 'Open Org', 'Locked Org'],
    ] as const) {
      for (const as of [undefined, 'subscriber', 'contributor', 'otherAuthor']) {
        expect([list, as, await names(list, as)]).toEqual([list, as, [open]]);
        expect([list, as, await names(list, as, 'Sesame')]).toEqual([list, as, [open]]);
        expect([list, as, await names(list, as, 'sesame')]).toEqual([list, as, [locked, open]]);
      }
      for (const as of ['author', 'editor', 'administrator']) expect([list, as, await names(list, as)]).toEqual([list, as, [locked, open]]);
    }
  });
});
