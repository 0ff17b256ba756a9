import { allDayBounds, assertDateOrder, EventRuleError, isProtected, searchKeyOf } from '../../src/modules/events/domain/calendar-event';
import { distanceKm, parseSearch } from '../../src/modules/events/domain/event-query';
import { fold } from '../../src/shared/domain/text';

describe('CalendarEvent rules', () => {
  it('end must not be earlier than start; equal is allowed', () => {
    expect(() => assertDateOrder('2026-12-01 10:00:00', '2026-12-01 09:59:59')).toThrow(EventRuleError);
    expect(() => assertDateOrder('2026-12-01 10:00:00', '2026-12-01 10:00:00')).not.toThrow();
  });

  it('all-day events run from 00:00:00 of the start day to 23:59:59 of the end day', () => {
    expect(allDayBounds('2026-12-01 10:30:00', '2026-12-03 08:00:00')).toEqual({
      startLocal: '2026-12-01 00:00:00',
      endLocal: '2026-12-03 23:59:59',
    });
  });

  it('the search key folds title, description and excerpt, separated so words cannot span fields', () => {
    expect(searchKeyOf({ title: 'Café', description: 'LATE', excerpt: 'Show' })).toBe('cafe\nlate\nshow');
  });

  it('an event is protected when it has a password', () => {
    expect(isProtected({ postPassword: '' })).toBe(false);
    expect(isProtected({ postPassword: 'x' })).toBe(true);
  });
});

describe('search parsing (§8.4)', () => {
  it.each([
    ['jazz night', ['jazz', 'night'], []],
    ['"late show" -Rock', ['late show'], ['rock']],
    ['-"free entry" Café', ['cafe'], ['free entry']],
    ['  a  ', ['a'], []],
  ])('%s', (text, words, excluded) => {
    expect(parseSearch(text, fold)).toEqual({ words, excluded });
  });
});

describe('great-circle distance', () => {
  it('Madrid to Barcelona is about 505 km', () => {
    const d = distanceKm(40.4168, -3.7038, 41.3874, 2.1686);
    expect(d).toBeGreaterThan(495);
    expect(d).toBeLessThan(510);
  });
});
