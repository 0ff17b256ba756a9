import { startTestApp, TestApp } from './support/test-app';

/**
 * Defects a black-box probe of the running service found (one `describe` per finding), each checked over HTTP on the
 * test database (SQLite, or MySQL/MariaDB with TEST_MYSQL_URL).
 */
describe('black-box probe findings', () => {
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp();
    editor = await t.auth('editor');
  });
  afterAll(async () => t.close());

  const createTag = async (name: string): Promise<{ id: number; slug: string }> => {
    const res = await t.http().post(`${t.api}/tags`).set('Authorization', editor).send({ name });
    expect(res.status).toBe(201);
    return res.body;
  };

  describe('term lists: orderby=include follows the first mention of a repeated id (§11.2)', () => {
    it('include=a,b,c,a lists a, b, c; a slug repeating an id counts as the same mention', async () => {
      const a = await createTag('Probe Include A');
      const b = await createTag('Probe Include B');
      const c = await createTag('Probe Include C');
      const ids = async (include: string) => {
        const res = await t.http().get(`${t.api}/tags?hide_empty=0&orderby=include&include=${include}`);
        expect(res.status).toBe(200);
        return res.body.tags.map((tag: { id: number }) => tag.id);
      };
      expect(await ids(`${a.id},${b.id},${c.id},${a.id}`)).toEqual([a.id, b.id, c.id]);
      expect(await ids(`${a.slug},${b.id},${a.id}`)).toEqual([a.id, b.id]);
      const desc = await t.http().get(`${t.api}/tags?hide_empty=0&orderby=include&order=desc&include=${c.id},${a.id},${b.id},${c.id}`);
      expect(desc.body.tags.map((tag: { id: number }) => tag.id)).toEqual([b.id, a.id, c.id]);
    });
  });

  describe('/doc: geoloc_radius is documented as above 0, as it is validated (§8.1, §12.2)', () => {
    it('the schema excludes its minimum, 0 answers 400 and a radius just above 0 is accepted', async () => {
      const doc = await t.http().get(`${t.api}/doc`);
      const radius = doc.body.paths['/events'].get.parameters.find((p: { name: string }) => p.name === 'geoloc_radius');
      expect(radius.schema).toMatchObject({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 20000 });
      const zero = await t.http().get(`${t.api}/events?geoloc_lat=40&geoloc_lng=-3&geoloc_radius=0`);
      expect(zero.status).toBe(400);
      expect(zero.body.data.details.geoloc_radius.code).toBe('rest_out_of_bounds');
      const tiny = await t.http().get(`${t.api}/events?geoloc_lat=40&geoloc_lng=-3&geoloc_radius=0.001`);
      expect(tiny.status).toBe(200);
    });
  });
});
