import * as net from 'node:net';
import { Writable } from 'node:stream';
import { createRootLogger } from '../../src/operations/logging/root-logger';
import { startTestApp, TestApp } from './support/test-app';

/** A JSON logger whose lines the test reads. */
function capturedLog(level: 'info' | 'debug' | 'warn') {
  const lines: Array<Record<string, unknown>> = [];
  let raw = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw += chunk.toString('utf8');
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: createRootLogger(level, stream), lines, raw: () => raw };
}

describe('operations: /metrics (CONTRACT §13.2)', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('counts requests by method, route pattern (or unmatched), status and locale, with duration, in-flight, rate-limit and process metrics', async () => {
    t = await startTestApp();
    await t.http().get(`${t.api}/events/12345`).expect(404);
    await t.http().get(`/es${t.api}/events/777`).expect(404);
    await t.http().get(`${t.api}/no-such-thing/123`).expect(404);
    await t.http().get(`${t.api}/events`).expect(200);
    await t.http().options(`${t.api}/events/12`).expect(200);
    await t.http().options(`${t.api}/`).expect(200);
    await t.http().options('/wp-json/').expect(200);
    const res = await t.http().get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(text).toContain('http_requests_total{method="GET",route="/calendar/events/v1/events/:id",status="404",locale="en"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/calendar/events/v1/events/:id",status="404",locale="es"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404",locale="en"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/calendar/events/v1/events",status="200",locale="en"} 1');
    expect(text).toContain('http_requests_total{method="OPTIONS",route="/calendar/events/v1/events/:id",status="200",locale="en"} 1');
    expect(text).toContain('http_requests_total{method="OPTIONS",route="/calendar/events/v1",status="200",locale="en"} 1');
    expect(text).toContain('http_requests_total{method="OPTIONS",route="/",status="200",locale="en"} 1');
    expect(text).not.toContain('12345');
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/calendar\/events\/v1\/events",status="200",locale="en"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="\+Inf",/m);
    expect(text).toMatch(/^http_requests_in_flight 1$/m); // this scrape
    expect(text).toMatch(/^rate_limited_requests_total 0$/m);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_heap_size_used_bytes');
    if (t.db === 'mysql') expect(text).toMatch(/^db_pool_size \d+$/m);
    else expect(text).not.toContain('db_pool_size');
  });

  it('counts the reads the read cache answered and those it could have answered but did not', async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '60000' });
    await t.http().get(`${t.api}/events`).expect(200); // miss: the address' first request, not kept
    await t.http().get(`${t.api}/events`).expect(200); // miss, asked before: kept
    await t.http().get(`${t.api}/events`).expect(200); // hit
    await t.http().get(`${t.api}/events?per_page=3`).expect(200); // another address: miss
    await t.http().get(`${t.api}/events`).set('Authorization', await t.auth('editor')).expect(200); // takes no part
    const text = (await t.http().get('/metrics').expect(200)).text;
    expect(text).toMatch(/^read_cache_lookups_total\{result="hit"\} 1$/m);
    expect(text).toMatch(/^read_cache_lookups_total\{result="miss"\} 3$/m);
  });

  it('needs no token, is not localised and answers 404 rest_no_route with METRICS_ENABLED=false', async () => {
    t = await startTestApp({ METRICS_ENABLED: 'false' });
    const res = await t.http().get('/metrics').expect(404);
    expect(res.body).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
    await t.close();
    t = await startTestApp();
    await t.http().get('/metrics').set('Authorization', 'Bearer garbage').expect(200);
    await t.http().get('/es/metrics').expect(404);
  });
});

