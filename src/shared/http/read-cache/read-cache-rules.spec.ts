import { clearsReadCache, isKeptAnswer, isRead, keepsHeader, readCacheKey, readCacheScope, takesPart, type ReadRequest } from './read-cache-rules';

describe('read cache rules (README "Read cache")', () => {
  const scope = readCacheScope('/WP-JSON');
  const anonymous = (over: Partial<ReadRequest> = {}): ReadRequest => ({
    headers: {},
    query: {},
    path: '/wp-json/calendar/events/v1/events',
    rateLimited: undefined,
    ...over,
  });

  it('scopes the namespace resource routes in lower case, the documentation apart', () => {
    expect(scope).toEqual({ resources: '/wp-json/calendar/events/v1/', documentation: '/wp-json/calendar/events/v1/doc' });
  });

  it('GET and HEAD are reads; every other method but OPTIONS clears the cache', () => {
    expect(['GET', 'HEAD'].map(isRead)).toEqual([true, true]);
    expect(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map(isRead)).toEqual([false, false, false, false, false]);
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].map(clearsReadCache)).toEqual([true, true, true, true]);
    expect(['OPTIONS', 'GET', 'HEAD'].map(clearsReadCache)).toEqual([false, false, false]);
  });

  it('a plain anonymous read of a resource route takes part, whatever the case of its path and its trailing slashes', () => {
    expect(takesPart(anonymous(), scope)).toBe(true);
    expect(takesPart(anonymous({ path: '/WP-JSON/Calendar/Events/V1/Events//' }), scope)).toBe(true);
    expect(takesPart(anonymous({ query: undefined }), scope)).toBe(true);
    expect(takesPart(anonymous({ query: { search: 'x' } }), scope)).toBe(true);
  });

  it('a caller with a token, a password or a rate limit never takes part', () => {
    expect(takesPart(anonymous({ headers: { authorization: 'Bearer x' } }), scope)).toBe(false);
    expect(takesPart(anonymous({ headers: { authorization: '' } }), scope)).toBe(false);
    expect(takesPart(anonymous({ query: { password: '' } }), scope)).toBe(false);
    expect(takesPart(anonymous({ rateLimited: true }), scope)).toBe(false);
  });

  it.each(['if-none-match', 'if-match', 'if-modified-since', 'if-unmodified-since'])('a conditional request (%s) never takes part', (name) => {
    expect(takesPart(anonymous({ headers: { [name]: '"x"' } }), scope)).toBe(false);
    expect(takesPart(anonymous({ headers: { [name]: '' } }), scope)).toBe(false);
  });

  it('neither the documentation nor paths outside the namespace take part', () => {
    expect(takesPart(anonymous({ path: '/wp-json/calendar/events/v1/doc' }), scope)).toBe(false);
    expect(takesPart(anonymous({ path: '/wp-json/calendar/events/v1/doc/' }), scope)).toBe(false);
    expect(takesPart(anonymous({ path: '/wp-json/calendar/events/v1/doc///' }), scope)).toBe(false);
    expect(takesPart(anonymous({ path: '/wp-json/calendar/events/v1' }), scope)).toBe(false);
    expect(takesPart(anonymous({ path: '/wp-json/other/v1/events' }), scope)).toBe(false);
    expect(takesPart(anonymous({ path: '/health' }), scope)).toBe(false);
    expect(takesPart(anonymous({ path: '/x/wp-json/calendar/events/v1/events' }), scope)).toBe(false);
  });

  it('keys an answer by language, JSON or iCalendar, and URL', () => {
    expect(readCacheKey('es', false, '/e?x=1')).toBe('es json /e?x=1');
    expect(readCacheKey('en', true, '/e')).toBe('en text/calendar /e');
  });

  it('keeps only a successful single-chunk JSON or iCalendar answer', () => {
    const ok = { streamed: false, status: 200, contentType: 'application/json; charset=utf-8', chunk: '{}' };
    expect(isKeptAnswer(ok)).toBe(true);
    expect(isKeptAnswer({ ...ok, chunk: Buffer.from('{}') })).toBe(true);
    expect(isKeptAnswer({ ...ok, contentType: 'text/calendar; charset=utf-8' })).toBe(true);
    expect(isKeptAnswer({ ...ok, streamed: true })).toBe(false);
    expect(isKeptAnswer({ ...ok, status: 304 })).toBe(false);
    expect(isKeptAnswer({ ...ok, status: 404 })).toBe(false);
    expect(isKeptAnswer({ ...ok, contentType: 'text/html' })).toBe(false);
    expect(isKeptAnswer({ ...ok, contentType: '' })).toBe(false);
    expect(isKeptAnswer({ ...ok, contentType: 'text/plain; x=application/json' })).toBe(false);
    expect(isKeptAnswer({ ...ok, chunk: undefined })).toBe(false);
  });

  it('keeps the headers the handler set and Vary, never the per-request ones', () => {
    expect(keepsHeader('x-tec-total', false)).toBe(true);
    expect(keepsHeader('etag', false)).toBe(true);
    expect(keepsHeader('x-request-id', true)).toBe(false);
    expect(keepsHeader('vary', true)).toBe(true);
    expect(keepsHeader('vary', false)).toBe(true);
    for (const name of ['cache-control', 'connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding']) {
      expect(keepsHeader(name, false)).toBe(false);
    }
  });
});
