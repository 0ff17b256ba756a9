import { calendarPropertiesFirst } from './calendar-properties-first';

const text = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

describe('calendarPropertiesFirst (RFC 5545 §3.7: calendar properties before components)', () => {
  it('moves properties written after a component, with their folded lines, before the first component, in order', () => {
    const written = text(
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Madrid',
      'BEGIN:STANDARD',
      'TZOFFSETTO:+0100',
      'END:STANDARD',
      'END:VTIMEZONE',
      'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
      'BEGIN:VEVENT',
      'SUMMARY:A very long',
      '  summary',
      'END:VEVENT',
      'X-WR-TIMEZONE:Europe/Ma',
      ' drid',
      'END:VCALENDAR',
    );
    expect(calendarPropertiesFirst(written)).toBe(
      text(
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
        'X-WR-TIMEZONE:Europe/Ma',
        ' drid',
        'BEGIN:VTIMEZONE',
        'TZID:Europe/Madrid',
        'BEGIN:STANDARD',
        'TZOFFSETTO:+0100',
        'END:STANDARD',
        'END:VTIMEZONE',
        'BEGIN:VEVENT',
        'SUMMARY:A very long',
        '  summary',
        'END:VEVENT',
        'END:VCALENDAR',
      ),
    );
  });

  it('leaves a calendar already in order, or without components, as it is', () => {
    const ordered = text('BEGIN:VCALENDAR', 'VERSION:2.0', 'X-WR-TIMEZONE:UTC', 'BEGIN:VEVENT', 'UID:1@x', 'END:VEVENT', 'END:VCALENDAR');
    expect(calendarPropertiesFirst(ordered)).toBe(ordered);
    const empty = text('BEGIN:VCALENDAR', 'VERSION:2.0', 'X-WR-TIMEZONE:UTC', 'END:VCALENDAR');
    expect(calendarPropertiesFirst(empty)).toBe(empty);
  });
});
