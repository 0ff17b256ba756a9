import { FixedClock } from '../../domain/clock';
import { ExpiringLru } from './expiring-lru';

describe('ExpiringLru', () => {
  let clock: FixedClock;
  const lengthOf = (_key: string, value: string) => value.length;
  beforeEach(() => (clock = new FixedClock(new Date('2026-11-25T10:00:00Z'))));

  it('keeps an entry for ttlMs after it was stored, not a millisecond more', () => {
    const lru = new ExpiringLru<string>(100, 1000, lengthOf, clock);
    lru.set('a', 'x');
    clock.advance(99);
    expect(lru.get('a')).toBe('x');
    clock.advance(1);
    expect(lru.get('a')).toBeUndefined();
    expect(lru.size).toBe(0);
  });

  it('drops the least recently used entries first once the sizes exceed the budget; a read makes an entry recent', () => {
    const lru = new ExpiringLru<string>(60_000, 6, lengthOf, clock);
    lru.set('a', 'aa');
    lru.set('b', 'bb');
    lru.set('c', 'cc');
    expect(lru.get('a')).toBe('aa'); // now b is the oldest
    lru.set('d', 'dd');
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.get('d')]).toEqual(['aa', undefined, 'cc', 'dd']);
  });

  it('counts a replaced value once, ignores a value larger than the whole budget, and clears', () => {
    const lru = new ExpiringLru<string>(60_000, 4, lengthOf, clock);
    lru.set('a', 'aa');
    lru.set('a', 'aaa'); // replaces: 3 of 4 used, not 5
    lru.set('b', 'b');
    expect([lru.get('a'), lru.get('b')]).toEqual(['aaa', 'b']);
    lru.set('c', 'ccccc');
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual(['aaa', 'b', undefined, 2]);
    lru.clear();
    lru.set('d', 'dddd'); // the whole budget is free again
    expect([lru.get('a'), lru.get('d'), lru.size]).toEqual([undefined, 'dddd', 1]);
  });

  it('never keeps an entry larger than maxEntrySize, and keeps the entries it has', () => {
    const lru = new ExpiringLru<string>(60_000, 100, lengthOf, clock, 10);
    lru.set('small', 'x'.repeat(10));
    lru.set('large', 'x'.repeat(11));
    expect(lru.get('small')).toBe('x'.repeat(10));
    expect(lru.get('large')).toBeUndefined();
    expect(lru.size).toBe(1);
  });

  it('expires a backdated entry ttlMs after the time it is dated, and refuses one already past it', () => {
    const lru = new ExpiringLru<string>(100, 1000, lengthOf, clock);
    lru.set('old', 'x', clock.now().getTime() - 60);
    lru.set('dead', 'y', clock.now().getTime() - 100);
    expect(lru.size).toBe(1); // the dead one took no room
    clock.advance(39);
    expect(lru.entry('old')).toMatchObject({ value: 'x', storedAt: clock.now().getTime() - 99 });
    clock.advance(1);
    expect(lru.get('old')).toBeUndefined();
  });

  it('treats an entry stored in the future of the clock (the clock went back) as expired', () => {
    const lru = new ExpiringLru<string>(1000, 10, lengthOf, clock);
    lru.set('a', 'x');
    clock.set(new Date('2026-11-25T09:59:59Z'));
    expect(lru.get('a')).toBeUndefined();
  });
});
