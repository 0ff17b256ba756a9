import { SignJWT } from 'jose';
import { startTestApp, TestApp, TEST_SECRET } from './support/test-app';

describe('foundation: HTTP pipeline, errors, auth, list machinery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('serves the event list envelope with headers and links', async () => {
    const res = await t.http().get(`${t.api}/events`).expect(200);
    expect(res.headers['x-tec-total']).toBe('0');
    expect(res.headers['x-tec-totalpages']).toBe('0');
    expect(res.body.events).toEqual([]);
    expect(res.body.total).toBe(0);
    expect(res.body.total_pages).toBe(0);
    expect(res.body.rest_url.startsWith(`${t.publicApi}/events/?page=1&per_page=10`)).toBe(true);
    expect(res.body.next_rest_url).toBeUndefined();
  });

  it('matches routes case-insensitively with an optional trailing slash, and serves /es', async () => {
    await t.http().get(`${t.api}/EVENTS/`).expect(200);
    const es = await t.http().get(`/es${t.api}/events`).expect(200);
    expect(es.body.rest_url.startsWith(`${t.config.publicUrl}/es${t.config.apiPrefix}/calendar/events/v1/events/`)).toBe(true);
  });

  it('answers unknown paths and methods with 404 rest_no_route as JSON, in Spanish at /es', async () => {
    const res = await t.http().get('/nothing/here').expect(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
    await t.http().delete(`${t.api}/events`).expect(404);
    const es = await t.http().get(`/es${t.api}/nothing`).expect(404);
    expect(es.body.message).toBe('No se encontró ninguna ruta que coincida con la URL y el método de la solicitud.');
    await t.http().get(`${t.api.toUpperCase()}/events`).expect(404); // the prefix itself is case-sensitive
  });

  it('rejects any bad token with 401 rest_invalid_token, even on public reads', async () => {
    const cases = [
      'Basic dXNlcjpwYXNz',
      'Bearer ',
      'Bearer not.a.token',
      `Bearer ${await new SignJWT({ roles: ['administrator'] }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setExpirationTime(Math.floor(Date.now() / 1000) - 3600).sign(new TextEncoder().encode(TEST_SECRET))}`,
      `Bearer ${await new SignJWT({ roles: ['administrator'] }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setExpirationTime('1h').sign(new TextEncoder().encode('wrong-secret'))}`,
    ];
    for (const header of cases) {
      const res = await t.http().get(`${t.api}/events`).set('Authorization', header).expect(401);
      expect(res.body.code).toBe('rest_invalid_token');
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
    const expired = await t.http().get(`${t.api}/events`).set('Authorization', cases[3]).expect(401);
    expect(expired.body.data.reason).toBe('expired');
    await t.http().get(`${t.api}/events`).set('Authorization', await t.auth('subscriber')).expect(200);
  });

  it('validates page and per_page, clamps per_page and keeps it in links', async () => {
    const bad = await t.http().get(`${t.api}/events?page=0&per_page=1e3`).expect(400);
    expect(bad.body.code).toBe('rest_invalid_param');
    expect(Object.keys(bad.body.data.params)).toEqual(['page', 'per_page']);
    expect(bad.body.data.details.page.code).toBe('rest_out_of_bounds');
    expect(bad.body.data.details.per_page.code).toBe('rest_invalid_type');
    const clamped = await t.http().get(`${t.api}/events?per_page=500`).expect(200);
    expect(clamped.body.rest_url).toContain('per_page=50');
  });

  it('states one range for page and per_page: at least 1, at most the largest exact integer, in both languages', async () => {
    // §4.3 rest_out_of_bounds, §7.2: the range is "≥ 1"; its only ceiling is 2^53−1 (per_page above MAX_PER_PAGE is
    // lowered, not refused), the same for digit strings and JSON numbers.
    const max = '9007199254740991';
    for (const [query, param] of [['page=0', 'page'], ['page=-1', 'page'], ['per_page=0', 'per_page'], ['per_page=-3', 'per_page'],
      ['page=9007199254740992', 'page'], ['per_page=99999999999999999999', 'per_page']]) {
      const en = await t.http().get(`${t.api}/venues?${query}`).expect(400);
      expect(en.body.data.details[param]).toEqual({
        code: 'rest_out_of_bounds', message: `${param} must be between 1 and ${max}.`, data: { param },
      });
      const es = await t.http().get(`/es${t.api}/venues?${query}`).expect(400);
      expect(es.body.data.params[param]).toBe(`${param} debe estar entre 1 y ${max}.`);
    }
    const json = await t.http().post(`${t.api}/venues`).set('Authorization', await t.auth('editor')).send({ venue: 'V', author: 2 ** 60 });
    expect(json.body.data.details.author.message).toBe(`author must be between 1 and ${max}.`);
    // a 16-digit page is an integer: past the end
    for (const path of ['events', 'venues', 'organizers']) await t.http().get(`${t.api}/${path}?page=${max}&per_page=${max}`).expect(404);
    await t.http().get(`${t.api}/categories?page=${max}&per_page=${max}`).expect(200);
  });

  it('enforces transport rules: 415, 400 invalid JSON, 413, 414', async () => {
    const unsupported = await t.http().post(`${t.api}/events`).set('Content-Type', 'text/plain').send('hello').expect(415);
    expect(unsupported.body.code).toBe('rest_unsupported_media_type');
    const badJson = await t.http().post(`${t.api}/events`).set('Content-Type', 'application/json').send('{"a":').expect(400);
    expect(badJson.body.code).toBe('rest_invalid_json');
    const array = await t.http().post(`${t.api}/events`).set('Content-Type', 'application/json').send('[1]').expect(400);
    expect(array.body.code).toBe('rest_invalid_json');
    const big = await t
      .http()
      .post(`${t.api}/events`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ title: 'x'.repeat(1_100_000) }))
      .expect(413);
    expect(big.body.code).toBe('rest_body_too_large');
    const long = await t.http().get(`${t.api}/events?search=${'a'.repeat(17_000)}`).expect(414);
    expect(long.body.code).toBe('rest_uri_too_long');
  });

  it('rejects more than 5 levels of brackets', async () => {
    const res = await t.http().get(`${t.api}/events?a[b][c][d][e][f][g]=1`).expect(400);
    expect(res.body.code).toBe('rest_invalid_param');
  });

  it('returns and honours X-Request-Id', async () => {
    const res = await t.http().get(`${t.api}/events`).set('X-Request-Id', 'abc-123').expect(200);
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await t.http().get(`${t.api}/events`).set('X-Request-Id', 'bad id!').expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
