import * as http from 'node:http';
import { MAX_JSON_DEPTH } from '../../src/shared/http/json-body';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Issue 14 (hardening) and wire details checked against the plugin's recorded answers (fixtures/tec-plugin): JSON nesting
 * limit, `json_error_*` data of rest_invalid_json, bracket depth in query strings and form bodies, the API discovery
 * `Link` header, json_ld `offers.priceCurrency`, and an empty `slug` on the term lists.
 */
describe('wire hardening', () => {
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp();
    editor = await t.auth('editor');
  });
  afterAll(async () => t.close());

  /** `{"title":[[…[]…]]}` with `levels` levels of nesting in all, the top-level object included. */
  const nested = (levels: number) => `{"title":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
  const json = (method: 'post' | 'put' | 'patch' | 'delete', path: string, body: string, auth?: string) => {
    let r = t.http()[method](path).set('Content-Type', 'application/json');
    if (auth) r = r.set('Authorization', auth);
    return r.send(body);
  };
  /** These bytes exactly as the body, with these headers (supertest would serialize a Buffer sent as JSON). */
  const rawBody = (path: string, body: Buffer, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Record<string, any> }>((resolve, reject) => {
      const all = { 'Content-Length': String(body.length), Authorization: editor, ...headers };
      const req = http.request(`${t.server}${path}`, { method: 'POST', headers: all }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const rawJson = (path: string, body: Buffer, auth: string) => rawBody(path, body, { 'Content-Type': 'application/json', Authorization: auth });
  const DEPTH_ERROR = {
    code: 'rest_invalid_json',
    message: 'Invalid JSON body passed.',
    data: { status: 400, json_error_code: 1, json_error_message: 'Maximum stack depth exceeded' },
  };

  describe('JSON nesting limit (CONTRACT §1.4)', () => {
    it('is 64 levels', () => {
      expect(MAX_JSON_DEPTH).toBe(64);
    });

    it('accepts 64 levels as JSON: field validation answers, never rest_invalid_json, never 5xx', async () => {
      const body = nested(MAX_JSON_DEPTH);
      expect(body.split('[').length - 1 + 1).toBe(64); // 63 arrays inside the object
      const res = await json('post', `${t.api}/events`, body, editor);
      expect(res.status).toBe(400);
      expect(res.body.code).not.toBe('rest_invalid_json');
      expect(res.body.code).toMatch(/^rest_(invalid|missing_callback)_param$/);
      // Anonymous: the body is valid JSON, so the role check answers.
      const anonymous = await json('post', `${t.api}/events`, body);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_forbidden');
    });

    it('refuses 65 levels with 400 rest_invalid_json (json_error_code 1), for anonymous callers too', async () => {
      for (const auth of [editor, undefined]) {
        const res = await json('post', `${t.api}/events`, nested(MAX_JSON_DEPTH + 1), auth);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(DEPTH_ERROR);
      }
    });

    it('refuses a 20 KB body 10,000 levels deep on every body-reading route, anonymous or not (no 500)', async () => {
      const deep = nested(10_000);
      expect(deep.length).toBeGreaterThan(19_000);
      const event = await t.createEvent({ title: 'Deep', start_date: '2027-01-01 10:00:00', end_date: '2027-01-01 11:00:00' }, editor);
      const targets: Array<['post' | 'put' | 'patch' | 'delete', string]> = [
        ['post', `${t.api}/events`],
        ['put', `${t.api}/events/${event.id}`],
        ['patch', `${t.api}/events/by-slug/${event.slug}`],
        ['delete', `${t.api}/events/${event.id}`],
        ['post', `${t.api}/venues`],
        ['post', `${t.api}/organizers`],
        ['post', `${t.api}/categories`],
        ['post', `${t.api}/tags`],
        ['post', `${t.api}/nope`], // the transport step comes before routing (§4.4)
      ];
      for (const [method, path] of targets) {
        for (const auth of [editor, undefined]) {
          const res = await json(method, path, deep, auth);
          expect({ method, path, status: res.status, body: res.body }).toEqual({ method, path, status: 400, body: DEPTH_ERROR });
        }
      }
      // Deep arrays of objects count the same.
      const objects = `{"a":${'{"b":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
      expect((await json('post', `${t.api}/events`, objects)).body).toEqual(DEPTH_ERROR);
      // The event is untouched.
      const read = await t.http().get(`${t.api}/events/${event.id}`).expect(200);
      expect(read.body.title).toBe('Deep');
    });

    it('GET and HEAD ignore a deep body', async () => {
      await t.http().get(`${t.api}/events`).set('Content-Type', 'application/json').send(nested(10_000)).expect(200);
    });

    it('does not count brackets inside strings', async () => {
      const title = `${'['.repeat(100)}{${']'.repeat(100)}\\"[`;
      const res = await json(
        'post',
        `${t.api}/events`,
        `{"title":"${title}","start_date":"2027-01-02 10:00:00","end_date":"2027-01-02 11:00:00"}`,
        editor,
      );
      expect(res.status).toBe(201);
      expect(res.body.title).toBe(title.replace('\\"', '"'));
    });

    it('answers in Spanish at /es, with the same data keys and values', async () => {
      const res = await json('post', `/es${t.api}/events`, nested(10_000));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ...DEPTH_ERROR, message: 'El cuerpo JSON enviado no es válido.' });
    });
  });

  describe('rest_invalid_json data, as the plugin (fixture 58-err-malformed-json)', () => {
    it('a syntax error carries json_error_code 4 "Syntax error", in the plugin\'s key order', async () => {
      const res = await json('post', `${t.api}/events`, '{"title":', editor).expect(400);
      expect(res.text).toBe(
        '{"code":"rest_invalid_json","message":"Invalid JSON body passed.","data":{"status":400,"json_error_code":4,"json_error_message":"Syntax error"}}',
      );
    });

    it('uses PHP\'s json_last_error codes for each kind of bad body', async () => {
      const cases: Array<[string, string | Buffer, number, string]> = [
        ['trailing comma', '{"title":"x",}', 4, 'Syntax error'],
        ['single quotes', "{'title':'x'}", 4, 'Syntax error'],
        ['closing bracket first', ']{"title":"x"}', 4, 'Syntax error'],
        ['byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"title":"x"}')]), 4, 'Syntax error'],
        ['not an object: array', '[1]', 4, 'Syntax error'],
        ['not an object: null', 'null', 4, 'Syntax error'],
        ['not an object: string', '"x"', 4, 'Syntax error'],
        ['control character in a string', '{"title":"a\tb"}', 3, 'Control character error, possibly incorrectly encoded'],
        ['malformed UTF-8', Buffer.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), 5, 'Malformed UTF-8 characters, possibly incorrectly encoded'],
        ['lone high surrogate', '{"title":"\\ud800x"}', 10, 'Single unpaired UTF-16 surrogate in unicode escape'],
        ['lone low surrogate', '{"title":"\\udc00"}', 10, 'Single unpaired UTF-16 surrogate in unicode escape'],
      ];
      for (const [label, body, code, message] of cases) {
        const res = await rawJson(`${t.api}/events`, Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'), editor);
        expect({ label, status: res.status, body: res.body }).toEqual({
          label,
          status: 400,
          body: { code: 'rest_invalid_json', message: 'Invalid JSON body passed.', data: { status: 400, json_error_code: code, json_error_message: message } },
        });
      }
      // A surrogate pair, escaped or not, is fine.
      const ok = await json(
        'post',
        `${t.api}/events`,
        '{"title":"\\ud83c\\udfb7 Sax 🎷","start_date":"2027-01-03 10:00:00","end_date":"2027-01-03 11:00:00"}',
        editor,
      );
      expect(ok.status).toBe(201);
      expect(ok.body.title).toBe('🎷 Sax 🎷');
    });

    it('keeps the data keys at /es; only the message is Spanish', async () => {
      const res = await json('post', `/es${t.api}/venues`, '{"venue":', editor).expect(400);
      expect(res.body).toEqual({
        code: 'rest_invalid_json',
        message: 'El cuerpo JSON enviado no es válido.',
        data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' },
      });
    });

    it('an empty or whitespace-only JSON body still means "no parameters"', async () => {
      const res = await json('post', `${t.api}/events`, '  \n', editor).expect(400);
      expect(res.body.code).toBe('rest_missing_callback_param');
    });
  });

  describe('bracket depth in query strings and form bodies (CONTRACT §1.4: 5 levels)', () => {
    it('10,000 brackets in a query string are a 400, not a 500', async () => {
      for (const query of [`categories${'[]'.repeat(5_000)}=x`, `search${'[a]'.repeat(3_300)}=x`]) {
        const res = await t.http().get(`${t.api}/events?${query}`);
        expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'rest_invalid_param' });
      }
      // Unbalanced brackets make no nesting: just an unknown parameter.
      await t.http().get(`${t.api}/events?x${'['.repeat(10_000)}=1`).expect(200);
    });

    it('10,000 levels of brackets in a form body are a 400, not a 500, for anonymous callers too', async () => {
      for (const auth of [editor, undefined]) {
        for (const form of [`title${'[a]'.repeat(10_000)}=x`, `venue${'[]'.repeat(10_000)}=x`]) {
          let r = t.http().post(`${t.api}/events`).set('Content-Type', 'application/x-www-form-urlencoded');
          if (auth) r = r.set('Authorization', auth);
          const res = await r.send(form);
          expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'rest_invalid_param' });
        }
      }
    });
  });

  describe('form bodies with very many parameters', () => {
    const form = (path: string, body: string, method: 'post' | 'patch' = 'post') =>
      t.http()[method](path).set('Content-Type', 'application/x-www-form-urlencoded').set('Authorization', editor).send(body);
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `x${i}=1`).join('&');

    it('reads every parameter up to 10,000, and refuses more with 413 instead of dropping the ones after it', async () => {
      const kept = await form(`${t.api}/tags`, `name=Many+params+kept&${filler(9_998)}&description=late`); // 10,000 in all
      expect(kept.status).toBe(201);
      expect(kept.body.description).toBe('late');
      const created = await t.createEvent({ title: 'Form target', start_date: '2030-02-01 10:00:00', end_date: '2030-02-01 11:00:00' }, editor);
      const refused = await form(`${t.api}/events/${created.id}`, `excerpt=first&${filler(10_000)}&title=Late+title`, 'patch');
      expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 413, code: 'rest_body_too_large' });
      const after = await t.http().get(`${t.api}/events/${created.id}`).set('Authorization', editor).expect(200);
      expect({ title: after.body.title, excerpt: after.body.excerpt }).toEqual({ title: 'Form target', excerpt: '' }); // nothing half-applied
      // Empty pairs and repeated plain keys (the last wins) are not parameters of their own.
      const repeated = await form(`${t.api}/tags`, `${'&'.repeat(20_000)}${'name=x&'.repeat(10_001)}name=Repeated+name`);
      expect(repeated.status).toBe(201);
      expect(repeated.body.name).toBe('Repeated name');
    });
  });

  describe('API discovery Link header (CONTRACT §7.1, fixtures: every answer)', () => {
    const english = () => `<${t.config.publicUrl}${t.config.apiPrefix}/>; rel="https://api.w.org/"`;
    const spanish = () => `<${t.config.publicUrl}/es${t.config.apiPrefix}/>; rel="https://api.w.org/"`;

    it('is on successes, errors, HEAD, OPTIONS, preflights and writes', async () => {
      const answers = [
        await t.http().get(`${t.api}/events`).expect(200),
        await t.http().get(`${t.api}/`).expect(200),
        await t.http().get(`${t.config.apiPrefix}/`).expect(200),
        await t.http().get(`${t.api}/events/987654321`).expect(404),
        await t.http().get(`${t.api}/nope`).expect(404),
        await t.http().get('/nothing/here').expect(404),
        await t.http().get(`${t.api}/events?per_page=abc`).expect(400),
        await t.http().get(`${t.api}/events`).set('Authorization', 'Bearer nope').expect(401),
        await t.http().post(`${t.api}/events`).send({ title: 'x' }).expect(401),
        await json('post', `${t.api}/events`, '{"title":', editor).expect(400),
        await t.http().post(`${t.api}/events`).set('Content-Type', 'text/plain').send('x').expect(415),
        await t.http().head(`${t.api}/events`).expect(200),
        await t.http().options(`${t.api}/events`).expect(200),
        await t.http().options(`${t.api}/events`).set('Access-Control-Request-Method', 'POST').expect(204),
        await t.http().post(`${t.api}/tags`).set('Authorization', editor).send({ name: 'linked' }).expect(201),
        await t.http().get('/health/live').expect(200),
      ];
      answers.forEach((res, i) => expect({ i, link: res.headers.link }).toEqual({ i, link: english() }));
    });

    it('points answers of the Spanish base address at the Spanish API root, which exists', async () => {
      for (const res of [
        await t.http().get(`/es${t.api}/events`).expect(200),
        await t.http().get(`/es${t.api}/nope`).expect(404),
        await t.http().get(`/es${t.api}/categories/987654`).expect(404),
      ]) {
        expect(res.headers.link).toBe(spanish());
      }
      const root = await t.http().get(`/es${t.config.apiPrefix}/`).expect(200);
      expect(root.headers.link).toBe(spanish());
      expect(root.body.namespaces).toEqual(['calendar/events/v1']);
      // The namespace index's `up` link names the same root.
      const index = await t.http().get(`/es${t.api}`).expect(200);
      expect(`<${index.body._links.up[0].href}>; rel="https://api.w.org/"`).toBe(spanish());
    });
  });

  describe('json_ld offers.priceCurrency (CONTRACT §6.10)', () => {
    const offers = async (cost: string) => {
      const event = await t.createEvent({ title: `Cost ${cost}`, start_date: '2027-05-01 10:00:00', end_date: '2027-05-01 11:00:00', cost }, editor);
      const read = await t.http().get(`${t.api}/events/${event.id}`).expect(200);
      return { offers: read.body.json_ld.offers, details: read.body.cost_details };
    };

    it('carries the ISO 4217 code the cost is written with, in the plugin\'s key order; currency_code stays ""', async () => {
      const { offers: offer, details } = await offers('USD 20');
      expect(Object.keys(offer)).toEqual(['@type', 'price', 'priceCurrency', 'url', 'category', 'availability', 'validFrom']);
      expect(offer).toMatchObject({ '@type': 'Offer', price: '20', priceCurrency: 'USD' });
      expect(details).toEqual({ currency_symbol: 'USD', currency_code: '', currency_position: 'prefix', values: ['20'] });
      expect((await offers('10 - 25 EUR')).offers).toMatchObject({ price: '10', priceCurrency: 'EUR' });
    });

    it('has no priceCurrency when the cost names no currency code', async () => {
      for (const cost of ['$20', '15 €', '20']) {
        const { offers: offer } = await offers(cost);
        expect(offer.priceCurrency).toBeUndefined();
        expect(Object.keys(offer)).toEqual(['@type', 'price', 'url', 'category', 'availability', 'validFrom']);
      }
    });
  });

  describe('term lists with an empty slug (CONTRACT §4.3 rest_empty_value)', () => {
    it('GET /categories?slug= and GET /tags?slug= are 400 rest_empty_value, in both languages', async () => {
      for (const path of ['categories', 'tags']) {
        for (const query of ['slug=', 'slug=%20%20']) {
          const res = await t.http().get(`${t.api}/${path}?${query}`).expect(400);
          expect(res.body).toEqual({
            code: 'rest_invalid_param',
            message: 'Invalid parameter(s): slug',
            data: {
              status: 400,
              params: { slug: 'slug must not be empty.' },
              details: { slug: { code: 'rest_empty_value', message: 'slug must not be empty.', data: { param: 'slug' } } },
            },
          });
        }
        const es = await t.http().get(`/es${t.api}/${path}?slug=`).expect(400);
        expect(es.body.data.params.slug).toBe('slug no puede estar vacío.');
        // A real slug still filters.
        await t.http().get(`${t.api}/${path}?slug=nothing-has-this`).expect(200);
      }
    });
  });

  describe('bodies the service cannot read as sent (found by a probe)', () => {
    const tagNames = async () => (await t.http().get(`${t.api}/tags?per_page=100&hide_empty=false`)).body.tags.map((x: { name: string }) => x.name);

    it('refuses a compressed or otherwise content-coded body with 415 and Accept-Encoding: identity, and creates nothing', async () => {
      const before = await tagNames();
      const gzipped = (await import('node:zlib')).gzipSync(Buffer.from('{"name":"gz"}'));
      for (const [encoding, body, type] of [
        ['gzip', gzipped, 'application/json'],
        ['bogus', Buffer.from('{"name":"bogus"}'), 'application/json'],
        ['identity, gzip', Buffer.from('name=both'), 'application/x-www-form-urlencoded'],
      ] as const) {
        const res = await rawBody(`${t.api}/tags`, body, { 'Content-Type': type, 'Content-Encoding': encoding });
        expect([encoding, res.status, res.body.code, res.headers['accept-encoding']]).toEqual([encoding, 415, 'rest_unsupported_media_type', 'identity']);
      }
      expect(await tagNames()).toEqual(before);
      const plain = await rawBody(`${t.api}/tags`, Buffer.from('{"name":"Identity coded"}'), { 'Content-Type': 'application/json', 'Content-Encoding': 'identity' });
      expect(plain.status).toBe(201);
    });

    it('refuses a form body whose text is not UTF-8 (stray bytes or escapes of them) with 400 naming the parameter, and stores nothing', async () => {
      const before = await tagNames();
      const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
      for (const body of [
        Buffer.from('name=caf%E9%20x%C3%A9'),
        Buffer.from('description=fine&name=caf%E9'),
        Buffer.concat([Buffer.from('name=raw'), Buffer.from([0xe9]), Buffer.from('x')]),
      ]) {
        const res = await rawBody(`${t.api}/tags`, body, form);
        expect([res.status, res.body.code, res.body.data.details.name.code]).toEqual([400, 'rest_invalid_param', 'rest_invalid_type']);
      }
      expect(await tagNames()).toEqual(before);
      const fine = await rawBody(`${t.api}/tags`, Buffer.from('name=caf%C3%A9%20100%25+et+100% fun'), form);
      expect([fine.status, fine.body.name]).toEqual([201, 'café 100% et 100% fun']);
      const es = await rawBody(`/es${t.api}/tags`, Buffer.from('name=caf%E9'), form);
      expect(es.body.data.params.name).toBe('name no es del tipo string.');
    });
  });
});
