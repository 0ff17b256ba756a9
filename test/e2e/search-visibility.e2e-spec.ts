import { startTestApp, TestApp } from './support/test-app';

/**
 * Issue 14 / CONTRACT §8.4: a search only reads text the caller may read. The description and excerpt of a
 * password-protected event count only for callers who may see it unlocked (its author, editors and administrators, or
 * the right `password`); before, `search=<part of the hidden description>` answered total 1, and the next character 0,
 * so the text leaked one character at a time. Runs on SQLite and (npm run test:mysql) on MariaDB.
 */
describe('search never reveals protected text', () => {
  let t: TestApp;
  let total: (query: string, auth?: string) => Promise<number>;
  let contributor: string;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '0' });
    contributor = await t.auth('contributor');
    editor = await t.auth('editor');
    const admin = await t.auth('administrator');
    const when = { start_date: '2027-05-01 10:00', end_date: '2027-05-01 12:00' };
    // Owned by the contributor (user 4), published by the administrator.
    await t.createEvent({ ...when, title: 'Masked Ball', author: 4, description: 'Doors open at Kxqzv Hall', excerpt: 'Dress code Wyvrn', post_password: 'Open-Sesame' }, admin);
    await t.createEvent({ ...when, title: 'Open Night', description: 'Public Kxqzv lecture' }, admin);
    total = async (query, auth) => {
      const req = t.http().get(`${t.api}/events?start_date=2027-01-01&end_date=2027-12-31&${query}`);
      const res = await (auth ? req.set('Authorization', auth) : req);
      expect(res.status).toBe(200);
      expect(Number(res.headers['x-tec-total'])).toBe(res.body.total ?? 0);
      return Number(res.headers['x-tec-total']);
    };
  });
  afterAll(async () => t.close());

  it('anonymous callers: the protected description and excerpt match nothing, prefix by prefix; the title still does', async () => {
    // What an anonymous search may read: the open event's whole text, the protected event's title.
    const readable = ['open night public kxqzv lecture', 'masked ball'];
    for (let n = 1; n <= 'kxqzv hall'.length; n++) {
      const part = 'kxqzv hall'.slice(0, n);
      const expected = readable.filter((text) => text.includes(part)).length;
      expect([part, await total(`search=${encodeURIComponent(`"${part}"`)}`)]).toEqual([part, expected]);
    }
    expect(await total('search=wyvrn')).toBe(0);
    expect(await total('search=masked')).toBe(1);
    // An excluded word reads the same text: "-wyvrn" must not hide the protected event either.
    expect(await total('search=ball%20-wyvrn')).toBe(1);
  });

  it('the right password, the author, editors: the whole text; a wrong password or another contributor: the title only', async () => {
    expect(await total('search=wyvrn&password=Open-Sesame')).toBe(1);
    expect(await total('search=wyvrn&password=open-sesame')).toBe(0); // compared exactly, on MySQL too
    expect(await total('search=wyvrn&password=Open-Sesame%20')).toBe(0);
    expect(await total('search=wyvrn', contributor)).toBe(1);
    expect(await total('search=wyvrn', await t.auth('contributor', 99))).toBe(0);
    expect(await total('search=wyvrn', editor)).toBe(1);
    expect(await total('search=ball%20-wyvrn', editor)).toBe(0);
  });

  it('removing the password opens the text to search; setting one hides it again', async () => {
    const admin = await t.auth('administrator');
    const [event] = (await t.http().get(`${t.api}/events?search=masked&start_date=2027-01-01`).set('Authorization', admin)).body.events;
    await t.http().patch(`${t.api}/events/${event.id}`).set('Authorization', admin).send({ post_password: '' }).expect(200);
    expect(await total('search=wyvrn')).toBe(1);
    await t.http().patch(`${t.api}/events/${event.id}`).set('Authorization', admin).send({ post_password: 'again' }).expect(200);
    expect(await total('search=wyvrn')).toBe(0);
  });
});
