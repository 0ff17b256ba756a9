import { FixedClock } from '../../domain/clock';
import { approximateBytes, FragmentCache, LinkedRecordCache } from './fragment-cache';
import { ResponseCache } from './response-cache';

describe('ReadModelStore (issue 18: fragments and linked records under the read cache rules)', () => {
  let clock: FixedClock;
  let responses: ResponseCache;
  const now = () => clock.now().getTime();
  const text = (cache: FragmentCache, key: string) => cache.entry(key)?.value.toString();
  beforeEach(() => {
    clock = new FixedClock(new Date('2026-11-22T10:00:00Z'));
    responses = new ResponseCache(1000, 1024 * 1024, clock);
  });

  it('serves an entry until the read cache lifetime, counted from when its data was read, is over', () => {
    const cache = new FragmentCache(responses, 1000, 1000, clock);
    cache.set('event 1', Buffer.from('{"id":1}'), cache.generation, now());
    cache.set('event 2', Buffer.from('{"id":2}'), cache.generation, now() - 600); // made of data read 600 ms ago
    clock.advance(399);
    expect(cache.entry('event 2')).toMatchObject({ value: Buffer.from('{"id":2}'), storedAt: now() - 999 });
    clock.advance(1);
    expect(cache.entry('event 2')).toBeUndefined();
    clock.advance(599);
    expect(text(cache, 'event 1')).toBe('{"id":1}');
    clock.advance(1);
    expect(cache.entry('event 1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('is cleared by every invalidation of the read cache, and keeps nothing read before one', () => {
    const cache = new FragmentCache(responses, 1000, 1000, clock);
    const before = cache.generation;
    cache.set('event 1', Buffer.from('a'), before, now());
    responses.invalidate(); // a write: here, in a cluster peer or from another instance
    expect(cache.entry('event 1')).toBeUndefined();
    cache.set('event 2', Buffer.from('b'), before, now()); // read before the write: refused
    expect(cache.entry('event 2')).toBeUndefined();
    cache.set('event 2', Buffer.from('c'), cache.generation, now());
    expect(text(cache, 'event 2')).toBe('c');
  });

  it('drops the least recently used fragments beyond its budget, and never keeps one larger than it', () => {
    const cache = new FragmentCache(responses, 60_000, 10, clock);
    const set = (key: string, value: string) => cache.set(key, Buffer.from(value), cache.generation, now());
    set('a', '1234');
    set('b', '1234');
    expect(text(cache, 'a')).toBe('1234'); // now the most recent
    set('c', '1234');
    expect([text(cache, 'a'), text(cache, 'b'), text(cache, 'c')]).toEqual(['1234', undefined, '1234']);
    set('d', '12345678901');
    expect(cache.entry('d')).toBeUndefined();
    set('e', 'ééééé'); // 5 characters, 10 bytes: the budget counts bytes
    expect(text(cache, 'e')).toBe('ééééé');
    set('f', 'éééééé'); // 12 bytes
    expect(cache.entry('f')).toBeUndefined();
  });

  it('keeps linked records within a budget of their approximate size, however long their texts', () => {
    const records = new LinkedRecordCache(responses, 60_000, 1000, clock);
    const venue = { id: 1, venue: 'Hall', description: 'x'.repeat(200) };
    records.set('venue 1', venue, records.generation, now());
    expect(records.entry('venue 1')?.value).toBe(venue);
    records.set('venue 2', { id: 2, venue: 'Big', description: 'x'.repeat(1000) }, records.generation, now());
    expect(records.entry('venue 2')).toBeUndefined(); // alone over the budget
    expect(records.entry('venue 1')?.value).toBe(venue);
    expect(approximateBytes({ id: 1, name: 'ab', sizes: { thumbnail: { width: 1, url: 'u' } } })).toBe(16 + 8 + 8 + 8 + (16 + 4) + 8 + (16 + 8 + (16 + 8 + 8 + 8 + (16 + 2))));
  });

  it('is off with a lifetime of 0, as the read cache is', () => {
    const cache = new FragmentCache(new ResponseCache(0, 1024, clock), 0, 1000, clock);
    cache.set('a', Buffer.from('x'), cache.generation, now());
    expect(cache.entry('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
