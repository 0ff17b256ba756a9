import {
  isDateForm,
  isoWithOffset,
  normalizeTimezone,
  normalizeWallClock,
  parseDateInput,
  timezoneAbbreviation,
  toUtc,
  toZone,
} from './date-input';

// Sunday 2026-11-22 15:00:00 UTC (16:00 in Madrid, 10:00 in New York, 2026-11-23 00:00 in Tokyo).
const NOW = new Date('2026-11-22T15:00:00Z');
const wall = (v: string | number, zone = 'UTC', now = NOW) => parseDateInput(v, zone, now)?.wallClock ?? null;

describe('parseDateInput — accepted forms (CONTRACT §8.2.2)', () => {
  const rows: Array<[string | number, string, string, string, boolean]> = [
    // value, zone, wallClock, utc, hasTime
    ['2026-12-05', 'Europe/Madrid', '2026-12-05 00:00:00', '2026-12-04 23:00:00', false],
    ['2026-12-05 20:00', 'Europe/Madrid', '2026-12-05 20:00:00', '2026-12-05 19:00:00', true],
    ['2026-12-05 20:00:30', 'Europe/Madrid', '2026-12-05 20:00:30', '2026-12-05 19:00:30', true],
    ['2026-12-05T20:00:00', 'Europe/Madrid', '2026-12-05 20:00:00', '2026-12-05 19:00:00', true],
    ['2026-12-05T20:00:00+01:00', 'Europe/Madrid', '2026-12-05 20:00:00', '2026-12-05 19:00:00', true],
    ['2026-12-05T20:00:00+01:00', 'America/New_York', '2026-12-05 14:00:00', '2026-12-05 19:00:00', true],
    ['2026-12-05T19:00:00Z', 'Asia/Tokyo', '2026-12-06 04:00:00', '2026-12-05 19:00:00', true],
    ['2026-12-05T20:00:00.123-0530', 'UTC', '2026-12-06 01:30:00', '2026-12-06 01:30:00', true],
    ['1796497200', 'Europe/Madrid', '2026-12-05 20:00:00', '2026-12-05 19:00:00', true],
    [1796497200, 'America/New_York', '2026-12-05 14:00:00', '2026-12-05 19:00:00', true],
    [1796497200.75, 'UTC', '2026-12-05 19:00:00', '2026-12-05 19:00:00', true],
    ['now', 'Europe/Madrid', '2026-11-22 16:00:00', '2026-11-22 15:00:00', true],
    ['NOW', 'UTC', '2026-11-22 15:00:00', '2026-11-22 15:00:00', true],
    ['today', 'Europe/Madrid', '2026-11-22 00:00:00', '2026-11-21 23:00:00', false],
    ['today', 'Asia/Tokyo', '2026-11-23 00:00:00', '2026-11-22 15:00:00', false],
    ['midnight', 'UTC', '2026-11-22 00:00:00', '2026-11-22 00:00:00', false],
    ['tomorrow', 'UTC', '2026-11-23 00:00:00', '2026-11-23 00:00:00', false],
    ['yesterday', 'America/New_York', '2026-11-21 00:00:00', '2026-11-21 05:00:00', false],
    ['+1 week', 'UTC', '2026-11-29 15:00:00', '2026-11-29 15:00:00', true],
    ['-2 days', 'UTC', '2026-11-20 15:00:00', '2026-11-20 15:00:00', true],
    ['+3 hours', 'UTC', '2026-11-22 18:00:00', '2026-11-22 18:00:00', true],
    ['+1 month', 'UTC', '2026-12-22 15:00:00', '2026-12-22 15:00:00', true],
    ['+1 year', 'UTC', '2027-11-22 15:00:00', '2027-11-22 15:00:00', true],
    ['+30 seconds', 'UTC', '2026-11-22 15:00:30', '2026-11-22 15:00:30', true],
    ['-1 minute', 'UTC', '2026-11-22 14:59:00', '2026-11-22 14:59:00', true],
    ['+2 weeks', 'UTC', '2026-12-06 15:00:00', '2026-12-06 15:00:00', true],
    ['1 day', 'UTC', '2026-11-23 15:00:00', '2026-11-23 15:00:00', true], // `+` lost in an unencoded query
    ['sunday', 'UTC', '2026-11-22 00:00:00', '2026-11-22 00:00:00', false], // today is Sunday
    ['monday', 'UTC', '2026-11-23 00:00:00', '2026-11-23 00:00:00', false],
    ['saturday', 'UTC', '2026-11-28 00:00:00', '2026-11-28 00:00:00', false],
    ['next sunday', 'UTC', '2026-11-29 00:00:00', '2026-11-29 00:00:00', false],
    ['next monday', 'UTC', '2026-11-23 00:00:00', '2026-11-23 00:00:00', false],
    ['last friday', 'UTC', '2026-11-20 00:00:00', '2026-11-20 00:00:00', false],
    ['last sunday', 'UTC', '2026-11-15 00:00:00', '2026-11-15 00:00:00', false],
    ['monday', 'Asia/Tokyo', '2026-11-23 00:00:00', '2026-11-22 15:00:00', false], // Monday already in Tokyo
    ['next monday', 'Asia/Tokyo', '2026-11-30 00:00:00', '2026-11-29 15:00:00', false],
    ['tomorrow 9am', 'America/New_York', '2026-11-23 09:00:00', '2026-11-23 14:00:00', true],
    ['next wednesday 4pm', 'America/New_York', '2026-11-25 16:00:00', '2026-11-25 21:00:00', true],
    ['+5 days 11am', 'America/New_York', '2026-11-27 11:00:00', '2026-11-27 16:00:00', true],
    ['+5 days 23:59:59', 'UTC', '2026-11-27 23:59:59', '2026-11-27 23:59:59', true],
    ['today 18:30', 'Europe/Madrid', '2026-11-22 18:30:00', '2026-11-22 17:30:00', true],
    ['tomorrow 00:00:00', 'UTC', '2026-11-23 00:00:00', '2026-11-23 00:00:00', true],
    ['tomorrow 12am', 'UTC', '2026-11-23 00:00:00', '2026-11-23 00:00:00', true],
    ['tomorrow 12pm', 'UTC', '2026-11-23 12:00:00', '2026-11-23 12:00:00', true],
    ['yesterday 11:15 pm', 'UTC', '2026-11-21 23:15:00', '2026-11-21 23:15:00', true],
    ['2026-12-05 4pm', 'Europe/Madrid', '2026-12-05 16:00:00', '2026-12-05 15:00:00', true],
    ['2026-12-05 4:30pm', 'UTC', '2026-12-05 16:30:00', '2026-12-05 16:30:00', true],
    ['2026-12-05 11:15 am', 'UTC', '2026-12-05 11:15:00', '2026-12-05 11:15:00', true],
    ['  Tomorrow   9AM ', 'UTC', '2026-11-23 09:00:00', '2026-11-23 09:00:00', true],
    ['2026-12-05 20:00', 'UTC+2', '2026-12-05 20:00:00', '2026-12-05 18:00:00', true],
    ['2026-12-05 20:00', 'UTC-3', '2026-12-05 20:00:00', '2026-12-05 23:00:00', true],
    ['2026-12-05 20:00', 'UTC+5:30', '2026-12-05 20:00:00', '2026-12-05 14:30:00', true],
    ['2028-02-29', 'UTC', '2028-02-29 00:00:00', '2028-02-29 00:00:00', false],
  ];
  it.each(rows)('%j in %s → %s', (value, zone, wallClock, utc, hasTime) => {
    expect(parseDateInput(value, zone, NOW)).toEqual({ wallClock, utc, hasTime });
  });

  it('takes "today" and weekdays in the context zone', () => {
    // 2026-11-22 15:00Z is still Sunday in New York but Monday in Tokyo.
    expect(wall('today', 'America/New_York')).toBe('2026-11-22 00:00:00');
    expect(wall('today', 'Asia/Tokyo')).toBe('2026-11-23 00:00:00');
    expect(wall('last friday', 'Asia/Tokyo')).toBe('2026-11-20 00:00:00');
  });

  it('clamps month offsets to the last day of the month', () => {
    expect(wall('+1 month', 'UTC', new Date('2027-01-31T10:00:00Z'))).toBe('2027-02-28 10:00:00');
  });

  it('keeps the wall clock for day offsets across DST and the absolute time for hour offsets', () => {
    const before = new Date('2026-03-28T11:00:00Z'); // 12:00 CET, the day before DST starts in Madrid
    expect(parseDateInput('+1 day', 'Europe/Madrid', before)).toEqual({
      wallClock: '2026-03-29 12:00:00', utc: '2026-03-29 10:00:00', hasTime: true,
    });
    expect(wall('+24 hours', 'Europe/Madrid', before)).toBe('2026-03-29 13:00:00');
  });
});

