import { startTestApp, TestApp } from './support/test-app';

/**
 * The `event` filter of the venue, organizer, category and tag lists (CONTRACT §10.6, §11.2) shows only what the caller
 * may see of that event (found by a black-box probe, 2026-11-26: anyone could list the venue, organizers and terms of
 * another user's draft, and of a protected event whose links §6.11 masks). An event the caller may not see is answered
 * like an id that names nothing; a protected event it may not see unlocked shows no links. Runs on SQLite and (npm run
 * test:mysql) on MariaDB.
 */
describe('the event filter of venue, organizer and term lists respects the event\'s visibility', () => {
  let t: TestApp;
  const auth: Record<string, string> = {};
  let draftId: number;
  let protectedId: number;
  let openId: number;
  const when = { start_date: '2027-08-01 10:00', end_date: '2027-08-01 12:00' };

  beforeAll(async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '1000' }); // the read cache on: anonymous answers must not leak to others
    for (const role of ['administrator', 'editor', 'author', 'contributor']) auth[role] = await t.auth(role);
    const post = async (path: string, body: Record<string, unknown>, as: string) => {
      const res = await t.http().post(`${t.api}/${path}`).set('Authorization', auth[as]).send(body);
      expect([path, res.status]).toEqual([path, 201]);
      return res.body;
    };
    const venue = await post('venues', { venue: 'Hidden Hall' }, 'editor');
    const organizer = await post('organizers', { organizer: 'Hidden Org' }, 'editor');
    const links = { venue: venue.id, organizer: organizer.id, categories: ['Hidden Cat'], tags: ['hidden-tag'] };
    draftId = (await post('events', { ...when, title: 'Draft', status: 'draft', ...links }, 'editor')).id;
    protectedId = (await post('events', { ...when, title: 'Locked', status: 'publish', post_password: 'sesame', ...links }, 'author')).id;
    openId = (await post('events', { ...when, title: 'Open', status: 'publish', ...links }, 'author')).id;
  });
  afterAll(async () => t.close());

  const LISTS = [
    ['venues', 'venue'],
    ['organizers', 'organizer'],
    ['categories', 'name'],
    ['tags', 'name'],
  ] as const;

  const names = async (list: string, query: string, as?: string) => {
    const req = t.http().get(`${t.api}/${list}?${query}`);
    const res = await (as ? req.set('Authorization', auth[as]) : req);
    return { status: res.status, code: res.body.code as string | undefined, names: (res.body[list] ?? []).map((r: Record<string, string>) => r[LISTS.find(([l]) => l === list)![1]]) };
  };

  it('an event the caller may not see is unknown to the filter, exactly like an id that names nothing', async () => {
    for (const [list] of LISTS) {
      for (const as of [undefined, 'contributor']) {
        const hidden = await names(list, `event=${draftId}`, as);
        const none = await names(list, 'event=999999', as);
        expect([list, as, hidden.status, hidden.code]).toEqual([list, as, 400, 'rest_invalid_param']);
        expect([list, as, none.status, none.code]).toEqual([list, as, 400, 'rest_invalid_param']);
      }
      expect([list, await names(list, `event=${draftId}`, 'editor')]).toEqual([list, { status: 200, code: undefined, names: [expect.stringMatching(/^hidden/i)] }]);
    }
    expect((await names('categories', `post=${draftId}`)).status).toBe(400);
  });

  it('a protected event shows no links to whoever may not see it unlocked; its author, editors and its password do', async () => {
    for (const [list] of LISTS) {
      for (const as of [undefined, 'contributor']) expect([list, as, await names(list, `event=${protectedId}`, as)]).toEqual([list, as, { status: 200, code: undefined, names: [] }]);
      for (const as of ['author', 'editor']) expect([list, as, (await names(list, `event=${protectedId}`, as)).names]).toEqual([list, as, [expect.stringMatching(/^hidden/i)]]);
      expect([list, (await names(list, `event=${openId}`)).names]).toEqual([list, [expect.stringMatching(/^hidden/i)]]);
    }
    for (const list of ['venues', 'organizers']) {
      expect((await names(list, `event=${protectedId}&password=sesame`)).names).toEqual([expect.stringMatching(/^hidden/i)]);
      expect((await names(list, `event=${protectedId}&password=Sesame`)).names).toEqual([]);
    }
  });
});
