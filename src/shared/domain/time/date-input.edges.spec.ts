import { isoWithOffset, nowIn, normalizeTimezone, parseDateInput, timezoneAbbreviation, toUtc, toZone } from './date-input';

const now = new Date(Date.UTC(2026, 0, 15, 12, 0, 0));

describe('dates and zones at their edges (issue 19)', () => {
  it('an unknown zone or a malformed wall clock is a programming error, named in the message', () => {
    expect(() => toZone('2026-01-01 00:00:00', 'Mars/Base')).toThrow('unknown time zone "Mars/Base"');
    expect(() => toUtc('2026-1-1 00:00:00', 'UTC')).toThrow('not a wall-clock string: "2026-1-1 00:00:00"');
  });

  it('offsets: minutes up to 59; blank and unknown names are not zones', () => {
    expect(normalizeTimezone('+05:59')).toBe('UTC+5:59');
    expect(normalizeTimezone('-0559')).toBe('UTC-5:59');
    expect(normalizeTimezone('+05:60')).toBeNull();
    expect(normalizeTimezone('   ')).toBeNull();
    expect(normalizeTimezone('Mars/Base')).toBeNull();
    expect(normalizeTimezone('Etc/Nowhere')).toBeNull();
  });

  it('abbreviations: UTC in any case; numeric +00 (not -00) where the database has no letters; aliases through their canonical name', () => {
    expect(timezoneAbbreviation('UTC', '2026-01-01 00:00:00')).toBe('UTC');
    expect(timezoneAbbreviation(' utc ', '2026-01-01 00:00:00')).toBe('UTC');
    expect(timezoneAbbreviation('Etc/UTC', '2026-01-01 00:00:00')).toBe('UTC');
    // Casablanca: +01, and +00 during Ramadan; the database has no letters for either.
    expect(timezoneAbbreviation('Africa/Casablanca', '2026-02-20 12:00:00')).toBe('+00');
    expect(timezoneAbbreviation('Africa/Casablanca', '2026-06-01 12:00:00')).toBe('+01');
    expect(timezoneAbbreviation('Japan', '2026-01-01 00:00:00')).toBe('JST');
    expect(timezoneAbbreviation('Canada/Eastern', '2026-07-01 00:00:00')).toBe('EDT');
  });

  it('ISO-8601 with the offset: a colon between hours and minutes, the sign of the zone', () => {
    expect(isoWithOffset('2026-01-01 10:00:00', 'UTC+5:30')).toBe('2026-01-01T10:00:00+05:30');
    expect(isoWithOffset('2026-01-01 10:00:00', 'America/St_Johns')).toBe('2026-01-01T10:00:00-03:30');
  });

  it('local mean time and other historic offsets with seconds (found by a probe, 2026-11-26): letters, whole minutes', () => {
    // Madrid kept -0:14:44 until 1901, Kolkata (Madras time) +5:21:10 in 1900, New York -4:56:02 until 1883.
    expect(timezoneAbbreviation('Europe/Madrid', '1890-06-01 12:14:44')).toBe('LMT');
    expect(timezoneAbbreviation('Asia/Kolkata', '1900-01-01 00:00:00')).toBe('MMT');
    expect(timezoneAbbreviation('America/New_York', '1880-01-01 12:00:00')).toBe('LMT');
    expect(timezoneAbbreviation('Europe/Madrid', '1905-06-01 12:00:00')).toBe('WET');
    expect(isoWithOffset('1890-06-01 12:00:00', 'Europe/Madrid')).toBe('1890-06-01T12:00:00-00:14');
    expect(isoWithOffset('1900-01-01 00:00:00', 'Asia/Kolkata')).toBe('1900-01-01T00:00:00+05:21');
    expect(isoWithOffset('1880-01-01 12:00:00', 'America/New_York')).toBe('1880-01-01T12:00:00-04:56');
    // Monrovia Mean Time, -0:44:30 until 1972.
    expect(timezoneAbbreviation('Africa/Monrovia', '1960-01-01 12:00:00')).toBe('MMT');
    expect(isoWithOffset('1960-01-01 12:00:00', 'Africa/Monrovia')).toBe('1960-01-01T12:00:00-00:44');
  });

  it('the wall clock now in a zone', () => {
    expect(nowIn('Asia/Tokyo', new Date(Date.UTC(2026, 0, 1, 0, 0, 0)))).toBe('2026-01-01 09:00:00');
    expect(nowIn('UTC-3', new Date(Date.UTC(2026, 0, 1, 0, 0, 0)))).toBe('2025-12-31 21:00:00');
  });

  it('results outside years 0001–9999 are refused, in the zone as well as in UTC', () => {
    expect(parseDateInput('9999-12-31T21:00:00Z', 'UTC+2', now)?.wallClock).toBe('9999-12-31 23:00:00');
    expect(parseDateInput('9999-12-31T23:00:00Z', 'UTC+2', now)).toBeNull();
    expect(parseDateInput('0001-01-01T03:00:00Z', 'UTC-3', now)?.wallClock).toBe('0001-01-01 00:00:00');
    expect(parseDateInput('0001-01-01T01:00:00Z', 'UTC-3', now)).toBeNull();
  });

  it('timestamps that are no instant, and blank text, are not dates', () => {
    expect(parseDateInput(1e15, 'UTC', now)).toBeNull();
    expect(parseDateInput('1000000000000000', 'UTC', now)).toBeNull();
    expect(parseDateInput('99999999999999999999', 'UTC', now)).toBeNull();
    expect(parseDateInput(NaN, 'UTC', now)).toBeNull();
    expect(parseDateInput(Infinity, 'UTC', now)).toBeNull();
    expect(parseDateInput('   ', 'UTC', now)).toBeNull();
    expect(parseDateInput('', 'UTC', now)).toBeNull();
  });

  it('a date with a time after it has a time; an elapsed offset with a time after it too', () => {
    expect(parseDateInput('2026-12-05 9am', 'UTC', now)).toEqual({ wallClock: '2026-12-05 09:00:00', utc: '2026-12-05 09:00:00', hasTime: true });
    expect(parseDateInput('+2 hours 9am', 'UTC', now)).toEqual({ wallClock: '2026-01-15 09:00:00', utc: '2026-01-15 09:00:00', hasTime: true });
  });
});

