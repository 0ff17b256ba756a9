import { startTestApp, TestApp } from './support/test-app';

/**
 * The examples of /doc (CONTRACT §12.2) are what the Swagger explorer (§12.3) puts in its fields: a write executed as
 * shown must work. Every write body and parameter has one; list filters have none (the explorer would send them all).
 */
type Operation = {
  parameters: Array<{ name: string; in: string; schema: { example?: unknown } }>;
  requestBody?: { content: Record<string, { schema: { $ref: string }; example?: Record<string, unknown> }> };
};
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, { properties: Record<string, { example?: unknown }> }> } };

const WRITES = ['post', 'put', 'patch', 'delete'];
/** Declared only to be refused: tags are not hierarchical. */
const REFUSED = ['CreateTagParams.parent', 'UpdateTagParams.parent'];

describe('/doc examples of writes', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await startTestApp();
    doc = (await t.http().get(`${t.api}/doc`).expect(200)).body;
  });
  afterAll(async () => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([verb, operation]) => ({ path, verb, operation })));
  const jsonExample = (path: string, verb: string) => doc.paths[path][verb].requestBody!.content['application/json'].example!;

  it('every write body has a JSON example, and every field of it, every parameter of a write and every path parameter its own', () => {
    let bodies = 0;
    for (const { path, verb, operation } of operations()) {
      for (const param of operation.parameters) {
        if (param.in === 'path' || WRITES.includes(verb)) expect([verb, path, param.name, param.schema.example !== undefined]).toEqual([verb, path, param.name, true]);
        else expect([verb, path, param.name, param.schema.example]).toEqual([verb, path, param.name, undefined]);
      }
      if (!operation.requestBody) continue;
      bodies++;
      const content = operation.requestBody.content;
      expect([verb, path, typeof content['application/json'].example]).toEqual([verb, path, 'object']);
      expect(content['application/x-www-form-urlencoded'].example).toBeUndefined(); // a form shows each field's example
      const name = content['application/json'].schema.$ref.split('/').pop()!;
      for (const [field, schema] of Object.entries(doc.components.schemas[name].properties)) {
        if (!REFUSED.includes(`${name}.${field}`)) expect([name, field, schema.example !== undefined]).toEqual([name, field, true]);
      }
    }
    expect(bodies).toBeGreaterThan(25); // create and update of five resources, each update by id and by slug where there is one
  });

  it('every create example answers 201 for an administrator, and every update example 200 on the record it made', async () => {
    const admin = await t.auth('administrator');
    for (const resource of ['events', 'venues', 'organizers', 'categories', 'tags']) {
      const created = await t.http().post(`${t.api}/${resource}`).set('Authorization', admin).send(jsonExample(`/${resource}`, 'post'));
      expect([resource, created.status, created.body.code]).toEqual([resource, 201, undefined]);
      for (const verb of ['post', 'put', 'patch']) {
        const updated = await t.http()[verb as 'post'](`${t.api}/${resource}/${created.body.id}`).set('Authorization', admin).send(jsonExample(`/${resource}/{id}`, verb));
        expect([resource, verb, updated.status, updated.body.code]).toEqual([resource, verb, 200, undefined]);
      }
    }
  });

  it('the event example makes an upcoming event with its venue, organizer and terms, read back at the documented slug', async () => {
    const editor = await t.auth('editor');
    const example = jsonExample('/events', 'post');
    const { body: event } = await t.http().post(`${t.api}/events`).set('Authorization', editor).send(example).expect(201);
    expect(event).toMatchObject({ title: 'Jazz in the Park', status: 'publish', timezone: 'Europe/Madrid' });
    expect(event.venue).toMatchObject({ venue: 'Retiro Park', city: 'Madrid' });
    expect(event.organizer[0]).toMatchObject({ organizer: 'City Jazz Club' });
    expect(event.categories.map((c: { name: string }) => c.name)).toEqual(['Concerts']);
    expect(Date.parse(event.utc_start_date.replace(' ', 'T') + 'Z')).toBeGreaterThan(Date.now());

    const listed = await t.http().get(`${t.api}/events`).expect(200);
    expect(listed.body.events.map((e: { id: number }) => e.id)).toContain(event.id);
    const bySlug = doc.paths['/events/by-slug/{slug}'].get.parameters.find((p) => p.name === 'slug')!.schema.example;
    expect((await t.http().get(`${t.api}/events/by-slug/${bySlug}`).expect(200)).body.title).toBe('Jazz in the Park');
  });
});
