import ICAL from 'ical.js';
import { IANAZone } from 'luxon';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';

/**
 * Time zones of iCalendar answers (issue 16). A timed event's DTSTART and DTEND are written as wall clocks of its zone
 * with a TZID, and the calendar carries that zone's VTIMEZONE (from timezones-ical-library, current IANA data), when
 * every reader gets the event's instants back from them: readers that apply the VTIMEZONE (Outlook, ical.js) and
 * readers that look the TZID up in their own IANA data (Google, Apple, node-ical) alike. Otherwise they are written
 * in UTC, which every reader reads the same way:
 * - events in `UTC` or in a fixed offset (`UTC+5:30`): there is no zone to name;
 * - a VTIMEZONE states the zone's current rules (from 1970 on), so an older event of a zone whose rules changed
 *   (New York before 2007, Mexico City before 2022) or a rule it only approximates (Jerusalem's "Friday before the
 *   last Sunday" written as "last Friday") would come out shifted: the VTIMEZONE's offset, as ical.js computes it, must
 *   equal the IANA offset at the event's start and end;
 * - a wall clock that occurs twice on a day the clocks go back: readers disagree on which of the two it means
 *   (RFC 5545 says the first, ical.js takes the second);
 * - instants before 1970 or from 2036 on (ZONED_FROM, ZONED_UNTIL).
 */

interface LibraryZone {
  /** The library's name for the zone (aliases resolved: `Asia/Calcutta` → `Asia/Kolkata`). */
  tzid: string;
  vtimezone: string;
  rules: ICAL.Timezone;
}

const HOUR_MS = 3_600_000;
const KNOWN = new Set(tzlib_get_timezones() as string[]);
/** Per zone name, loaded once (a few hundred zones at most). */
const loaded = new Map<string, LibraryZone | null>();

function libraryZone(zone: string): LibraryZone | null {
  let found = loaded.get(zone);
  if (found === undefined) {
    found = load(zone);
    loaded.set(zone, found);
  }
  return found;
}

function load(zone: string): LibraryZone | null {
  // Only names the library lists: it writes "Given time zone not valid." to stderr for others.
  if (!KNOWN.has(zone)) return null;
  const block = tzlib_get_ical_block(zone);
  if (!Array.isArray(block) || !block[0] || !block[1]?.startsWith('TZID=')) return null;
  return { tzid: block[1].slice('TZID='.length), vtimezone: block[0], rules: new ICAL.Timezone(ICAL.Component.fromString(block[0])) };
}

/** The VTIMEZONE of a TZID returned by `calendarZoneOf` (ical-generator's timezone generator). */
export function vtimezoneOf(tzid: string): string | null {
  return libraryZone(tzid)?.vtimezone ?? null;
}

/**
 * The TZID to write a timed event's DTSTART/DTEND with, or null to write them in UTC. `zone` is the event's stored
 * timezone; `instantsUtc` its start and end as UTC wall clocks (`YYYY-MM-DD HH:MM:SS`).
 */
export function calendarZoneOf(zone: string, instantsUtc: readonly string[]): string | null {
  if (zone === 'UTC' || /^UTC[+-]/.test(zone)) return null;
  const known = libraryZone(zone);
  const iana = IANAZone.create(zone);
  if (!known || !iana.isValid) return null;
  return instantsUtc.every((utc) => readsBack(known, iana, Date.parse(`${utc.replace(' ', 'T')}Z`))) ? known.tzid : null;
}

/**
 * Instants whose zone every reader knows: a VTIMEZONE states rules from 1970 on, and readers that look the TZID up in
 * their own data may have none after 2035 (node-ical 0.26's data ends there, pytz's in 2037): a New York event of 2099
 * read one hour off in both (found by a probe).
 */
const ZONED_FROM = Date.UTC(1970, 0, 1);
const ZONED_UNTIL = Date.UTC(2036, 0, 1);

/** Does the instant's wall clock in the zone name that instant for every reader? */
function readsBack(known: LibraryZone, iana: IANAZone, instant: number): boolean {
  if (Number.isNaN(instant) || instant < ZONED_FROM || instant >= ZONED_UNTIL) return false;
  const offset = iana.offset(instant); // minutes east of UTC
  const wall = instant + offset * 60_000;
  // The wall clock occurs once: no other offset in force nearby maps it to another instant.
  for (const other of [iana.offset(instant - 3 * HOUR_MS), iana.offset(instant + 3 * HOUR_MS)]) {
    if (other !== offset && iana.offset(wall - other * 60_000) === other) return false;
  }
  const d = new Date(wall);
  const time = ICAL.Time.fromData({
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  });
  return known.rules.utcOffset(time) === offset * 60;
}
