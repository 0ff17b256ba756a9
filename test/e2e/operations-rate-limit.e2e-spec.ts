import { FixedClock } from '../../src/shared/domain/clock';
import { startTestApp, TestApp } from './support/test-app';

/** CONTRACT §13.5 (and §4.4 step 3): fixed windows per client, 429 rest_too_many_requests. */
describe('operations: rate limiting', () => {
  let t: TestApp;
  // Windows are aligned to the epoch: 10:00:00 starts a 60 s window.
  const clock = new FixedClock(new Date('2031-05-01T10:00:00Z'));
  beforeEach(() => clock.set(new Date('2031-05-01T10:00:00Z')));
  afterEach(() => t.close());

  const limited = (env: Record<string, string> = {}) =>
    startTestApp({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_S: '60', ...env }, clock);

  it('counts every request to either base address, unmatched ones too, with RateLimit-* headers, then answers 429', async () => {
    t = await limited();
    const first = await t.http().get(`${t.api}/events`).expect(200);
    expect(first.headers['ratelimit-limit']).toBe('3');
    expect(first.headers['ratelimit-remaining']).toBe('2');
    expect(first.headers['ratelimit-reset']).toBe('60');
    clock.advance(15_000);
    const unmatched = await t.http().get(`${t.api}/nothing-here`).expect(404);
    expect(unmatched.headers['ratelimit-remaining']).toBe('1');
    const spanish = await t.http().get(`/es${t.api}/events`).expect(200);
    expect(spanish.headers['ratelimit-remaining']).toBe('0');
    expect(spanish.headers['ratelimit-reset']).toBe('45');

    const over = await t.http().get(`${t.api}/events`).expect(429);
    expect(over.body).toEqual({
      code: 'rest_too_many_requests',
      message: 'Too many requests. Please try again later.',
      data: { status: 429, retry_after: 45 },
    });
    expect(over.headers['retry-after']).toBe('45');
    expect(over.headers['ratelimit-remaining']).toBe('0');
    const overEs = await t.http().get(`/es${t.api}/events`).expect(429);
    expect(overEs.body.message).toBe('Demasiadas solicitudes. Inténtalo de nuevo más tarde.');

    // Over the limit an unknown route is still 404 (the route step comes first); health, metrics and docs are never limited.
    await t.http().get(`${t.api}/nothing-here`).expect(404);
    const health = await t.http().get('/health/ready').expect(200);
    expect(health.headers['ratelimit-limit']).toBeUndefined();
    await t.http().get('/metrics').expect(200);

    // OPTIONS over the limit is refused like any other method (a probe found it answered 200); a preflight is not limited.
    const options = await t.http().options(`${t.api}/events`).expect(429);
    expect(options.body.code).toBe('rest_too_many_requests');
    expect(options.headers['retry-after']).toBe('45');
    await t.http().options(`${t.api}/events`).set('Origin', 'https://app.example').set('Access-Control-Request-Method', 'GET').expect(204);

    const metrics = await t.http().get('/metrics');
    expect(metrics.text).toMatch(/^rate_limited_requests_total 3$/m);

    clock.advance(45_000); // the next window
    const fresh = await t.http().get(`${t.api}/events`).expect(200);
    expect(fresh.headers['ratelimit-remaining']).toBe('2');
  });

  it('keys on the verified user id, otherwise the address; 429 comes before 401 for a bad token', async () => {
    t = await limited();
    const editor = await t.auth('editor');
    for (let i = 0; i < 3; i++) await t.http().get(`${t.api}/events`).set('Authorization', editor).expect(200);
    await t.http().get(`${t.api}/events`).set('Authorization', editor).expect(429);
    // The same user with another token is the same client; another user and anonymous callers are not.
    await t.http().get(`${t.api}/events`).set('Authorization', await t.auth('editor')).expect(429);
    await t.http().get(`${t.api}/events`).set('Authorization', await t.auth('author')).expect(200);
    for (let i = 0; i < 2; i++) await t.http().get(`${t.api}/events`).expect(200);
    // An invalid token counts against the address (now at its limit): 429 first, 401 only while under the limit.
    const bad = await t.http().get(`${t.api}/events`).set('Authorization', 'Bearer forged');
    expect(bad.status).toBe(401);
    const badOver = await t.http().get(`${t.api}/events`).set('Authorization', 'Bearer forged');
    expect(badOver.status).toBe(429);
    await t.http().get(`${t.api}/events`).expect(429);
  });

  it('takes the client address from X-Forwarded-For only with TRUST_PROXY', async () => {
    t = await limited({ TRUST_PROXY: 'true' });
    for (let i = 0; i < 3; i++) await t.http().get(`${t.api}/events`).set('X-Forwarded-For', '203.0.113.7').expect(200);
    await t.http().get(`${t.api}/events`).set('X-Forwarded-For', '203.0.113.7').expect(429);
    await t.http().get(`${t.api}/events`).set('X-Forwarded-For', '203.0.113.8').expect(200);
    // One client, one spelling: IPv4 mapped into IPv6 and letter case do not make new clients (a probe, 2026-11-26)…
    for (const spelling of ['::ffff:203.0.113.8', '::FFFF:203.0.113.8']) await t.http().get(`${t.api}/events`).set('X-Forwarded-For', spelling).expect(200);
    await t.http().get(`${t.api}/events`).set('X-Forwarded-For', '203.0.113.8').expect(429);
    // …and text that is no address is not a client of its own: it counts against the connection's address.
    for (let i = 0; i < 3; i++) await t.http().get(`${t.api}/events`).set('X-Forwarded-For', `not-an-ip-${i}`).expect(200);
    await t.http().get(`${t.api}/events`).set('X-Forwarded-For', 'not-an-ip-9').expect(429);
    await t.close();

    t = await limited({ TRUST_PROXY: 'false' });
    for (let i = 0; i < 3; i++) await t.http().get(`${t.api}/events`).set('X-Forwarded-For', `198.51.100.${i}`).expect(200);
    await t.http().get(`${t.api}/events`).set('X-Forwarded-For', '198.51.100.99').expect(429);
  });

  it('is off with RATE_LIMIT_MAX=0: no headers, never 429', async () => {
    t = await startTestApp({ RATE_LIMIT_MAX: '0' }, clock);
    for (let i = 0; i < 20; i++) {
      const res = await t.http().get(`${t.api}/events`).expect(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    }
  });
});
