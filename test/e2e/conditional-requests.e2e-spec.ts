import { startTestApp, TestApp } from './support/test-app';

/**
 * CONTRACT §9.11 with RFC 9110's comparisons, on every resource that has single reads: `If-Match` compares strongly (a
 * weak tag `W/"…"` never matches; `*` matches any existing record; a list matches when one strong tag equals), while
 * `If-None-Match` compares weakly (`W/"…"` of the current tag is a hit).
 */
describe('conditional requests: If-Match is strong, If-None-Match weak (§9.11)', () => {
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp();
    editor = await t.auth('editor');
  });
  afterAll(async () => t.close());

  const resources: Array<[string, (n: number) => Record<string, unknown>, string]> = [
    ['events', (n) => ({ title: `If-Match ${n}`, start_date: '2026-12-05 20:00', end_date: '2026-12-05 23:00' }), 'title'],
    ['venues', (n) => ({ venue: `If-Match hall ${n}` }), 'venue'],
    ['organizers', (n) => ({ organizer: `If-Match crew ${n}` }), 'organizer'],
    ['categories', (n) => ({ name: `If-Match cat ${n}` }), 'name'],
    ['tags', (n) => ({ name: `If-Match tag ${n}` }), 'name'],
  ];
  let n = 0;

  describe.each(resources)('/%s', (path, body, nameKey) => {
    const fresh = async () => {
      const created = await t.http().post(`${t.api}/${path}`).set('Authorization', editor).send(body(++n)).expect(201);
      const read = await t.http().get(`${t.api}/${path}/${created.body.id}`).set('Authorization', editor).expect(200);
      return { id: created.body.id as number, tag: read.headers.etag as string };
    };
    const patch = (id: number, ifMatch: string, value: string) =>
      t.http().patch(`${t.api}/${path}/${id}`).set('Authorization', editor).set('If-Match', ifMatch).send({ [nameKey]: value });

    it('a weak tag never matches If-Match, not even the current one: 412 and nothing written', async () => {
      const { id, tag } = await fresh();
      expect(tag).toMatch(/^"[^"]+"$/);
      for (const header of [`W/${tag}`, `W/"x", W/${tag}`]) {
        const res = await patch(id, header, 'Changed').expect(412);
        expect(res.body.code).toBe('rest_precondition_failed');
      }
      const del = await t.http().delete(`${t.api}/${path}/${id}`).set('Authorization', editor).set('If-Match', `W/${tag}`);
      expect(del.status).toBe(412);
      const after = await t.http().get(`${t.api}/${path}/${id}`).set('Authorization', editor).expect(200);
      expect(after.headers.etag).toBe(tag);
    });

    it('a list matches when one strong tag equals; `*` matches any existing record', async () => {
      const { id, tag } = await fresh();
      const changed = await patch(id, `"other", W/"x",${tag}`, `Listed ${n}`).expect(200);
      expect(changed.body[nameKey]).toBe(`Listed ${n}`);
      await patch(id, tag, 'Stale').expect(412); // the tag changed with the write
      await patch(id, '*', `Star ${n}`).expect(200);
      await t.http().delete(`${t.api}/${path}/${id}`).set('Authorization', editor).set('If-Match', '*').query({ force: true }).expect(200);
      await patch(id, '*', 'Gone').expect(404); // `*` needs an existing record: existence comes first (§4.4)
    });

    it('If-None-Match compares weakly: the weak form of the current tag is a 304', async () => {
      const { id, tag } = await fresh();
      await t.http().get(`${t.api}/${path}/${id}`).set('Authorization', editor).set('If-None-Match', `W/${tag}`).expect(304);
      await t.http().get(`${t.api}/${path}/${id}`).set('Authorization', editor).set('If-None-Match', `"x", ${tag}`).expect(304);
      await t.http().get(`${t.api}/${path}/${id}`).set('Authorization', editor).set('If-None-Match', '*').expect(304);
      await t.http().get(`${t.api}/${path}/${id}`).set('Authorization', editor).set('If-None-Match', '"x"').expect(200);
    });
  });
});

/**
 * CONTRACT §4.4: record permission (step 7) comes before `If-Match` (step 8). A contributor changing or deleting an
 * editor's record with a stale `If-Match` learns it may not (403), not that its copy is stale (412) — issue 19: swapping
 * the two checks went unnoticed.
 */
describe('record permission before If-Match (§4.4)', () => {
  let t: TestApp;
  let editor: string;
  let contributor: string;

  beforeAll(async () => {
    t = await startTestApp();
    editor = await t.auth('editor');
    contributor = await t.auth('contributor');
  });
  afterAll(async () => t.close());

  it.each([
    ['events', { title: 'Editor event', start_date: '2026-12-05 20:00', end_date: '2026-12-05 23:00' }, { title: 'Mine now' }],
    ['venues', { venue: 'Editor hall' }, { venue: 'Mine now' }],
    ['organizers', { organizer: 'Editor crew' }, { organizer: 'Mine now' }],
  ])('%s: a contributor with a stale If-Match gets 403 on PUT, PATCH, POST and DELETE; the editor gets 412', async (path, body, change) => {
    const id = (await t.http().post(`${t.api}/${path}`).set('Authorization', editor).send(body).expect(201)).body.id;
    for (const method of ['put', 'patch', 'post', 'delete'] as const) {
      const res = await t.http()[method](`${t.api}/${path}/${id}`).set('Authorization', contributor).set('If-Match', '"stale"').send(method === 'delete' ? {} : change);
      expect([method, res.status, res.body.code]).toEqual([method, 403, 'rest_forbidden']);
      const own = await t.http()[method](`${t.api}/${path}/${id}`).set('Authorization', editor).set('If-Match', '"stale"').send(method === 'delete' ? {} : change);
      expect([method, own.status]).toEqual([method, 412]);
    }
  });
});
