import { keepAliveSocket, rawRequest, trickle } from './support/raw-http';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Hardening (issue 14): repeated Authorization headers, URLs between 16 and 64 KiB, and slow clients. Requests go out
 * through `http.request` or raw sockets, so that what is on the wire is exactly what the test wrote.
 */
const EVENT = { title: 'Hardening', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' };

describe('hardening: more than one Authorization header', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const expectInvalidToken = (res: { status: number; headers: Record<string, unknown>; body: string }) => {
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(JSON.parse(res.body)).toEqual({
      code: 'rest_invalid_token',
      message: 'The authentication token is invalid or has expired.',
      data: { status: 401, reason: 'malformed' },
    });
  };

  it('answers 401 rest_invalid_token on a write, whatever the order, and writes nothing', async () => {
    const admin = await t.auth('administrator');
    const json = { 'Content-Type': 'application/json' };
    for (const pair of [
      [admin, 'Bearer garbage'],
      ['Bearer garbage', admin],
      [admin, admin],
    ]) {
      const res = await rawRequest(t.server, 'POST', `${t.api}/events`, { ...json, Authorization: pair }, JSON.stringify(EVENT));
      expectInvalidToken(res);
    }
    // One header with the same token is accepted, and the refused writes left nothing behind.
    const list = await rawRequest(t.server, 'GET', `${t.api}/events?status=any`, { Authorization: admin });
    expect(JSON.parse(list.body).total).toBe(0);
    const single = await rawRequest(t.server, 'POST', `${t.api}/events`, { ...json, Authorization: admin }, JSON.stringify(EVENT));
    expect(single.status).toBe(201);
  });

  it('answers 401 rest_invalid_token on reads (list, single, OPTIONS, Spanish base), whatever the order', async () => {
    const subscriber = await t.auth('subscriber');
    const created = await t.createEvent({ ...EVENT, status: 'publish' }, await t.auth('editor'));
    for (const pair of [
      [subscriber, 'Bearer garbage'],
      ['Bearer garbage', subscriber],
      [subscriber, ''],
    ]) {
      for (const [method, path] of [
        ['GET', `${t.api}/events`],
        ['HEAD', `${t.api}/events`],
        ['GET', `${t.api}/events/${created.id}`],
        ['GET', `/es${t.api}/venues`],
        ['OPTIONS', `${t.api}/events`],
      ]) {
        const res = await rawRequest(t.server, method, path, { Authorization: pair });
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
        if (method !== 'HEAD') {
          expect(JSON.parse(res.body).code).toBe('rest_invalid_token');
          expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
        }
      }
    }
    // Without the second header the same requests succeed.
    expect((await rawRequest(t.server, 'GET', `${t.api}/events`, { Authorization: subscriber })).status).toBe(200);
    expect((await rawRequest(t.server, 'OPTIONS', `${t.api}/events`, { Authorization: subscriber })).status).toBe(200);
  });

  it('leaves routes that ignore authentication alone (health)', async () => {
    const res = await rawRequest(t.server, 'GET', '/health/live', { Authorization: ['Bearer a', 'Bearer b'] });
    expect(res.status).toBe(200);
  });
});

describe('hardening: URL size edges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  /** `{api}/events?padding=aaa…` of exactly `bytes` bytes (path plus query; an unknown parameter is ignored). */
  const urlOf = (bytes: number) => {
    const start = `${t.api}/events?padding=`;
    return start + 'a'.repeat(bytes - start.length);
  };

  it('serves a path plus query of exactly 16 KiB', async () => {
    const res = await rawRequest(t.server, 'GET', urlOf(16 * 1024), {});
    expect(res.status).toBe(200);
  });

  it.each([16 * 1024 + 1, 20 * 1024, 40 * 1024, 63 * 1024, 64 * 1024 - 200])(
    'answers a %i-byte path plus query with the JSON 414 rest_uri_too_long',
    async (bytes) => {
      const res = await rawRequest(t.server, 'GET', urlOf(bytes), {});
      expect(res.status).toBe(414);
      expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
      expect(JSON.parse(res.body)).toEqual({ code: 'rest_uri_too_long', message: 'The request URL is too long.', data: { status: 414 } });
      const es = await rawRequest(t.server, 'POST', `/es${urlOf(bytes - 3)}`, { 'Content-Type': 'application/json' }, '{}');
      expect(es.status).toBe(414);
      expect(JSON.parse(es.body).message).toBe('La URL de la solicitud es demasiado larga.');
    },
  );

  it('refuses a header block over 64 KiB with 431 and no body', async () => {
    const res = await rawRequest(t.server, 'GET', urlOf(64 * 1024), {});
    expect(res.status).toBe(431);
    expect(res.body).toBe('');
    const headers = await rawRequest(t.server, 'GET', `${t.api}/events`, { 'X-Padding': 'p'.repeat(64 * 1024) });
    expect(headers.status).toBe(431);
    expect(headers.body).toBe('');
  });
});