describe('parseDateInput — rejected values', () => {
  it.each([
    '', '   ', 'next blursday', 'blursday', 'not a strtotime parsable string', '"before my birthday"', 'before my birthday',
    '2026-02-30', '2026-13-01', '2027-02-29', '2026-12-05 25:00', '2026-12-05 20:61', '2026-12-05 13pm', 'tomorrow 13pm',
    'tomorrow 0am', 'tomorrow at', '+1 fortnight', 'next', 'last', 'midnight 9am', '2026/12/05', '05-12-2026',
    '2026-12-05T20:00:00+25:00', 'tomorrow tomorrow', 'monday blursday', 'now 9am',
  ])('%j → null', (value) => {
    expect(parseDateInput(value, 'UTC', NOW)).toBeNull();
  });

  it('rejects unknown zones and non-finite numbers', () => {
    expect(parseDateInput('2026-12-05', 'Mars/Olympus', NOW)).toBeNull();
    expect(parseDateInput(Number.NaN, 'UTC', NOW)).toBeNull();
    expect(parseDateInput(Number.POSITIVE_INFINITY, 'UTC', NOW)).toBeNull();
  });
});

describe('daylight-saving gaps and ambiguous times', () => {
  it.each([
    // Europe/Madrid: 2026-03-29 02:00 CET → 03:00 CEST; 2026-10-25 03:00 CEST → 02:00 CET
    ['2026-03-29 02:30:00', 'Europe/Madrid', '2026-03-29 01:30:00', '2026-03-29 03:30:00'],
    ['2026-03-29 02:00:00', 'Europe/Madrid', '2026-03-29 01:00:00', '2026-03-29 03:00:00'],
    ['2026-03-29 01:59:59', 'Europe/Madrid', '2026-03-29 00:59:59', '2026-03-29 01:59:59'],
    ['2026-03-29 03:00:00', 'Europe/Madrid', '2026-03-29 01:00:00', '2026-03-29 03:00:00'],
    ['2026-10-25 02:30:00', 'Europe/Madrid', '2026-10-25 00:30:00', '2026-10-25 02:30:00'],
    ['2026-10-25 03:00:00', 'Europe/Madrid', '2026-10-25 02:00:00', '2026-10-25 03:00:00'],
    // America/New_York: 2026-03-08 02:00 EST → 03:00 EDT; 2026-11-01 02:00 EDT → 01:00 EST
    ['2026-03-08 02:30:00', 'America/New_York', '2026-03-08 07:30:00', '2026-03-08 03:30:00'],
    ['2026-11-01 01:30:00', 'America/New_York', '2026-11-01 05:30:00', '2026-11-01 01:30:00'],
    ['2026-11-01 02:00:00', 'America/New_York', '2026-11-01 07:00:00', '2026-11-01 02:00:00'],
  ])('%s in %s → UTC %s (local %s)', (local, zone, utc, normalized) => {
    expect(toUtc(local, zone)).toBe(utc);
    expect(normalizeWallClock(local, zone)).toBe(normalized);
    expect(parseDateInput(local, zone, NOW)).toEqual({ wallClock: normalized, utc, hasTime: true });
  });

  it('converts UTC to local on both sides of the changes', () => {
    expect(toZone('2026-10-25 00:30:00', 'Europe/Madrid')).toBe('2026-10-25 02:30:00');
    expect(toZone('2026-10-25 01:30:00', 'Europe/Madrid')).toBe('2026-10-25 02:30:00');
    expect(toZone('2026-11-01 06:30:00', 'America/New_York')).toBe('2026-11-01 01:30:00');
    expect(toZone('2026-12-05 19:00:00', 'UTC+5:30')).toBe('2026-12-06 00:30:00');
    expect(toZone('2026-12-05 19:00:00', 'UTC')).toBe('2026-12-05 19:00:00');
  });

  it('reads "tomorrow 2:30am" on a gap day as 03:30', () => {
    const now = new Date('2026-03-28T12:00:00Z');
    expect(parseDateInput('tomorrow 2:30am', 'Europe/Madrid', now)).toEqual({
      wallClock: '2026-03-29 03:30:00', utc: '2026-03-29 01:30:00', hasTime: true,
    });
  });
});