describe('absolute date forms at their edges (issue 19)', () => {
  const utc = (text: string) => parseDateInput(text, 'UTC', now)?.utc ?? null;

  it('offsets only as Z, ±HH, ±HH:MM or ±HHMM (also -00:00): luxon also reads `+0` and `+0:00`, which are refused', () => {
    expect(utc('2026-01-01 10:00:00+05')).toBe('2026-01-01 05:00:00');
    expect(utc('2026-01-01 10:00:00+05:30')).toBe('2026-01-01 04:30:00');
    expect(utc('2026-01-01 10:00:00-0530')).toBe('2026-01-01 15:30:00');
    expect(utc('2026-01-01 10:00:00-00:00')).toBe('2026-01-01 10:00:00');
    expect(utc('2026-01-01 10:00:00-00')).toBe('2026-01-01 10:00:00');
    expect(utc('2026-01-01t10:00:00z')).toBe('2026-01-01 10:00:00');
    for (const text of ['2026-01-01 10:00:00+0', '2026-01-01 10:00:00+0:00', '2026-01-01 10:00:00+000', '2026-01-01 10:00:00+1', '2026-01-01 10:00:00-0'])
      expect({ text, utc: utc(text) }).toEqual({ text, utc: null });
  });

  it('the fraction of a second of an instant is dropped, not rounded', () => {
    expect(utc('2026-01-01T10:00:00.999Z')).toBe('2026-01-01 10:00:00');
    expect(utc('2026-01-01T10:00:59.5+01:00')).toBe('2026-01-01 09:00:59');
  });
});

describe('relative date forms at their edges (issue 19)', () => {
  it('an offset too large for any date is refused', () => {
    expect(parseDateInput('+9007199254740993 seconds', 'UTC', now)).toBeNull();
    expect(parseDateInput('-99999999999999999999 days', 'UTC', now)).toBeNull();
    for (const unit of ['minutes', 'hours', 'weeks', 'months', 'years']) expect(parseDateInput(`+99999999999999999999 ${unit}`, 'UTC', now)).toBeNull();
    expect(parseDateInput('+99999999999999999999 months 9am', 'UTC', now)).toBeNull();
  });
});

describe('day and time joined by anything but one space (issue 19)', () => {
  it('is refused', () => {
    for (const text of ['tomorrow,9am', 'tomorrow-9am', 'monday_9am', 'tomorrow 9:30:15.5pm', 'tomorrow 18:30:15.5'])
      expect({ text, parsed: parseDateInput(text, 'UTC', now) }).toEqual({ text, parsed: null });
    expect(parseDateInput('sunday', 'UTC', now)?.wallClock).toBe('2026-01-18 00:00:00');
    expect(parseDateInput('last sunday', 'UTC', now)?.wallClock).toBe('2026-01-11 00:00:00');
  });
});

describe('absolute forms are remembered (issue 18): the same answers, however many texts were read', () => {
  it('reads 600 distinct dates twice, with and without times and offsets, as the first time', () => {
    const texts = Array.from({ length: 200 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
      return [day, `${day} 10:30`, `${day}T10:30:00+02:00`];
    }).flat();
    const first = texts.map((t) => parseDateInput(t, 'Europe/Madrid', new Date(Date.UTC(2026, 0, 1)))?.wallClock);
    const again = texts.map((t) => parseDateInput(t, 'Europe/Madrid', new Date(Date.UTC(2026, 0, 1)))?.wallClock);
    expect(again).toEqual(first);
    expect(first.slice(0, 3)).toEqual(['2026-01-01 00:00:00', '2026-01-01 10:30:00', '2026-01-01 09:30:00']);
    expect(parseDateInput('2026-02-30', 'UTC', new Date())).toBeNull();
    expect(parseDateInput('2026-02-30', 'UTC', new Date())).toBeNull(); // a refusal is remembered too
  });
});
