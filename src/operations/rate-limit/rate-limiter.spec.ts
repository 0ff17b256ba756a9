import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../../config/app-config';
import type { TokenVerifier } from '../../shared/auth/token-verifier';
import { FixedClock } from '../../shared/domain/clock';
import { RateLimitStore, WindowHit } from '../domain/rate-limit-store';
import { InMemoryRateLimitStore } from './in-memory-rate-limit.store';
import { RATE_LIMITED, rateLimitMiddleware } from './rate-limiter';

const config = { rateLimitMax: 2, rateLimitWindowSeconds: 60, apiPrefix: '/wp-json', locales: ['en'] } as unknown as AppConfig;
const clock = new FixedClock(new Date(Date.UTC(2026, 10, 27, 12, 0, 30)));
const verifier = { enabled: true, verify: async () => ({ userId: 7 }) } as unknown as TokenVerifier;

function request(headers: Record<string, string> = {}): Request {
  return { url: '/wp-json/calendar/events/v1/events', headers, rawHeaders: Object.entries(headers).flat(), ip: '203.0.113.9', socket: {} } as unknown as Request;
}

function response(): Response & { set: Record<string, string> } {
  const set: Record<string, string> = {};
  return { set, locals: {}, setHeader: (name: string, value: string) => (set[name] = value) } as unknown as Response & { set: Record<string, string> };
}

/** A store that answers later, as Redis and the cluster primary do. */
class LaterStore extends RateLimitStore {
  readonly keys: string[] = [];
  constructor(private readonly answer: () => Promise<WindowHit>) {
    super();
  }
  hit(key: string): Promise<WindowHit> {
    this.keys.push(key);
    return this.answer();
  }
}

describe('rate limiter: counting (CONTRACT §13.5)', () => {
  it('counts an anonymous request in memory at once: next() runs before the middleware returns', () => {
    const middleware = rateLimitMiddleware(config, new InMemoryRateLimitStore(), verifier, clock, () => undefined);
    const res = response();
    const next = jest.fn() as NextFunction;
    for (let i = 0; i < 3; i++) middleware(request(), res, next);
    expect(next).toHaveBeenCalledTimes(3);
    expect(res.set).toEqual({ 'RateLimit-Limit': '2', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '30' });
    expect(res.locals[RATE_LIMITED]).toEqual({ limit: 2, remaining: 0, resetSeconds: 30, limited: true });
  });

  it('waits for a store that answers later, keyed by the verified user when there is a token', async () => {
    const store = new LaterStore(async () => ({ count: 1, resetAt: Date.UTC(2026, 10, 27, 12, 1) }));
    const res = response();
    const done = new Promise<void>((resolve) => rateLimitMiddleware(config, store, verifier, clock, () => undefined)(request({ authorization: 'Bearer x' }), res, () => resolve()));
    await done;
    expect(store.keys).toEqual(['user:7']);
    expect(res.locals.verifiedUserId).toBe(7);
    expect(res.set['RateLimit-Remaining']).toBe('1');
  });

  it('keys an anonymous request by its address', async () => {
    const store = new LaterStore(async () => ({ count: 1, resetAt: 0 }));
    await new Promise<void>((resolve) => rateLimitMiddleware(config, store, verifier, clock, () => undefined)(request(), response(), () => resolve()));
    expect(store.keys).toEqual(['addr:203.0.113.9']);
  });

  it('lets the request through when the store fails, at once or later, and reports the failure', async () => {
    const failures: unknown[] = [];
    const failing = new InMemoryRateLimitStore();
    failing.hit = () => {
      throw new Error('down now');
    };
    const next = jest.fn() as NextFunction;
    rateLimitMiddleware(config, failing, verifier, clock, (e) => failures.push(e))(request(), response(), next);
    expect(next).toHaveBeenCalledTimes(1);
    const later = new LaterStore(() => Promise.reject(new Error('down later')));
    const res = response();
    await new Promise<void>((resolve) => rateLimitMiddleware(config, later, verifier, clock, (e) => failures.push(e))(request(), res, () => resolve()));
    expect(failures.map((e) => (e as Error).message)).toEqual(['down now', 'down later']);
    expect(res.set).toEqual({});
  });

  it('counts nothing outside the API base addresses, or with RATE_LIMIT_MAX=0', () => {
    const store = new LaterStore(async () => ({ count: 1, resetAt: 0 }));
    const next = jest.fn() as NextFunction;
    rateLimitMiddleware(config, store, verifier, clock, () => undefined)({ ...request(), url: '/health/live' } as Request, response(), next);
    rateLimitMiddleware({ ...config, rateLimitMax: 0 }, store, verifier, clock, () => undefined)(request(), response(), next);
    expect(next).toHaveBeenCalledTimes(2);
    expect(store.keys).toEqual([]);
  });
});
