import SwaggerParser from '@apidevtools/swagger-parser';
import { API_DESCRIPTION } from '../../src/discovery/api-root.controller';
import { EXPLORER_TITLE } from '../../src/discovery/explorer/explorer-page';
import { FixedClock } from '../../src/shared/domain/clock';
import { hasSpanish, proseTexts } from '../../src/shared/i18n/documentation-texts';
import { DETAIL_MESSAGES, ERROR_MESSAGES } from '../../src/shared/i18n/error-messages';
import { startTestApp, TestApp } from './support/test-app';
import { checkAgainstSchema } from './support/wire-schema-check';

const NS = '/calendar/events/v1';
const NOW = new Date('2026-03-10T12:00:00Z');

/** Every (path, method) Express really routes below the namespace, with `:param` placeholders. */
function expressRoutes(t: TestApp): Set<string> {
  const router = t.app.getHttpAdapter().getInstance().router as { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
  const out = new Set<string>();
  for (const layer of router.stack) {
    if (!layer.route || !layer.route.path.startsWith(t.api)) continue;
    for (const [method, on] of Object.entries(layer.route.methods)) {
      if (on && !['_all', 'options', 'head'].includes(method)) out.add(`${method.toUpperCase()} ${layer.route.path.replace(/\/$/, '')}`);
    }
  }
  return out;
}

/** The same pairs as the index lists them (`(?P<id>\d+)` → `:id`). */
function indexedRoutes(t: TestApp, routes: Record<string, { methods: string[] }>): Set<string> {
  const out = new Set<string>();
  for (const [pattern, route] of Object.entries(routes)) {
    const path = `${t.config.apiPrefix}${pattern.replace(/\(\?P<(\w+)>[^)]*\)/g, ':$1')}`;
    for (const method of route.methods) out.add(`${method} ${path}`);
  }
  return out;
}

describe('discovery: namespace index, API root, OPTIONS, /doc, explorer, Spanish', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CALENDAR_TIMEZONE: 'Europe/Madrid' }, new FixedClock(NOW));
  });
  afterAll(async () => t.close());

  describe('namespace index and API root (§12.1)', () => {
    it('lists exactly the routes the router serves, with their methods', async () => {
      const { body } = await t.http().get(`${t.api}/`).expect(200);
      const served = expressRoutes(t);
      expect(served.size).toBeGreaterThan(40);
      expect([...indexedRoutes(t, body.routes)].sort()).toEqual([...served].sort());
      expect(body.namespace).toBe('calendar/events/v1');
      expect(body._links.up).toEqual([{ href: `${t.config.publicUrl}${t.config.apiPrefix}/` }]);
      expect(body.routes[`${NS}/events/(?P<id>\\d+)`].methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
      expect(body.routes[`${NS}/events/by-slug/(?P<slug>[^/]+)`]).toBeDefined();
    });

    it('describes arguments from the DTOs: types, required, enums, ranges and the computed date defaults', async () => {
      const { body } = await t.http().get(`${t.api}`).expect(200);
      const events = body.routes[`${NS}/events`];
      expect(events._links.self).toEqual([{ href: `${t.publicApi}/events` }]);
      const list = events.endpoints.find((e: { methods: string[] }) => e.methods.includes('GET')).args;
      // Madrid, 10 March 2026 13:00: yesterday 00:00 and 24 months ahead 23:59:59 (§8.2.4).
      expect(list.start_date).toEqual({ required: false, default: '2026-03-09 00:00:00', description: 'Events that start on or after this date.', type: 'string' });
      expect(list.end_date.default).toBe('2028-03-10 23:59:59');
      expect(list.per_page).toEqual({ required: false, default: 10, description: 'Maximum number of items to be returned in result set.', type: 'integer', minimum: 1 });
      expect(list.categories).toMatchObject({ type: 'array', items: { type: 'string' } });
      expect(list.geoloc_lat).toMatchObject({ type: 'number', minimum: -90, maximum: 90 });
      const create = events.endpoints.find((e: { methods: string[] }) => e.methods.includes('POST')).args;
      for (const name of ['title', 'start_date', 'end_date']) expect(create[name].required).toBe(true);
      expect(create.status.enum).toEqual(['publish', 'future', 'draft', 'pending', 'private', 'trash']);
      const single = body.routes[`${NS}/events/(?P<id>\\d+)`];
      expect(single._links).toBeUndefined();
      expect(single.endpoints.map((e: { methods: string[] }) => e.methods)).toEqual([['GET'], ['POST', 'PUT', 'PATCH'], ['DELETE']]);
      expect(single.endpoints[2].args).toEqual({
        id: { required: true, description: 'Id of the event.', type: 'integer' },
        force: { required: false, description: 'Delete permanently instead of moving to the trash.', type: 'boolean' },
      });
    });

    it('follows the clock: the date defaults move with the moment', async () => {
      const clock = new FixedClock(new Date('2027-01-31T23:30:00Z')); // already 1 February in Madrid
      const other = await startTestApp({ CALENDAR_TIMEZONE: 'Europe/Madrid' }, clock);
      try {
        const { body } = await other.http().get(`${other.api}`).expect(200);
        const args = body.routes[`${NS}/events`].endpoints[0].args;
        expect([args.start_date.default, args.end_date.default]).toEqual(['2027-01-31 00:00:00', '2029-02-01 23:59:59']);
        const doc = await other.http().get(`${other.api}/doc`).expect(200);
        const param = doc.body.paths['/events'].get.parameters.find((p: { name: string }) => p.name === 'start_date');
        expect(param.schema.default).toBe('2027-01-31 00:00:00');
      } finally {
        await other.close();
      }
    });

    it('serves the index in Spanish under /es, with Spanish links', async () => {
      const { body } = await t.http().get(`/es${t.api}`).expect(200);
      expect(body._links.up).toEqual([{ href: `${t.config.publicUrl}/es${t.config.apiPrefix}/` }]);
      const events = body.routes[`${NS}/events`];
      expect(events._links.self[0].href).toBe(`${t.config.publicUrl}/es${t.config.apiPrefix}${NS}/events`);
      expect(events.endpoints[0].args.start_date.description).toBe('Eventos que empiezan en esta fecha o después.');
      expect(events.endpoints[0].args.start_date.type).toBe('string');
    });

    it('validates the index parameters like any other (context is an enum)', async () => {
      const res = await t.http().get(`${t.api}?context=bogus`).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
    });

    it('the API root names the namespace and lists the same routes', async () => {
      const root = await t.http().get(`${t.config.apiPrefix}/`).expect(200);
      const index = await t.http().get(`${t.api}`).expect(200);
      expect(root.body).toMatchObject({ name: 'Calendar Events', url: t.config.publicUrl, namespaces: ['calendar/events/v1'] });
      expect(root.body.routes).toEqual(index.body.routes);
      const es = await t.http().get(`/es${t.config.apiPrefix}`).expect(200);
      expect(es.body.description).toBe('Eventos, lugares, organizadores, categorías y etiquetas de eventos.');
    });
  });

  describe('OPTIONS (§1.3)', () => {
    it('answers every route with its index entry and an Allow header', async () => {
      const { body: index } = await t.http().get(`${t.api}`).expect(200);
      const samples: Record<string, string> = {
        [`${NS}`]: '/',
        [`${NS}/events/(?P<id>\\d+)`]: '/EVENTS/0042/',
        [`${NS}/venues/by-slug/(?P<slug>[^/]+)`]: '/venues/by-slug/caf%C3%A9',
        [`${NS}/tags`]: '/tags',
      };
      for (const [pattern, path] of Object.entries(samples)) {
        const res = await t.http().options(`${t.api}${path}`).expect(200);
        expect(res.body).toEqual(index.routes[pattern]);
        const methods = index.routes[pattern].methods as string[];
        expect(res.headers.allow).toBe([...methods, 'HEAD', 'OPTIONS'].join(', '));
      }
    });

    it('answers the API root too (an API route outside the namespace): GET only', async () => {
      for (const [prefix, root] of [['', `${t.config.publicUrl}${t.config.apiPrefix}/`], ['/es', `${t.config.publicUrl}/es${t.config.apiPrefix}/`]]) {
        for (const path of [`${prefix}${t.config.apiPrefix}/`, `${prefix}${t.config.apiPrefix}`]) {
          const res = await t.http().options(path).expect(200);
          expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
          expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
          expect(res.body).toEqual({ namespace: '', methods: ['GET'], endpoints: [{ methods: ['GET'], args: {} }], _links: { self: [{ href: root }] } });
        }
      }
    });

    it('rejects a bad token like every other route (§4.4 step 3), and accepts a good one', async () => {
      const bad = await t.http().options(`${t.api}/venues`).set('Authorization', 'Bearer not.a.token').expect(401);
      expect(bad.body.code).toBe('rest_invalid_token');
      expect(bad.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      expect(bad.headers.allow).toBeUndefined();
      await t.http().options(`${t.config.apiPrefix}/`).set('Authorization', 'Basic dXNlcjpwYXNz').expect(401);
      const good = await t.http().options(`${t.api}/venues`).set('Authorization', await t.auth('subscriber', 77)).expect(200);
      expect(good.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
      // The valid token's user is now known (§3.2): it may be named as an author.
      const venue = await t.http().post(`${t.api}/venues`).set('Authorization', await t.auth('administrator')).send({ venue: 'Known via OPTIONS', author: 77 });
      expect([venue.status, venue.body.author]).toEqual([201, '77']);
    });

    it('answers in Spanish under /es, leaves preflights and unknown paths alone', async () => {
      const es = await t.http().options(`/es${t.api}/events`).expect(200);
      expect(es.body.endpoints[0].args.page.description).toBe('Página actual de la colección.');
      const preflight = await t.http().options(`${t.api}/events`).set('Origin', 'https://app.example').set('Access-Control-Request-Method', 'POST');
      expect(preflight.status).not.toBe(200);
      expect(preflight.headers.allow).toBeUndefined();
      for (const path of ['/events/abc', '/events/1/2', '/nothing']) {
        const res = await t.http().options(`${t.api}${path}`).expect(404);
        expect(res.body.code).toBe('rest_no_route');
      }
    });
  });

  describe('/doc (§12.2)', () => {
    let doc: any;
    beforeAll(async () => {
      doc = (await t.http().get(`${t.api}/doc`).expect(200)).body;
    });

    it('is a valid OpenAPI 3.0.3 document (swagger-parser)', async () => {
      expect(doc.openapi).toBe('3.0.3');
      await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
      const es = (await t.http().get(`/es${t.api}/doc`).expect(200)).body;
      await expect(SwaggerParser.validate(structuredClone(es))).resolves.toBeDefined();
    });

    it('has the info, servers with the port, and the bearer scheme', () => {
      expect(doc.info).toMatchObject({ version: '1.0.0', title: 'Calendar Events REST API' });
      expect(doc.servers).toEqual([{ url: `${t.publicApi}/` }]);
      expect(t.publicApi).toContain(':8080');
      expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
      expect(doc.paths['/events'].post.security).toEqual([{ bearerAuth: [] }]);
      expect(doc.paths['/events'].get.security).toEqual([{}, { bearerAuth: [] }]);
    });

    it('documents every route of the index with the same methods', async () => {
      const { body: index } = await t.http().get(`${t.api}`).expect(200);
      const fromIndex = Object.entries(index.routes as Record<string, { methods: string[] }>).map(([pattern, route]) => [
        pattern.slice(NS.length).replace(/\(\?P<(\w+)>[^)]*\)/g, '{$1}') || '/',
        route.methods.map((m) => m.toLowerCase()),
      ]);
      const fromDoc = Object.entries(doc.paths as Record<string, object>).map(([path, item]) => [path, Object.keys(item)]);
      expect(fromDoc.sort()).toEqual(fromIndex.sort());
    });

    it('documents parameters, bodies in both content types, and success and error responses', () => {
      const list = doc.paths['/events'].get;
      expect(list.summary).toBe('List events');
      expect(list.parameters.find((p: any) => p.name === 'categories')).toMatchObject({ in: 'query', explode: false, schema: { type: 'array' } });
      expect(list.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/EventList' });
      expect(list.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
      const create = doc.paths['/events'].post;
      expect(Object.keys(create.requestBody.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
      const body = doc.components.schemas[create.requestBody.content['application/json'].schema.$ref.split('/').pop()];
      expect(body.required).toEqual(['title', 'start_date', 'end_date']);
      expect(Object.keys(create.responses)).toEqual(['201', '400', '401', '403', '413', '415', '429', '500']);
      const put = doc.paths['/events/{id}'].put;
      expect(put.parameters).toEqual([{ name: 'id', in: 'path', required: true, description: 'Id of the event.', schema: { type: 'integer', example: 1 } }]);
      expect(Object.keys(doc.paths['/events/{id}'].delete.responses)).toContain('410');
      expect(Object.keys(doc.paths['/tags/{id}'].patch.responses)).toContain('409');
      expect(doc.paths['/doc'].get.parameters).toEqual([]);
    });

    it('types the components as on the wire', () => {
      const schemas = doc.components.schemas;
      for (const name of ['Event', 'Venue', 'Organizer', 'EventTerm', 'Category', 'Tag', 'Image', 'DateDetails', 'CostDetails', 'EventList', 'VenueList', 'OrganizerList', 'CategoryList', 'TagList', 'Error']) {
        expect(schemas[name]).toBeDefined();
      }
      expect(schemas.DateDetails.properties.year.type).toBe('string');
      expect(schemas.CostDetails.properties.values.items.type).toBe('string');
      expect(schemas.Event.properties.author.type).toBe('string');
      expect(schemas.Venue.required).not.toContain('address');
    });

    it('describes real responses: events, venues, organizers, terms, lists and errors match their schemas', async () => {
      const auth = await t.auth('editor');
      const venue = await t.http().post(`${t.api}/venues`).set('Authorization', auth).send({ venue: 'Sala', city: 'Madrid', geo_lat: 40.4, geo_lng: -3.7 }).expect(201);
      const organizer = await t.http().post(`${t.api}/organizers`).set('Authorization', auth).send({ organizer: 'Ana', email: 'ana@example.com' }).expect(201);
      const category = await t.http().post(`${t.api}/categories`).set('Authorization', auth).send({ name: 'Jazz' }).expect(201);
      const tag = await t.http().post(`${t.api}/tags`).set('Authorization', auth).send({ name: 'Outdoor' }).expect(201);
      const event = await t.http().post(`${t.api}/events`).set('Authorization', auth)
        .send({ title: 'Jazz Night', start_date: '2026-03-20 20:00', end_date: '2026-03-20 23:00', cost: '10 - 25 €', venue: venue.body.id,
          organizer: [organizer.body.id], categories: [category.body.id], tags: [tag.body.id], image: 'https://cdn.example.com/a.jpg' })
        .expect(201);
      const check = (value: unknown, schema: string) => expect(checkAgainstSchema(value, { $ref: `#/components/schemas/${schema}` }, doc)).toBeNull();
      check(event.body, 'Event');
      check((await t.http().get(`${t.api}/events/${event.body.id}`).expect(200)).body, 'Event');
      check((await t.http().get(`${t.api}/events`).expect(200)).body, 'EventList');
      check((await t.http().get(`${t.api}/venues/${venue.body.id}`).expect(200)).body, 'Venue');
      check((await t.http().get(`${t.api}/venues`).expect(200)).body, 'VenueList');
      check((await t.http().get(`${t.api}/organizers`).expect(200)).body, 'OrganizerList');
      check((await t.http().get(`${t.api}/categories?hide_empty=0`).expect(200)).body, 'CategoryList');
      check((await t.http().get(`${t.api}/tags?hide_empty=0`).expect(200)).body, 'TagList');
      check((await t.http().get(`${t.api}/events?start_date=foo`).expect(400)).body, 'Error');
      check((await t.http().post(`${t.api}/events`).set('Authorization', auth).send({}).expect(400)).body, 'Error');
    });
  });

  describe('Spanish texts (§12.4)', () => {
    it('every English documentation text has a Spanish counterpart in the catalogue', async () => {
      const texts = proseTexts((await t.http().get(`${t.api}/doc`).expect(200)).body);
      const { body: index } = await t.http().get(`${t.api}`).expect(200);
      for (const route of Object.values(index.routes) as Array<{ endpoints: Array<{ args: Record<string, { description: string }> }> }>) {
        for (const endpoint of route.endpoints) for (const arg of Object.values(endpoint.args)) texts.add(arg.description);
      }
      texts.add(EXPLORER_TITLE);
      texts.add(API_DESCRIPTION);
      expect(texts.size).toBeGreaterThan(200);
      expect([...texts].filter((text) => !hasSpanish(text))).toEqual([]);
    });

    it('every error message has English and Spanish texts', () => {
      const pairs = [...Object.values(ERROR_MESSAGES), ...Object.values(DETAIL_MESSAGES)].flatMap((entry) =>
        'en' in entry ? [entry] : Object.values(entry as Record<string, { en: string; es: string }>),
      ) as Array<{ en: string; es: string }>;
      expect(pairs.length).toBeGreaterThan(30);
      for (const { en, es } of pairs) {
        expect(en.trim()).not.toBe('');
        expect(es.trim()).not.toBe('');
        expect(es).not.toBe(en);
      }
    });

    it('the Spanish /doc has the same paths and parameters, with Spanish prose and unchanged codes', async () => {
      const en = (await t.http().get(`${t.api}/doc`).expect(200)).body;
      const es = (await t.http().get(`/es${t.api}/doc`).expect(200)).body;
      expect(es.servers).toEqual([{ url: `${t.config.publicUrl}/es${t.config.apiPrefix}${NS}/` }]);
      expect(Object.keys(es.paths)).toEqual(Object.keys(en.paths));
      expect(en.info.title).toBe('Calendar Events REST API');
      expect(es.info.title).toBe('API REST de eventos del calendario'); // the explorer's heading (§12.3)
      expect(es.info.description).toMatch(/^Eventos, lugares, organizadores/);
      expect(es.paths['/events'].get.summary).toBe('Listar eventos');
      // Every operation is in a listed group, named and described in Spanish here: the explorer's headings.
      const groups = (d: any) => new Set(Object.values(d.paths as Record<string, Record<string, { tags: string[] }>>).flatMap((item) => Object.values(item).flatMap((op) => op.tags)));
      const names = (d: any) => d.tags.map((tag: { name: string }) => tag.name);
      expect([...groups(en)].sort()).toEqual([...names(en)].sort());
      expect([...groups(es)].sort()).toEqual([...names(es)].sort());
      expect(names(en)).toEqual(['events', 'venues', 'organizers', 'categories', 'tags', 'discovery']);
      expect(names(es)).toEqual(['eventos', 'lugares', 'organizadores', 'categorías', 'etiquetas', 'descubrimiento']);
      expect(es.paths['/events'].get.tags).toEqual(['eventos']);
      expect(es.tags.find((tag: { name: string }) => tag.name === 'eventos').description).toBe('Eventos y sus canales iCalendar.');
      // Examples are data: the same in both languages, even their titles and descriptions.
      expect(es.paths['/events'].post.requestBody.content['application/json'].example).toEqual(en.paths['/events'].post.requestBody.content['application/json'].example);
      expect(es.components.schemas.CreateEventParams.properties.description.example).toBe(en.components.schemas.CreateEventParams.properties.description.example);
      const listParams = (d: any) => d.paths['/events'].get.parameters.map((p: any) => [p.name, p.schema]);
      expect(listParams(es)).toEqual(listParams(en));
      expect(es.components.schemas.Event.properties.status.enum).toEqual(en.components.schemas.Event.properties.status.enum);
      const err = await t.http().get(`/es${t.api}/events/987654321`).expect(404);
      expect(err.body.code).toBe('rest-event-not-found');
      expect(err.body.message).toBe('El evento con ID 987654321 no existe.');
    });
  });

  describe('Swagger explorer (§12.3)', () => {
    it('serves the page with its own assets, a strict policy and no inline script', async () => {
      const page = await t.http().get('/docs').expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('<title>Calendar Events API</title>');
      expect(page.text).toContain(`data-spec-url="${t.api}/doc"`);
      expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // every script has a src
      expect(page.text).not.toMatch(/https?:\/\//); // no CDN
      const csp = page.headers['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      // "Try it out" calls the document's server, PUBLIC_URL, whatever address the page was read at.
      expect(csp).toContain(`connect-src 'self' ${new URL(t.config.publicUrl).origin};`);
      expect(csp).not.toContain('unsafe');
      for (const [asset, type] of [['swagger-ui-bundle.js', /javascript/], ['swagger-ui.css', /text\/css/], ['explorer.js', /javascript/], ['favicon-32x32.png', /image\/png/]] as const) {
        const res = await t.http().get(`/docs/${asset}`).expect(200);
        expect(res.headers['content-type']).toMatch(type);
        expect(res.headers['content-security-policy']).toBe(csp);
      }
      await t.http().get('/docs/package.json').expect(404);
      // Ranges and preconditions are ignored: the whole asset (a probe found a 500 for an unsatisfiable range or If-Match).
      const whole = await t.http().get('/docs/swagger-ui.css').expect(200);
      for (const [name, value] of [['Range', 'bytes=99999999-'], ['Range', 'bytes=5-1'], ['If-Match', '"nope"'], ['If-Unmodified-Since', 'Mon, 01 Jan 1990 00:00:00 GMT']]) {
        const res = await t.http().get('/es/docs/swagger-ui.css').set(name, value);
        expect([name, value, res.status, res.text.length]).toEqual([name, value, 200, whole.text.length]);
      }
    });

    it('serves the Spanish page at /es/docs for the Spanish document', async () => {
      const page = await t.http().get('/es/docs').expect(200);
      expect(page.text).toContain('<html lang="es">');
      expect(page.text).toContain('<title>API de eventos del calendario</title>');
      expect(page.text).toContain(`data-spec-url="/es${t.api}/doc"`);
    });

    it('ignores an Authorization header (the page is public)', async () => {
      await t.http().get('/docs').set('Authorization', 'Bearer not-a-token').expect(200);
    });
  });
});
