import { FixedClock } from '../../domain/clock';
import { hash52, RepeatedKeys } from './repeated-keys';

describe('RepeatedKeys (the read cache doorkeeper)', () => {
  let clock: FixedClock;
  beforeEach(() => (clock = new FixedClock(new Date('2026-11-27T10:00:00Z'))));

  it('answers false the first time a key is asked for, true when it is asked for again', () => {
    const keys = new RepeatedKeys(1000, 100, clock);
    expect(keys.seenBefore('a')).toBe(false);
    expect(keys.seenBefore('b')).toBe(false);
    expect(keys.seenBefore('a')).toBe(true);
    expect(keys.seenBefore('a')).toBe(true);
  });

  it('remembers a key through the next window, and forgets it after that', () => {
    const keys = new RepeatedKeys(1000, 100, clock);
    keys.seenBefore('a');
    clock.advance(1999); // the window of 'a' closed at 1000; 'a' is in the previous one
    expect(keys.seenBefore('b')).toBe(false);
    expect(keys.seenBefore('a')).toBe(true); // now in the current window (opened at 1999) too
    clock.advance(1000); // 2999: the window opened at 1999 is still the previous one
    expect(keys.seenBefore('b')).toBe(true);
    clock.advance(2000); // two windows without 'a'
    expect(keys.seenBefore('a')).toBe(false);
  });

  it('forgets everything when two windows went by without a request', () => {
    const keys = new RepeatedKeys(1000, 100, clock);
    keys.seenBefore('a');
    clock.advance(999);
    expect(keys.seenBefore('a')).toBe(true);
    clock.advance(2001);
    expect(keys.seenBefore('a')).toBe(false);
  });

  it('forgets everything when the clock moves back', () => {
    const keys = new RepeatedKeys(1000, 100, clock);
    keys.seenBefore('a');
    clock.advance(-1);
    expect(keys.seenBefore('a')).toBe(false);
  });

  it('closes a full window early, so a flood of distinct keys holds at most two windows of them', () => {
    const keys = new RepeatedKeys(1000, 3, clock);
    for (const key of ['a', 'b', 'c']) keys.seenBefore(key);
    keys.seenBefore('d'); // the window holding a, b, c is full: closed, d opens the next one
    expect(keys.seenBefore('a')).toBe(true); // the previous window
    keys.seenBefore('e'); // current: d, a, e (full)
    keys.seenBefore('f'); // closed again: previous d, a, e; current f
    expect(keys.seenBefore('b')).toBe(false);
    expect(keys.seenBefore('d')).toBe(true);
  });
});

describe('hash52', () => {
  it('gives each of many similar addresses its own safe integer, the same one every time', () => {
    const addresses = Array.from({ length: 50_000 }, (_, i) => `en json /wp-json/calendar/events/v1/events?start_date=2026-01-01%20${i}`);
    const hashes = addresses.map(hash52);
    expect(new Set(hashes).size).toBe(addresses.length);
    expect(hashes.every((h) => Number.isSafeInteger(h) && h >= 0 && h < 2 ** 52)).toBe(true);
    expect(hash52(addresses[7])).toBe(hashes[7]);
    expect(hash52('ab')).not.toBe(hash52('ba'));
  });
});
