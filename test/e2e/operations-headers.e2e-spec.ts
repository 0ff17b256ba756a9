import { startTestApp, TestApp } from './support/test-app';

const EXPOSED =
  'X-TEC-Total, X-TEC-TotalPages, ETag, Location, X-Request-Id, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset';

/** CONTRACT §13.4 (CORS) and §13.6 (security and caching headers). */
describe('operations: CORS', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('with CORS_ORIGINS=* allows any origin on every response and answers preflights with 204 first', async () => {
    t = await startTestApp({ RATE_LIMIT_MAX: '100' });
    const res = await t.http().get(`${t.api}/events`).set('Origin', 'https://app.example').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toBe(EXPOSED);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const error = await t.http().get(`${t.api}/nope`).expect(404);
    expect(error.headers['access-control-allow-origin']).toBe('*');

    const preflight = await t.http()
      .options(`${t.api}/events/12`)
      .set('Origin', 'https://app.example')
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'authorization, content-type')
      .expect(204);
    expect(preflight.text).toBe('');
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(preflight.headers['access-control-allow-headers']).toBe(
      'Authorization, Content-Type, If-Match, If-None-Match, X-Request-Id, X-HTTP-Method-Override',
    );
    expect(preflight.headers['access-control-max-age']).toBe('600');
    expect(preflight.headers['ratelimit-limit']).toBeUndefined(); // answered before rate limiting
    // A preflight carrying an invalid token, or a body, still gets 204: nothing after CORS runs.
    await t.http().options(`/es${t.api}/events`).set('Access-Control-Request-Method', 'POST').set('Authorization', 'Bearer x').expect(204);
  });

  it('with a list echoes a matching Origin with Vary: Origin and gives other origins no CORS headers', async () => {
    t = await startTestApp({ CORS_ORIGINS: 'https://a.example,https://b.example:8443' });
    const match = await t.http().get(`${t.api}/events`).set('Origin', 'https://b.example:8443').expect(200);
    expect(match.headers['access-control-allow-origin']).toBe('https://b.example:8443');
    expect(match.headers['access-control-expose-headers']).toBe(EXPOSED);
    expect(match.headers.vary).toMatch(/Origin/);
    const other = await t.http().get(`${t.api}/events`).set('Origin', 'https://evil.example').expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-expose-headers']).toBeUndefined();
    const otherPreflight = await t.http()
      .options(`${t.api}/events`)
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST')
      .expect(204);
    expect(otherPreflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(otherPreflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('with CORS_ORIGINS empty sends no CORS headers at all', async () => {
    t = await startTestApp({ CORS_ORIGINS: '' });
    const res = await t.http().get(`${t.api}/events`).set('Origin', 'https://a.example').expect(200);
    expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });
});

describe('operations: security and caching headers', () => {
  let t: TestApp;
  afterEach(() => t.close());

  const security = (headers: Record<string, string>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-robots-tag']).toBe('noindex');
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers['x-powered-by']).toBeUndefined();
  };

  it('sets the security headers on every response; HSTS only with an https PUBLIC_URL', async () => {
    t = await startTestApp();
    for (const res of [
      await t.http().get(`${t.api}/events`).expect(200),
      await t.http().get(`${t.api}/nope`).expect(404),
      await t.http().get('/health/live').expect(200),
      await t.http().get('/metrics').expect(200),
      await t.http().options(`${t.api}/events`).set('Access-Control-Request-Method', 'GET').expect(204),
    ]) {
      security(res.headers);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    await t.close();
    t = await startTestApp({ PUBLIC_URL: 'https://calendar.example' });
    const res = await t.http().get(`${t.api}/events`).expect(200);
    security(res.headers);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('sends Cache-Control no-cache on successful anonymous GET/HEAD and no-store on everything else', async () => {
    t = await startTestApp();
    const editor = await t.auth('editor');
    expect((await t.http().get(`${t.api}/events`).expect(200)).headers['cache-control']).toBe('no-cache');
    expect((await t.http().head(`${t.api}/events`).expect(200)).headers['cache-control']).toBe('no-cache');
    expect((await t.http().get('/health/live').expect(200)).headers['cache-control']).toBe('no-cache');
    expect((await t.http().get(`${t.api}/events`).set('Authorization', editor).expect(200)).headers['cache-control']).toBe('no-store');
    expect((await t.http().get(`${t.api}/events/999999`).expect(404)).headers['cache-control']).toBe('no-store');
    const created = await t.http()
      .post(`${t.api}/events`)
      .set('Authorization', editor)
      .send({ title: 'Cache', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' })
      .expect(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const etag = (await t.http().get(`${t.api}/events/${created.body.id}`).expect(200)).headers.etag;
    expect(etag).toBeDefined();
    const notModified = await t.http().get(`${t.api}/events/${created.body.id}`).set('If-None-Match', etag).expect(304);
    expect(notModified.headers['cache-control']).toBe('no-cache');
  });
});
