import { ShutdownState } from '../../src/operations/health/shutdown-state';
import { startTestApp, TestApp } from './support/test-app';

/** CONTRACT §13.1: /health/live and /health/ready at the root. */
describe('operations: health', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp({ RATE_LIMIT_MAX: '2' });
  });
  afterEach(() => t.close());

  it('answers live and ready with the contract bodies, ignoring any Authorization header', async () => {
    const live = await t.http().get('/health/live').set('Authorization', 'Bearer not-a-token').expect(200);
    expect(live.body).toEqual({ status: 'ok' });
    expect(live.headers['content-type']).toBe('application/json; charset=UTF-8');
    const ready = await t.http().get('/health/ready').set('Authorization', 'Bearer not-a-token').expect(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok' } });
    await t.http().head('/health/ready').expect(200);
  });

  it('answers health, metrics and docs only at their exact spelling (a trailing slash allowed): a gateway rule for /metrics must not be bypassed by /METRICS', async () => {
    for (const path of ['/health/live', '/health/ready/', '/metrics', '/metrics/', '/docs', '/docs/explorer.js', '/es/docs/']) {
      expect([path, (await t.http().get(path)).status]).toEqual([path, 200]);
    }
    for (const path of ['/METRICS', '/Metrics/', '/Health/Ready', '/HEALTH/LIVE', '/health/READY', '/DOCS', '/es/Docs/', '/docs/Explorer.js']) {
      const res = await t.http().get(path);
      expect([path, res.status, res.body.code]).toEqual([path, 404, 'rest_no_route']);
    }
    // The API's own routes stay case-insensitive after the prefix (§1.3).
    await t.http().get(`${t.api}/EVENTS`).expect(200);
  });

  it('is neither rate limited nor localised', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.http().get('/health/ready').expect(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    }
    const es = await t.http().get('/es/health/live').expect(404);
    expect(es.body.code).toBe('rest_no_route');
    await t.http().get(`${t.api}/health/live`).expect(404);
  });

  it('answers 503 unavailable while the database cannot be reached', async () => {
    await t.dataSource.destroy();
    const res = await t.http().get('/health/ready').expect(503);
    expect(res.body).toEqual({ status: 'unavailable', checks: { database: 'failed' } });
    await t.http().get('/health/live').expect(200);
  });

  it('answers 503 shutting_down once shutdown has begun, while live stays 200', async () => {
    t.app.get(ShutdownState).begin();
    const res = await t.http().get('/health/ready').expect(503);
    expect(res.body).toEqual({ status: 'shutting_down', checks: { database: 'ok' } });
    expect(res.headers.connection).toBe('close');
    await t.http().get('/health/live').expect(200);
  });
});
