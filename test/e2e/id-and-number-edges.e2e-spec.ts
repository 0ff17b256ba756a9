import { startTestApp, TestApp } from './support/test-app';

/**
 * Found by a black-box probe (2026-11-26), on both databases: a list filter of ids with 16 digits was a type error
 * although §1.3 makes any id of more than 15 digits one that names nothing (and §8.5 lists include's unknown ids as
 * simply missing), and a JSON number that is no whole number created a term named after it (§9.6: an item is digits
 * or a string; §1.4: a number where a string is expected is a 400). Runs on SQLite and (npm run test:mysql) on MariaDB.
 */
describe('ids past 15 digits and numbers that are no ids', () => {
  let t: TestApp;
  let admin: string;
  const when = { start_date: '2027-03-01 10:00', end_date: '2027-03-01 11:00' };
  const sixteen = '1000000000000000';

  beforeAll(async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '0' });
    admin = await t.auth('administrator');
    await t.createEvent({ ...when, title: 'Only event' }, admin);
  });
  afterAll(async () => t.close());

  const list = (query: string) => t.http().get(`${t.api}/events?${query}`);

  it('include: an id of 16 digits names no event (200, nothing listed); past 2^53−1 it is out of bounds', async () => {
    const res = await list(`include=${sixteen}`);
    expect([res.status, res.body.total, res.body.events]).toEqual([200, 0, []]);
    const both = await list(`include=${sixteen},9007199254740991`);
    expect([both.status, both.body.total]).toEqual([200, 0]);
    const past = await list('include=9007199254740992');
    expect(past.status).toBe(400);
    expect(past.body.data.details.include.code).toBe('rest_out_of_bounds');
  });

  it('venue and organizer: an id of 16 digits is an unknown reference, named as sent', async () => {
    for (const param of ['venue', 'organizer']) {
      const res = await list(`${param}=${sixteen}`);
      expect([param, res.status, res.body.data.details[param].code]).toEqual([param, 400, 'rest_unknown_reference']);
      expect(res.body.data.params[param]).toContain(sixteen);
    }
  });

  it('categories and tags on write: digits are always an id (leading zeros ignored), so 16 of them never create a term', async () => {
    const tag = (await t.http().post(`${t.api}/tags`).set('Authorization', admin).send({ name: 'Zeros' }).expect(201)).body;
    const category = (await t.http().post(`${t.api}/categories`).set('Authorization', admin).send({ name: 'Padded' }).expect(201)).body;
    const padded = (id: number) => String(id).padStart(16, '0');
    const linked = await t.createEvent({ ...when, title: 'Padded ids', tags: [padded(tag.id)], categories: padded(category.id) }, admin);
    expect([linked.tags.map((x: { id: number }) => x.id), linked.categories.map((x: { id: number }) => x.id)]).toEqual([[tag.id], [category.id]]);

    const terms = async () => (await t.http().get(`${t.api}/categories?per_page=100&hide_empty=false`)).body.total + (await t.http().get(`${t.api}/tags?per_page=100&hide_empty=false`)).body.total;
    const before = await terms();
    expect(before).toBeGreaterThanOrEqual(2);
    const contributor = await t.auth('contributor');
    for (const [who, body] of [
      [admin, { tags: ['9999999999999999'] }],
      [admin, { categories: [sixteen] }],
      [admin, { tags: `Jazz, ${sixteen}` }],
      [contributor, { tags: ['9999999999999999'] }],
    ] as const) {
      const res = await t.http().post(`${t.api}/events`).set('Authorization', who).send({ ...when, title: 'Long ids', ...body });
      const param = Object.keys(body)[0];
      expect([param, res.status, res.body.data?.details?.[param]?.code]).toEqual([param, 400, 'rest_unknown_reference']);
      expect(res.body.data.params[param]).toMatch(/9999999999999999|1000000000000000/);
    }
    expect(await terms()).toBe(before);
    const filtered = await list(`tags=${padded(tag.id)}&start_date=2027-01-01`);
    expect(filtered.body.events.map((e: { title: string }) => e.title)).toEqual(['Padded ids']);
    await t.http().get(`${t.api}/events?tags=9999999999999999`).expect(400);
  });

  it('venue and organizer on write: leading zeros are ignored, and an id past 15 digits is an unknown reference named as sent', async () => {
    const venue = (await t.http().post(`${t.api}/venues`).set('Authorization', admin).send({ venue: 'Zero Hall' }).expect(201)).body;
    const organizer = (await t.http().post(`${t.api}/organizers`).set('Authorization', admin).send({ organizer: 'Zero Org' }).expect(201)).body;
    const padded = (id: number) => String(id).padStart(16, '0');
    const linked = await t.createEvent({ ...when, title: 'Padded links', venue: padded(venue.id), organizer: [{ id: padded(organizer.id) }] }, admin);
    expect([linked.venue.id, linked.organizer.map((o: { id: number }) => o.id)]).toEqual([venue.id, [organizer.id]]);
    for (const body of [{ venue: '9999999999999999' }, { organizer: [{ id: '9999999999999999' }] }, { organizer: `${organizer.id},9999999999999999` }]) {
      const res = await t.http().post(`${t.api}/events`).set('Authorization', admin).send({ ...when, title: 'Long link', ...body });
      const param = Object.keys(body)[0];
      expect([param, res.status, res.body.data?.details?.[param]?.code]).toEqual([param, 400, 'rest_unknown_reference']);
      expect(res.body.data.params[param]).toContain('9999999999999999');
    }
  });

  it('categories and tags on write: a JSON number that is no whole number is refused, and no term is created', async () => {
    const terms = async () => (await t.http().get(`${t.api}/categories?per_page=100&hide_empty=false`)).body.total + (await t.http().get(`${t.api}/tags?per_page=100&hide_empty=false`)).body.total;
    const before = await terms();
    for (const body of [{ categories: [7.25] }, { tags: [1.5] }, { tags: [-3] }, { categories: ['Jazz', 0.5] }]) {
      const res = await t.http().post(`${t.api}/events`).set('Authorization', admin).send({ ...when, title: 'Numbers', ...body });
      const param = Object.keys(body)[0];
      expect([param, res.status, res.body.data?.details?.[param]?.code]).toEqual([param, 400, 'rest_invalid_type']);
    }
    expect(await terms()).toBe(before);
    expect((await list('search=numbers&status=any').set('Authorization', admin)).body.total ?? 0).toBe(0);
  });
});

/** §9.6 "a comma list or array": an array's item is one term, commas and all (a probe found `["Rock, Pop"]` split in two). */
describe('terms named in an array keep their commas', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '0' });
    admin = await t.auth('administrator');
  });
  afterAll(async () => t.close());

  it('an array item names one category; a comma string still lists several', async () => {
    const rockPop = (await t.http().post(`${t.api}/categories`).set('Authorization', admin).send({ name: 'Rock, Pop' })).body;
    const when = { start_date: '2027-07-02 10:00', end_date: '2027-07-02 11:00' };
    const one = await t.createEvent({ ...when, title: 'Array', categories: ['Rock, Pop'] }, admin);
    expect(one.categories.map((c: { id: number }) => c.id)).toEqual([rockPop.id]);
    const two = await t.createEvent({ ...when, title: 'String', tags: 'first tag, second tag' }, admin);
    expect(two.tags.map((c: { name: string }) => c.name).sort()).toEqual(['first tag', 'second tag']);
    const form = await t.http().get(`${t.api}/events`).query({ 'categories[]': rockPop.slug, start_date: '2027-01-01' });
    expect(form.body.events.map((e: { title: string }) => e.title)).toEqual(['Array']);
  });
});
