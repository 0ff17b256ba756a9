/**
 * RFC 5545 §3.4, §3.7: a VCALENDAR's own properties come before its components. ical-generator writes
 * `REFRESH-INTERVAL` and `X-PUBLISHED-TTL` after the VTIMEZONE components and its `x` properties (`X-WR-TIMEZONE`)
 * after the last VEVENT, and Outlook ignores calendar properties written after a component (found by a black-box
 * probe, 2026-11-27). This moves every top-level property line, with its folded continuation lines, before the first
 * component, each group keeping its order. `text` is one VCALENDAR whose lines end with CRLF.
 */
export function calendarPropertiesFirst(text: string): string {
  const lines = text.split('\r\n');
  const last = lines.pop(); // '' after the final CRLF
  const properties: string[] = [];
  const components: string[] = [];
  let depth = 0;
  let into = properties;
  for (const line of lines) {
    const continued = line.startsWith(' ') || line.startsWith('\t');
    if (!continued) {
      if (line.startsWith('BEGIN:')) depth += 1;
      // At depth 1 a line is one of the calendar's own properties (BEGIN:VCALENDAR too); deeper lines, and the END
      // that closes the calendar, belong to the components.
      into = depth === 1 && !line.startsWith('END:') ? properties : components;
      if (line.startsWith('END:')) depth -= 1;
    }
    into.push(line);
  }
  const end = components.pop(); // END:VCALENDAR stays last
  return [...properties, ...components, end, last].join('\r\n');
}
