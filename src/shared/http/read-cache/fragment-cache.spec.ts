import { FixedClock } from '../../domain/clock';
import { FragmentCache } from './fragment-cache';
import { ResponseCache } from './response-cache';

describe('FragmentCache (issue 18: rendered records under the read cache rules)', () => {
  let clock: FixedClock;
  let responses: ResponseCache;
  beforeEach(() => {
    clock = new FixedClock(new Date('2026-11-22T10:00:00Z'));
    responses = new ResponseCache(1000, 1024 * 1024, clock);
  });

  it('serves a fragment until the read cache lifetime is over', () => {
    const cache = new FragmentCache(responses, 1000, 1000, clock);
    cache.set('event 1', Buffer.from('{"id":1}'), cache.generation);
    clock.advance(999);
    expect(cache.get('event 1')?.toString()).toBe('{"id":1}');
    clock.advance(1);
    expect(cache.get('event 1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('is cleared by every invalidation of the read cache, and keeps nothing read before one', () => {
    const cache = new FragmentCache(responses, 1000, 1000, clock);
    const before = cache.generation;
    cache.set('event 1', Buffer.from('a'), before);
    responses.invalidate(); // a write: here, in a cluster peer or from another instance
    expect(cache.get('event 1')).toBeUndefined();
    cache.set('event 2', Buffer.from('b'), before); // read before the write: refused
    expect(cache.get('event 2')).toBeUndefined();
    cache.set('event 2', Buffer.from('c'), cache.generation);
    expect(cache.get('event 2')?.toString()).toBe('c');
  });

  it('drops the least recently used fragments beyond its budget, and never keeps one larger than it', () => {
    const cache = new FragmentCache(responses, 60_000, 10, clock);
    cache.set('a', Buffer.from('1234'), cache.generation);
    cache.set('b', Buffer.from('1234'), cache.generation);
    expect(cache.get('a')?.toString()).toBe('1234'); // now the most recent
    cache.set('c', Buffer.from('1234'), cache.generation);
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((b) => b?.toString())).toEqual(['1234', undefined, '1234']);
    cache.set('d', Buffer.from('12345678901'), cache.generation);
    expect(cache.get('d')).toBeUndefined();
    cache.set('e', Buffer.from('ééééé'), cache.generation); // 5 characters, 10 bytes: the budget counts bytes
    expect(cache.get('e')?.toString()).toBe('ééééé');
    cache.set('f', Buffer.from('éééééé'), cache.generation); // 12 bytes
    expect(cache.get('f')).toBeUndefined();
  });

  it('is off with a lifetime of 0, as the read cache is', () => {
    const cache = new FragmentCache(new ResponseCache(0, 1024, clock), 0, 1000, clock);
    cache.set('a', Buffer.from('x'), cache.generation);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
