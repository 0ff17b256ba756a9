import fc from 'fast-check';
import { DateTime } from 'luxon';
import { isValidZone, normalizeTimezone, parseDateInput, timezoneAbbreviation, toUtc, zoneOf } from './date-input';

describe('stored time zones (CONTRACT §9.2)', () => {
  it('reads UTC in any case and spacing, UTC offsets up to ±14 hours and 59 minutes, and IANA names', () => {
    for (const z of ['UTC', ' utc ', 'UTC+2', 'UTC-3', 'UTC+5:30', 'UTC+14', 'UTC-14:59', 'Europe/Paris', ' Europe/Paris ']) expect(isValidZone(z)).toBe(true);
    for (const z of ['UTC+15', 'UTC+2:60', 'XUTC', 'UTCX', 'Mars/Base', '', 'UTC+100']) expect(isValidZone(z)).toBe(false);
    expect(zoneOf('UTC+5:30')?.offset(0)).toBe(330);
    expect(zoneOf('UTC-3')?.offset(0)).toBe(-180);
    expect(zoneOf(' utc ')?.offset(0)).toBe(0);
    expect(toUtc('2026-07-01 12:00:00', ' Europe/Paris ')).toBe('2026-07-01 10:00:00');
  });
});

describe('time zones as sent (CONTRACT §9.2)', () => {
  it('UTC, GMT and Z are UTC', () => {
    for (const z of ['utc', 'GMT', 'z', ' Z ', '+00:00', 'UTC+0', '-0000']) expect(normalizeTimezone(z)).toBe('UTC');
  });
  it('offsets are stored as UTC±H[:MM], up to ±14:00', () => {
    const cases: Array<[string, string]> = [['+02:00', 'UTC+2'], ['-0530', 'UTC-5:30'], ['+2', 'UTC+2'], ['UTC+5:30', 'UTC+5:30'], ['gmt -3', 'UTC-3'], ['UTC+14', 'UTC+14'], ['+00:05', 'UTC+0:05']];
    for (const [sent, stored] of cases) expect(normalizeTimezone(sent)).toBe(stored);
    for (const z of ['+15', '+14:01', '+02:60', '+02:00x', 'UTC++2', '+12345']) expect(normalizeTimezone(z)).toBeNull();
  });
  it('IANA names in their canonical spelling; anything else is null', () => {
    expect(normalizeTimezone('europe/paris')).toBe('Europe/Paris');
    expect(normalizeTimezone('Asia/Calcutta')).toBe('Asia/Calcutta');
    for (const z of ['', '  ', 'Mars/Base', '1Europe/Paris', 'Europe/Paris!', 'Europe Paris']) expect(normalizeTimezone(z)).toBeNull();
    expect(normalizeTimezone(5 as unknown as string)).toBeNull();
  });
});

describe('timezone_abbr (CONTRACT §6.2)', () => {
  it('letters where the tz database has them, for the offset at that instant', () => {
    expect(timezoneAbbreviation('Europe/Paris', '2026-01-15 12:00:00')).toBe('CET');
    expect(timezoneAbbreviation('Europe/Paris', '2026-07-15 12:00:00')).toBe('CEST');
    expect(timezoneAbbreviation('Asia/Calcutta', '2026-07-15 12:00:00')).toBe('IST');
  });
  it('the numeric form elsewhere, UTC and GMT by name, offset zones and unknown zones as they are', () => {
    expect(timezoneAbbreviation('America/Sao_Paulo', '2026-07-15 12:00:00')).toBe('-03');
    expect(timezoneAbbreviation('Asia/Dubai', '2026-07-15 12:00:00')).toBe('+04');
    expect(timezoneAbbreviation('Asia/Kathmandu', '2026-07-15 12:00:00')).toBe('+0545');
    expect(timezoneAbbreviation(' utc ', '2026-07-15 12:00:00')).toBe('UTC');
    expect(timezoneAbbreviation('Etc/GMT', '2026-07-15 12:00:00')).toBe('GMT');
    expect(timezoneAbbreviation('UTC+2', '2026-07-15 12:00:00')).toBe('UTC+2');
    expect(timezoneAbbreviation('Mars/Base', '2026-07-15 12:00:00')).toBe('Mars/Base');
  });
});

