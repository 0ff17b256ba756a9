import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { ShutdownState } from '../health/shutdown-state';
import { decideAtWriteHead, discoveryLinkFor } from './response-headers.middleware';

describe('discovery Link header (CONTRACT §7.1)', () => {
  const config = { publicUrl: 'https://cal.example/base', apiPrefix: '/api', locales: ['en', 'es'] as Array<'en' | 'es'> };

  it('points at the English API root, or the Spanish one for the /es base address', () => {
    const link = discoveryLinkFor(config);
    expect(link('/api/calendar/events/v1/events')).toBe('<https://cal.example/base/api/>; rel="https://api.w.org/"');
    expect(link('/health/live')).toBe('<https://cal.example/base/api/>; rel="https://api.w.org/"');
    expect(link('/essay')).toBe('<https://cal.example/base/api/>; rel="https://api.w.org/"');
    for (const url of ['/es', '/es/api/', '/es?x=1', '/es/api/calendar/events/v1/events?page=2']) {
      expect(link(url)).toBe('<https://cal.example/base/es/api/>; rel="https://api.w.org/"');
    }
  });

  it('never names a Spanish root that is not served (LOCALES=en)', () => {
    expect(discoveryLinkFor({ ...config, locales: ['en'] })('/es/api/')).toBe('<https://cal.example/base/api/>; rel="https://api.w.org/"');
  });
});

describe('Cache-Control and Connection decided at writeHead (CONTRACT §13.6, §13.7)', () => {
  /** Responses of their own class, so that the decision is installed on a prototype of this test's own. */
  class Answer extends ServerResponse {}
  const shutdown = new ShutdownState();
  decideAtWriteHead(Answer.prototype, shutdown);

  function answer(method: string, headers: Record<string, string> = {}): Answer {
    const req = new IncomingMessage(new Socket());
    req.method = method;
    req.headers = headers;
    return new Answer(req);
  }

  it('no-cache for a successful anonymous read, no-store for everything else', () => {
    const cases: Array<[string, Record<string, string>, number, string]> = [
      ['GET', {}, 200, 'no-cache'],
      ['HEAD', {}, 204, 'no-cache'],
      ['GET', {}, 304, 'no-cache'],
      ['GET', {}, 404, 'no-store'],
      ['GET', { authorization: 'Bearer x' }, 200, 'no-store'],
      ['POST', {}, 201, 'no-store'],
    ];
    for (const [method, headers, status, expected] of cases) {
      const res = answer(method, headers);
      res.writeHead(status);
      expect([method, status, res.getHeader('Cache-Control')]).toEqual([method, status, expected]);
    }
    const implicit = answer('GET');
    implicit.statusCode = 500;
    implicit.writeHead(implicit.statusCode);
    expect(implicit.getHeader('Cache-Control')).toBe('no-store');
  });

  it("keeps a handler's own Cache-Control, set before or passed to writeHead", () => {
    const set = answer('GET');
    set.setHeader('Cache-Control', 'public, max-age=60');
    set.writeHead(200);
    expect(set.getHeader('Cache-Control')).toBe('public, max-age=60');
    const headerBlock = (res: Answer) => (res as unknown as { _header: string })._header;
    const passed = answer('GET');
    passed.writeHead(200, { 'cache-control': 'max-age=5' });
    expect(headerBlock(passed)).toMatch(/\r\ncache-control: max-age=5\r\n/i);
    expect(headerBlock(passed)).not.toMatch(/no-cache/);
    const raw = answer('GET');
    raw.writeHead(200, 'OK', ['Cache-Control', 'max-age=7']);
    expect(headerBlock(raw)).toMatch(/\r\nCache-Control: max-age=7\r\n/);
    expect(headerBlock(raw)).not.toMatch(/no-cache/);
  });

  it('says Connection: close once shutdown has begun', () => {
    const before = answer('GET');
    before.writeHead(200);
    expect(before.getHeader('Connection')).toBeUndefined();
    shutdown.begin();
    const after = answer('GET');
    after.writeHead(200);
    expect(after.getHeader('Connection')).toBe('close');
  });
});