describe('operations: JSON request logs (CONTRACT §13.3)', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('writes one line per request with time, level, request id, method, route, path, status, duration, user and address', async () => {
    const captured = capturedLog('info');
    t = await startTestApp({}, undefined, { log: captured.log });
    const token = await t.auth('editor');
    await t.http().get(`${t.api}/events/4242?password=hunter2`).set('Authorization', token).set('X-Request-Id', 'trace-1.a:b_c').expect(404);
    const lines = captured.lines.filter((l) => l.msg === 'request completed');
    expect(lines).toHaveLength(1);
    const line = lines[0];
    expect(line).toMatchObject({
      level: 'info',
      requestId: 'trace-1.a:b_c',
      method: 'GET',
      route: '/calendar/events/v1/events/:id',
      path: `${t.api}/events/4242`,
      status: 404,
      userId: 2,
      clientAddress: '127.0.0.1',
    });
    expect(typeof line.durationMs).toBe('number');
    expect(new Date(line.time as string).toISOString()).toBe(line.time);
  });

  it('never logs Authorization headers, tokens, password or post_password values', async () => {
    const captured = capturedLog('debug');
    t = await startTestApp({}, undefined, { log: captured.log });
    const token = await t.auth('editor');
    await t.http()
      .post(`${t.api}/events?password=query-secret`)
      .set('Authorization', token)
      .send({ title: 'Secret', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00', post_password: 'body-secret' })
      .expect(201);
    await t.http().get(`${t.api}/events`).set('Authorization', 'Bearer not.a.valid-token').expect(401);
    expect(captured.lines.length).toBeGreaterThan(1);
    for (const secret of [token.slice(7), 'not.a.valid-token', 'query-secret', 'body-secret', 'Bearer']) {
      expect(captured.raw()).not.toContain(secret);
    }
  });

  it('logs health probes only at debug and honours the level', async () => {
    const info = capturedLog('info');
    t = await startTestApp({}, undefined, { log: info.log });
    await t.http().get('/health/live').expect(200);
    await t.http().get('/health/ready').expect(200);
    expect(info.lines.filter((l) => l.msg === 'request completed')).toHaveLength(0);
    await t.close();

    const debug = capturedLog('debug');
    t = await startTestApp({}, undefined, { log: debug.log });
    await t.http().get('/health/ready').expect(200);
    expect(debug.lines.filter((l) => l.msg === 'request completed')).toEqual([
      expect.objectContaining({ level: 'debug', route: '/health/ready', status: 200 }),
    ]);
    await t.close();

    const warn = capturedLog('warn');
    t = await startTestApp({}, undefined, { log: warn.log });
    await t.http().get(`${t.api}/events`).expect(200);
    expect(warn.lines).toHaveLength(0);
  });

  it('logs and counts a request whose client went away before its answer with status 499 and the client address', async () => {
    const captured = capturedLog('info');
    t = await startTestApp({}, undefined, { log: captured.log });
    const token = await t.auth('editor');
    const { port } = new URL(t.server);
    // Headers and half of a promised body, then the client goes away: nobody is ever answered.
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${t.api}/events HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\nX-Request-Id: cut-1\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    const deadline = Date.now() + 5000;
    while (!captured.lines.some((l) => l.requestId === 'cut-1') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(captured.lines.filter((l) => l.requestId === 'cut-1')).toEqual([
      expect.objectContaining({ level: 'warn', msg: 'request aborted', method: 'POST', status: 499, clientAddress: '127.0.0.1' }),
    ]);
    const text = (await t.http().get('/metrics').expect(200)).text;
    expect(text).toMatch(/^http_requests_total\{method="POST",route="[^"]+",status="499",locale="en"\} 1$/m);
    expect(text).not.toMatch(/^http_requests_total\{method="POST",[^}]*status="200"/m);
  });

  it('returns a valid incoming X-Request-Id and replaces an invalid one with a UUID v4, on every response', async () => {
    t = await startTestApp();
    const ok = await t.http().get('/health/live').set('X-Request-Id', 'a'.repeat(128)).expect(200);
    expect(ok.headers['x-request-id']).toBe('a'.repeat(128));
    const tooLong = await t.http().get(`${t.api}/events`).set('X-Request-Id', 'a'.repeat(129)).expect(200);
    expect(tooLong.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const preflight = await t.http().options(`${t.api}/events`).set('Access-Control-Request-Method', 'POST').set('X-Request-Id', 'pf-1');
    expect(preflight.headers['x-request-id']).toBe('pf-1');
    const tooBig = await t.http().post(`${t.api}/events`).set('Content-Type', 'text/plain').set('X-Request-Id', 'x/y').send('hello').expect(415);
    expect(tooBig.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