describe('isoWithOffset (CONTRACT §6.10)', () => {
  it.each([
    ['2026-12-05 20:00:00', 'Europe/Madrid', '2026-12-05T20:00:00+01:00'],
    ['2026-07-05 20:00:00', 'Europe/Madrid', '2026-07-05T20:00:00+02:00'],
    ['2026-12-05 20:00:00', 'America/New_York', '2026-12-05T20:00:00-05:00'],
    ['2026-12-05 20:00:00', 'UTC', '2026-12-05T20:00:00+00:00'],
    ['2026-12-05 20:00:00', 'UTC+5:30', '2026-12-05T20:00:00+05:30'],
    ['2026-12-05 20:00:00', 'UTC-3', '2026-12-05T20:00:00-03:00'],
    ['2026-11-01 01:30:00', 'America/New_York', '2026-11-01T01:30:00-04:00'],
  ])('%s %s → %s', (local, zone, iso) => {
    expect(isoWithOffset(local, zone)).toBe(iso);
  });
});

describe('isDateForm (parameter validation of §8.2.2 forms)', () => {
  it.each(['2026-12-05', '2026-12-05 4pm', 'tomorrow 9am', 'next monday', '+1 week', 'now', '1796497200', 1796497200])('%j is a form', (v) => {
    expect(isDateForm(v)).toBe(true);
  });
  it.each(['foo', 'next blursday', '2026-02-30', '', ' ', '2026-12-05 25:00', '1e3', '1000000000000000', 1e15, NaN, Infinity])('%j is not', (v) => {
    expect(isDateForm(v)).toBe(false);
  });
  // Wall forms are checked by their year alone (issue 18); every form must still read as the full parse in UTC reads it.
  it.each([
    ['0000-01-01', false],
    ['0000-12-31 23:59', false],
    ['0001-01-01', true],
    ['0004-02-29', true],
    ['0099-02-29', false],
    ['0099-12-31 23:59:59', true],
    ['9999-12-31', true],
    ['9999-12-31 23:59:59', true],
    ['9999-12-31T23:59:59', true],
    ['9999-12-31T23:00:00-05:00', false],
    ['0001-01-01T00:30:00+01:00', false],
    ['  2026-12-05   20:00 ', true],
    ['2026-12-05T20:00:00Z', true],
    ['tomorrow 9am', true],
  ] as const)('%j: %s, as parseDateInput in UTC reads it', (v, form) => {
    expect(isDateForm(v)).toBe(form);
    expect(parseDateInput(v, 'UTC', new Date(Date.UTC(2000, 0, 1))) !== null).toBe(form);
  });
});

