import { allDayEnd, allDayRange, allDayStart, normalizeAllDay } from './all-day';

describe('all-day normalization (CONTRACT §9.3)', () => {
  it('moves start to 00:00:00 and end to 23:59:59 of their days', () => {
    expect(allDayStart('2026-11-24 09:30:00')).toBe('2026-11-24 00:00:00');
    expect(allDayEnd('2026-11-24 09:30:00')).toBe('2026-11-24 23:59:59');
    expect(normalizeAllDay('2026-11-23 09:00:00', '2026-11-28 11:00:00')).toEqual({
      start: '2026-11-23 00:00:00',
      end: '2026-11-28 23:59:59',
    });
  });

  it('computes UTC copies from the normalized local times (worked example E8)', () => {
    expect(allDayRange('2026-11-24 10:00:00', '2026-11-24 12:00:00', 'Europe/Madrid')).toEqual({
      startLocal: '2026-11-24 00:00:00',
      endLocal: '2026-11-24 23:59:59',
      startUtc: '2026-11-23 23:00:00',
      endUtc: '2026-11-24 22:59:59',
    });
  });

  it('handles multi-day events across a DST change (New York, 2026-11-01)', () => {
    expect(allDayRange('2026-10-31 09:00:00', '2026-11-02 11:00:00', 'America/New_York')).toEqual({
      startLocal: '2026-10-31 00:00:00',
      endLocal: '2026-11-02 23:59:59',
      startUtc: '2026-10-31 04:00:00',
      endUtc: '2026-11-03 04:59:59',
    });
  });
});