describe('hardening: Expect headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('serves a request whose Expect is not 100-continue as if it had none, with the contract headers (RFC 9110 §10.1.1)', async () => {
    const res = await rawRequest(t.server, 'GET', `${t.api}/events`, { Expect: 'teapot', 'X-Request-Id': 'expect-1' });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({ 'x-request-id': 'expect-1', 'x-content-type-options': 'nosniff', 'content-type': 'application/json; charset=UTF-8' });
    expect(JSON.parse(res.body)).toHaveProperty('events');
    const anonymousWrite = await rawRequest(t.server, 'POST', `${t.api}/events`, { Expect: 'x-other', 'Content-Type': 'application/json' }, '{"title":"x"}');
    expect(anonymousWrite.status).toBe(401);
    expect(JSON.parse(anonymousWrite.body)).toMatchObject({ data: { status: 401 } });
  });

  it('still answers 100-continue and then the request', async () => {
    const admin = await t.auth('administrator');
    const res = await rawRequest(
      t.server,
      'POST',
      `${t.api}/events`,
      { Expect: '100-continue', 'Content-Type': 'application/json', Authorization: admin },
      JSON.stringify({ title: 'Continued', start_date: '2031-01-01 10:00', end_date: '2031-01-01 11:00' }),
    );
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body).title).toBe('Continued');
  });
});

describe('hardening: slow clients', () => {
  // Short timeouts so the test is quick; the defaults (30 s / 50 s, checked every 3 s) are proven in app-config.spec.
  const HEADERS_TIMEOUT_MS = 1000;
  const REQUEST_TIMEOUT_MS = 2000;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
    expect(t.config.timeoutCheckIntervalMs).toBe(100);
  });
  afterAll(async () => t.close());

  // The timeouts count from the request's first byte; Node enforces them every timeoutCheckIntervalMs. A little slack
  // for a busy test machine.
  const SLACK_MS = 100 + 1400;

  it('closes a connection whose headers trickle in, once HEADERS_TIMEOUT_MS is over (408)', async () => {
    const head = `GET ${t.api}/events HTTP/1.1\r\nHost: calendar.test\r\nX-Slow: ${'s'.repeat(100)}\r\n\r\n`;
    const result = await trickle(t.server, head, { everyMs: 200, giveUpMs: 10_000 });
    expect(result.bytesSent).toBeLessThan(head.length);
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(result.closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection whose body trickles in, once REQUEST_TIMEOUT_MS is over', async () => {
    const body = JSON.stringify(EVENT);
    const request =
      `POST ${t.api}/events HTTP/1.1\r\nHost: calendar.test\r\nAuthorization: ${await t.auth('editor')}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // The headers arrive at once, then the body one byte every 200 ms (it would need about 16 s).
    const result = await trickle(t.server, request + body, { everyMs: 200, giveUpMs: 10_000, atOnce: request.length });
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(result.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
    expect(result.bytesSent).toBeLessThan(request.length + body.length);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
    // Nothing was created from the cut-off body.
    const list = await rawRequest(t.server, 'GET', `${t.api}/events?status=any`, { Authorization: await t.auth('administrator') });
    expect(JSON.parse(list.body).total).toBe(0);
  });

  it('keeps an idle keep-alive connection open past both timeouts (KEEP_ALIVE_TIMEOUT_MS decides)', async () => {
    const connection = await keepAliveSocket(t.server);
    const request = `GET /health/live HTTP/1.1\r\nHost: calendar.test\r\n\r\n`;
    const first = await connection.send(request, /\r\n\r\n\{"status":"ok"\}$/);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    expect(first).toMatch(/\r\nKeep-Alive: timeout=65\r\n/i);
    await new Promise((r) => setTimeout(r, REQUEST_TIMEOUT_MS + 1000));
    const second = await connection.send(request, /\r\n\r\n\{"status":"ok"\}$/);
    expect(second).toMatch(/^HTTP\/1\.1 200 /);
    connection.destroy();
  });
});