describe('normalizeTimezone (CONTRACT §9.2)', () => {
  it.each([
    ['Europe/Madrid', 'Europe/Madrid'],
    ['europe/madrid', 'Europe/Madrid'],
    ['America/New_York', 'America/New_York'],
    ['UTC', 'UTC'],
    ['utc', 'UTC'],
    ['+02:00', 'UTC+2'],
    ['-0530', 'UTC-5:30'],
    ['+0530', 'UTC+5:30'],
    ['UTC+2', 'UTC+2'],
    ['UTC+02:00', 'UTC+2'],
    ['UTC+5:30', 'UTC+5:30'],
    ['UTC-3', 'UTC-3'],
    ['UTC+0', 'UTC'],
    ['+00:00', 'UTC'],
    ['-00:00', 'UTC'],
    [' Asia/Tokyo ', 'Asia/Tokyo'],
    // tz database names of UTC and GMT keep their own spelling, in its letter case
    ['etc/utc', 'Etc/UTC'],
    ['etc/gmt', 'Etc/GMT'],
    ['universal', 'Universal'],
    ['greenwich', 'Greenwich'],
    ['Etc/GMT-0', 'Etc/GMT-0'],
    ['etc/gmt+5', 'Etc/GMT+5'],
  ])('%j → %j', (input, stored) => {
    expect(normalizeTimezone(input)).toBe(stored);
  });

  it.each(['', 'Mars/Olympus', 'Europe/Madrid2', 'UTC+15', '+25:00', '+02:75', 'CEST+1', 'not a zone', '2'])('%j → null', (input) => {
    expect(normalizeTimezone(input)).toBeNull();
  });
});

