import { calendarZoneOf, vtimezoneOf } from './calendar-zones';

/**
 * Which zone a VEVENT's times are written in (issue 16): the event's own, with the library's VTIMEZONE, only where
 * every reader gets the event's instants back from it; UTC otherwise. Instants are UTC wall clocks, as stored.
 */
describe('calendarZoneOf', () => {
  it.each([
    ['Europe/Madrid', '2026-04-10 18:00:00', 'Europe/Madrid'],
    ['America/New_York', '2026-07-04 16:00:00', 'America/New_York'],
    ['Asia/Tokyo', '2026-05-02 14:30:00', 'Asia/Tokyo'],
    ['Australia/Sydney', '2026-04-05 10:00:00', 'Australia/Sydney'], // the day Sydney's clocks go back, after the change
    ['Asia/Calcutta', '2026-05-06 12:30:00', 'Asia/Kolkata'], // an alias: the library's name, which its VTIMEZONE carries
    ['US/Eastern', '2026-07-04 16:00:00', 'America/New_York'],
    ['America/Mexico_City', '2026-07-01 18:00:00', 'America/Mexico_City'], // no daylight saving since 2022
  ])('%s at %s → TZID %s', (zone, utc, tzid) => {
    expect(calendarZoneOf(zone, [utc])).toBe(tzid);
    expect(vtimezoneOf(tzid)).toMatch(new RegExp(`^BEGIN:VTIMEZONE\\r\\nTZID:${tzid}\\r\\n[\\s\\S]*END:VTIMEZONE$`));
  });

  it.each([
    ['UTC', '2026-05-04 10:00:00', 'no zone to name'],
    ['UTC+5:30', '2026-05-01 04:30:00', 'a fixed offset'],
    ['UTC-3', '2026-05-01 04:30:00', 'a fixed offset'],
    ['Europe/Madrid', '2026-10-25 00:30:00', '02:30 happens twice in Madrid that night (CEST here)'],
    ['Europe/Madrid', '2026-10-25 01:30:00', '02:30 happens twice in Madrid that night (CET here)'],
    ['America/New_York', '2026-11-01 05:30:00', '01:30 happens twice in New York that night'],
    ['America/New_York', '2005-03-20 17:00:00', 'before 2007 New York changed on other Sundays than now'],
    ['America/Mexico_City', '2021-07-01 17:00:00', 'Mexico City kept daylight saving time until 2022'],
    ['Asia/Jerusalem', '2028-03-24 09:00:00', 'the VTIMEZONE says "last Friday" (31 March), Israel changes on the 24th'],
    ['America/New_York', '2036-07-01 14:00:00', "node-ical's zone data ends in 2035 (a probe read 2099 one hour off)"],
    ['America/New_York', '2099-07-01 14:00:00', 'pytz ends in 2037'],
    ['Asia/Tokyo', '2040-05-02 05:30:00', 'no daylight saving, but no reader should guess after 2035 either'],
    ['Europe/London', '1900-01-01 10:00:00', 'the VTIMEZONE starts in 1970 (pytz read local mean time)'],
    ['Europe/London', '1969-12-31 23:00:00', 'the VTIMEZONE starts in 1970'],
  ])('%s at %s → UTC: %s', (zone, utc) => {
    expect(calendarZoneOf(zone, [utc])).toBeNull();
  });

  it('keeps the TZID from 1970 up to the end of 2035', () => {
    expect(calendarZoneOf('Asia/Tokyo', ['1970-01-01 00:00:00'])).toBe('Asia/Tokyo');
    expect(calendarZoneOf('Asia/Tokyo', ['1969-12-31 23:59:59'])).toBeNull();
    expect(calendarZoneOf('America/New_York', ['2035-12-31 23:59:59'])).toBe('America/New_York');
    expect(calendarZoneOf('America/New_York', ['2035-12-31 23:00:00', '2036-01-01 00:00:00'])).toBeNull(); // ends in 2036
  });

  it('needs every instant to read back: one ambiguous end writes the whole event in UTC', () => {
    expect(calendarZoneOf('Europe/Madrid', ['2026-10-24 22:00:00', '2026-10-25 00:30:00'])).toBeNull();
    expect(calendarZoneOf('Europe/Madrid', ['2026-03-29 00:30:00', '2026-03-29 02:00:00'])).toBe('Europe/Madrid'); // across the gap
  });

  it('has no VTIMEZONE for names the library does not know', () => {
    expect(vtimezoneOf('Mars/Olympus_Mons')).toBeNull();
    expect(calendarZoneOf('Mars/Olympus_Mons', ['2026-05-04 10:00:00'])).toBeNull();
  });
});
