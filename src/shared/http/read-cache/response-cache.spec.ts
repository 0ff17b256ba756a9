import { FixedClock } from '../../domain/clock';
import { CachedResponse, ResponseCache } from './response-cache';

const answer = (text: string): CachedResponse => ({ status: 200, headers: [['X-TEC-Total', '1']], body: Buffer.from(text) });

describe('ResponseCache', () => {
  let clock: FixedClock;
  beforeEach(() => (clock = new FixedClock(new Date('2026-11-22T10:00:00Z'))));

  it('serves an entry until its lifetime on the injected clock is over', () => {
    const cache = new ResponseCache(1000, 1024 * 1024, clock);
    cache.set('en /events', answer('a'), cache.generation);
    clock.advance(999);
    expect(cache.get('en /events')?.body.toString()).toBe('a');
    clock.advance(1);
    expect(cache.get('en /events')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never serves an entry stored "in the future" (clock moved back)', () => {
    const cache = new ResponseCache(1000, 1024 * 1024, clock);
    cache.set('k', answer('a'), cache.generation);
    clock.advance(-1);
    expect(cache.get('k')).toBeUndefined();
  });

  it('forgets everything on a write, and refuses answers read before it', () => {
    const cache = new ResponseCache(1000, 1024 * 1024, clock);
    cache.set('k', answer('old'), cache.generation);
    const readStartedAt = cache.generation;
    cache.invalidate();
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', answer('read before the write'), readStartedAt);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', answer('new'), cache.generation);
    expect(cache.get('k')?.body.toString()).toBe('new');
  });

  it('drops the least recently used entries to stay within its memory budget', () => {
    const entryBytes = 1000 + 1 + 256;
    const cache = new ResponseCache(60_000, entryBytes * 2, clock);
    cache.set('a', answer('x'.repeat(1000)), 0);
    cache.set('b', answer('y'.repeat(1000)), 0);
    expect(cache.get('a')).toBeDefined(); // now b is the least recently used
    cache.set('c', answer('z'.repeat(1000)), 0);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('does not keep an answer larger than the whole budget', () => {
    const cache = new ResponseCache(60_000, 100, clock);
    cache.set('big', answer('x'.repeat(500)), 0);
    expect(cache.get('big')).toBeUndefined();
  });
});