describe('timezoneAbbreviation (CONTRACT §6.2)', () => {
  it.each([
    ['Europe/Madrid', '2026-12-05 19:00:00', 'CET'],
    ['Europe/Madrid', '2026-07-05 19:00:00', 'CEST'],
    ['America/New_York', '2026-12-05 19:00:00', 'EST'],
    ['America/New_York', '2026-07-05 19:00:00', 'EDT'],
    ['Asia/Tokyo', '2026-12-05 19:00:00', 'JST'],
    ['Europe/London', '2026-07-05 19:00:00', 'BST'],
    ['Australia/Sydney', '2026-12-05 19:00:00', 'AEDT'],
    ['Asia/Kolkata', '2026-12-05 19:00:00', 'IST'],
    ['America/Sao_Paulo', '2026-12-05 19:00:00', '-03'],
    ['Asia/Kathmandu', '2026-12-05 19:00:00', '+0545'],
    ['Asia/Dubai', '2026-12-05 19:00:00', '+04'],
    ['UTC', '2026-12-05 19:00:00', 'UTC'],
    ['UTC+2', '2026-12-05 19:00:00', 'UTC+2'],
    ['UTC-3', '2026-12-05 19:00:00', 'UTC-3'],
    ['UTC+5:30', '2026-12-05 19:00:00', 'UTC+5:30'],
    // the tz database's own abbreviations of its UTC and GMT zones
    ['Etc/UTC', '2026-12-05 19:00:00', 'UTC'],
    ['Zulu', '2026-12-05 19:00:00', 'UTC'],
    ['Etc/GMT', '2026-12-05 19:00:00', 'GMT'],
    ['GMT0', '2026-12-05 19:00:00', 'GMT'],
    ['Greenwich', '2026-12-05 19:00:00', 'GMT'],
    ['Etc/Greenwich', '2026-12-05 19:00:00', 'GMT'],
    ['Etc/GMT+5', '2026-12-05 19:00:00', '-05'],
    // at the instant of the change (Madrid: 2026-03-29 01:00Z)
    ['Europe/Madrid', '2026-03-29 00:59:59', 'CET'],
    ['Europe/Madrid', '2026-03-29 01:00:00', 'CEST'],
  ])('%s at %s UTC → %s', (zone, utc, abbr) => {
    expect(timezoneAbbreviation(zone, utc)).toBe(abbr);
  });
});
