import { startTestApp, TestApp } from './support/test-app';

/**
 * Found by a black-box input probe (2026-11-27), on SQLite and MariaDB alike: values that reached a 500, stored what
 * reads cannot show, or were read more leniently than §1.4 allows. Runs on SQLite and (npm run test:mysql) on MariaDB.
 */
describe('value edges found by the input probe', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '0' });
    admin = await t.auth('administrator');
  });
  afterAll(async () => t.close());

  const post = (path: string, body: object) => t.http().post(`${t.api}${path}`).set('Authorization', admin).send(body);
  const patch = (path: string, body: object) => t.http().patch(`${t.api}${path}`).set('Authorization', admin).send(body);
  const detail = (res: { status: number; body: { data?: { details?: Record<string, { code: string }> } } }, param: string) => [
    res.status,
    res.body.data?.details?.[param]?.code,
  ];

  describe('UTC copies past year 9999 (a 500 on MariaDB, a broken wall clock and iCalendar feed on SQLite)', () => {
    it('an all-day event on 9999-12-31 in a zone behind UTC is refused: its end is in UTC year 10000', async () => {
      const res = await post('/events', { title: 'Y10k', start_date: '9999-12-31', end_date: '9999-12-31', all_day: true, timezone: 'America/New_York' });
      expect(detail(res, 'end_date')).toEqual([400, 'rest_invalid_date']);
      const ahead = await post('/events', { title: 'Y1', start_date: '0001-01-01', end_date: '0001-01-01', all_day: true, timezone: 'Asia/Tokyo' });
      expect(detail(ahead, 'start_date')).toEqual([400, 'rest_invalid_date']);
    });

    it('a zone change that moves a late event past 9999 in UTC is refused, and the event stays as it was', async () => {
      const event = await t.createEvent({ title: 'Late', start_date: '9999-12-31 22:00', end_date: '9999-12-31 23:00' }, admin);
      for (const timezone of ['America/New_York', 'UTC-11']) {
        const res = await patch(`/events/${event.id}`, { timezone });
        expect(detail(res, 'start_date')).toEqual([400, 'rest_invalid_date']);
      }
      const read = (await t.http().get(`${t.api}/events/${event.id}`).set('Authorization', admin).expect(200)).body;
      expect([read.utc_start_date, read.utc_end_date, read.timezone]).toEqual(['9999-12-31 22:00:00', '9999-12-31 23:00:00', 'UTC']);
      await t.http().get(`${t.api}/events/${event.id}`).query({ ical: 1 }).expect(200);
      // Still inside the range: one hour ahead is fine.
      await patch(`/events/${event.id}`, { timezone: 'Europe/Madrid' }).expect(200);
    });

    it('a publication date given in UTC that is year 10000 in the event zone is refused', async () => {
      const res = await post('/events', { title: 'Pub', start_date: '2027-01-01 10:00', end_date: '2027-01-01 11:00', timezone: 'Asia/Tokyo', date_utc: '9999-12-31 20:00:00' });
      expect(detail(res, 'date_utc')).toEqual([400, 'rest_invalid_date']);
    });
  });

  it('plain text never keeps markup that entities spelled (§1.7, §14 #47), and a title sent back as read is kept', async () => {
    const event = await t.createEvent({ title: '&lt;script&gt;alert(1)&lt;/script&gt;Gig &lt;b&gt;now&lt;/b&gt;', start_date: '2027-02-01', end_date: '2027-02-01' }, admin);
    expect(event.title).toBe('Gig now');
    const escapedOnly = await post('/events', { title: '&lt;script&gt;alert(1)&lt;/script&gt;', start_date: '2027-02-01', end_date: '2027-02-01' });
    expect(detail(escapedOnly, 'title')).toEqual([400, 'rest_empty_value']);
    const venue = (await post('/venues', { venue: 'Hall &lt;b&gt;X&lt;/b&gt;', city: '&lt;i&gt;Rome&lt;/i&gt;' }).expect(201)).body;
    expect([venue.venue, venue.city]).toEqual(['Hall X', 'Rome']);
    const category = (await post('/categories', { name: '&lt;em&gt;Jazz&lt;/em&gt; &amp; Blues' }).expect(201)).body;
    expect(category.name).toBe('Jazz & Blues');
    const less = await t.createEvent({ title: '5 &lt; 6 &amp;&amp; 7 &gt; 2', start_date: '2027-02-01', end_date: '2027-02-01' }, admin);
    expect(less.title).toBe('5 < 6 && 7 > 2');
    expect((await patch(`/events/${less.id}`, { title: less.title }).expect(200)).body.title).toBe(less.title);
  });

  it('a cost sent as a JSON number with an exponent is that one number (§9.7), and one too large for a double is refused', async () => {
    const small = await t.createEvent({ title: 'Tiny', start_date: '2027-03-01', end_date: '2027-03-01', cost: 1e-7 }, admin);
    expect([small.cost, small.cost_details.values]).toEqual(['0.0000001', ['0.0000001']]);
    const big = await t.createEvent({ title: 'Big', start_date: '2027-03-01', end_date: '2027-03-01', cost: 1.5e21 }, admin);
    expect([big.cost, big.cost_details.values]).toEqual(['1500000000000000000000', ['1500000000000000000000']]);
    const overflow = await t
      .http()
      .post(`${t.api}/events`)
      .set('Authorization', admin)
      .set('Content-Type', 'application/json')
      .send('{"title":"Huge","start_date":"2027-03-01","end_date":"2027-03-01","cost":1e400}');
    expect(detail(overflow, 'cost')).toEqual([400, 'rest_invalid_type']);
  });

  it('booleans are exactly the spellings of §1.4: surrounding whitespace is refused, as it is for integers', async () => {
    for (const value of [' 1', '1\r\n', '\n1', 'true ']) {
      for (const param of ['featured', 'ticketed', 'strict_dates']) {
        const res = await t.http().get(`${t.api}/events`).query({ [param]: value });
        expect([param, value, ...detail(res, param)]).toEqual([param, value, 400, 'rest_invalid_type']);
      }
    }
    await t.http().get(`${t.api}/events`).query({ featured: 'TRUE' }).expect(200);
    await t.http().get(`${t.api}/categories`).query({ hide_empty: ' 0' }).expect(400);
  });

  it('`-0` is not an integer spelling (§1.4: ASCII digits): a term parent or a page named so is refused', async () => {
    expect(detail(await t.http().get(`${t.api}/categories`).query({ parent: '-0' }), 'parent')).toEqual([400, 'rest_invalid_type']);
    expect(detail(await post('/categories', { name: 'Minus Zero', parent: '-0' }), 'parent')).toEqual([400, 'rest_invalid_type']);
    expect(detail(await t.http().get(`${t.api}/events`).query({ page: '-00' }), 'page')).toEqual([400, 'rest_invalid_type']);
    await t.http().get(`${t.api}/categories`).query({ parent: '0' }).expect(200);
  });
});