describe('parseDateInput edges (CONTRACT §8.2.2)', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('an unknown zone, a non-finite number, another type or blank text parse to nothing', () => {
    expect(parseDateInput('2026-01-01', 'Mars/Base', now)).toBeNull();
    expect(parseDateInput(Infinity, 'UTC', now)).toBeNull();
    expect(parseDateInput(NaN, 'UTC', now)).toBeNull();
    expect(parseDateInput({} as unknown as string, 'UTC', now)).toBeNull();
    expect(parseDateInput('   ', 'UTC', now)).toBeNull();
  });
  it('a number is a Unix timestamp (its fraction dropped), in the context zone', () => {
    expect(parseDateInput(86400.9, 'UTC+1', now)).toEqual({ wallClock: '1970-01-02 01:00:00', utc: '1970-01-02 00:00:00', hasTime: true });
  });
  it('years outside 1–9999, in the zone or in UTC, are refused', () => {
    expect(parseDateInput('9999-12-31 23:00:00', 'UTC', now)).not.toBeNull();
    expect(parseDateInput('9999-12-31 23:00:00', 'UTC-2', now)).toBeNull();
    expect(parseDateInput('0001-01-01 00:30:00', 'UTC+1', now)).toBeNull();
    expect(parseDateInput('0001-01-01 01:00:00', 'UTC+1', now)).toEqual({ wallClock: '0001-01-01 01:00:00', utc: '0001-01-01 00:00:00', hasTime: true });
  });
  it('relative forms too: their year, in the zone and in UTC, must be 1–9999', () => {
    const at = (iso: string) => new Date(iso);
    const first = at('0001-06-01T00:00:00Z');
    first.setUTCFullYear(1); // Date reads years 0–99 as 1900–1999
    expect(parseDateInput('now', 'UTC', first)?.wallClock).toBe('0001-06-01 00:00:00');
    expect(parseDateInput('now', 'UTC', at('9999-06-01T00:00:00Z'))?.wallClock).toBe('9999-06-01 00:00:00');
    const dawn = new Date(Date.UTC(2000, 0, 1, 1));
    dawn.setUTCFullYear(1); // 0001-01-01 01:00 UTC
    expect(parseDateInput('now', 'UTC-2', dawn)).toBeNull(); // 0000-12-31 23:00 there
    expect(parseDateInput('-2 hours', 'UTC+2', dawn)).toBeNull(); // 0000-12-31 23:00 in UTC, 0001-01-01 01:00 there
    expect(parseDateInput('now', 'UTC+2', at('9999-12-31T23:00:00Z'))).toBeNull(); // 10000-01-01 01:00 there
    expect(parseDateInput('+2 hours', 'UTC-2', at('9999-12-31T23:00:00Z'))).toBeNull(); // 10000 in UTC, 9999 there
    expect(parseDateInput('+8000 years', 'UTC', now)).toBeNull();
  });
});

describe('parseDateInput reads absolute forms without luxon DateTimes (issue 18), to the strings luxon gives', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const ZONES = ['UTC', 'UTC+5:30', 'UTC-14:59', ...Intl.supportedValuesOf('timeZone')];
  const WALL = 'yyyy-MM-dd HH:mm:ss';
  /** luxon's reading of the instant `ms` in `zone`, as `result` built it before (null: invalid or outside 0001–9999). */
  const byLuxon = (ms: number, zone: string, hasTime: boolean) => {
    const dt = DateTime.fromMillis(ms, { zone: zoneOf(zone)! });
    const utc = dt.toUTC();
    if (!dt.isValid || dt.year < 1 || dt.year > 9999 || utc.year < 1 || utc.year > 9999) return null;
    return { wallClock: dt.toFormat(WALL), utc: utc.toFormat(WALL), hasTime };
  };
  const zone = fc.constantFrom(...ZONES);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');

  it('instants (ISO-8601 with an offset) and Unix timestamps: the same wall clocks as luxon, in every zone and year', () => {
    const [first, last, day] = [-62_135_596_800_000, 253_402_300_799_000, 86_400_000]; // 0001-01-01, 9999-12-31 23:59:59 UTC
    const nearRangeEnds = [fc.integer({ min: first - 2 * day, max: first + 2 * day }), fc.integer({ min: last - 2 * day, max: last + 2 * day })];
    const ms = fc.oneof(fc.integer({ min: first - day, max: last + day }), ...nearRangeEnds);
    fc.assert(
      fc.property(zone, ms, (z, t) => {
        const seconds = Math.floor(t / 1000);
        expect(parseDateInput(seconds, z, now)).toEqual(byLuxon(seconds * 1000, z, true));
        const instant = new Date(seconds * 1000);
        if (instant.getUTCFullYear() < 1 || instant.getUTCFullYear() > 9999) return;
        const iso = `${pad(instant.getUTCFullYear(), 4)}-${pad(instant.getUTCMonth() + 1)}-${pad(instant.getUTCDate())}T${pad(instant.getUTCHours())}:${pad(instant.getUTCMinutes())}:${pad(instant.getUTCSeconds())}Z`;
        expect(parseDateInput(iso, z, now)).toEqual(byLuxon(seconds * 1000, z, true));
      }),
      { numRuns: 3000 },
    );
  });

  it('wall clocks away from offset changes: the text itself, and the UTC wall clock luxon gives (local mean time too)', () => {
    const day = fc.record({ y: fc.oneof(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1700, max: 2100 })), mo: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) });
    const time = fc.record({ h: fc.integer({ min: 0, max: 23 }), mi: fc.integer({ min: 0, max: 59 }), s: fc.integer({ min: 0, max: 59 }) });
    fc.assert(
      fc.property(zone, day, time, (z, { y, mo, d }, { h, mi, s }) => {
        const parts = { year: y, month: mo, day: d, hour: h, minute: mi, second: s };
        const dt = DateTime.fromObject(parts, { zone: zoneOf(z)! });
        const offsets = [-36, 0, 36].map((hours) => dt.plus({ hours }).offset);
        if (!dt.isValid || dt.toFormat(WALL) !== `${pad(y, 4)}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}` || new Set(offsets).size > 1) return;
        expect(parseDateInput(dt.toFormat(WALL), z, now)).toEqual(byLuxon(dt.toMillis(), z, true));
        expect(parseDateInput(dt.toFormat('yyyy-MM-dd'), z, now)?.wallClock ?? null).toBe(
          byLuxon(DateTime.fromObject({ year: y, month: mo, day: d }, { zone: zoneOf(z)! }).toMillis(), z, false)?.wallClock ?? null,
        );
      }),
      { numRuns: 3000 },
    );
  });
});
