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
});
