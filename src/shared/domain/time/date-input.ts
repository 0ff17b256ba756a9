/**
 * Date input (CONTRACT §8.2.2), time zones (§9.2, §6.2) and wall-clock conversions (§9.3, §6.10).
 *
 * Pure functions: the current instant is always passed in (`now`), never read from the system clock.
 *
 * Who does what in `parseDateInput`:
 *  - Recognition is done by libraries (./date-forms): luxon's format parser reads the absolute forms (dates, date-times,
 *    ISO-8601 with `Z` or an offset) and checks the calendar and the clock; chrono-node recognises the relative English
 *    forms (day words, weekdays with their modifier, signed offsets, a time of day after any of those or after a date).
 *    The result is a typed form: what was written, not yet when it is.
 *  - Meaning is computed here with luxon in the context zone, because the contract's meanings are not chrono's: chrono
 *    reads a bare `monday` as the closest Monday (possibly past) and `next wednesday` as the Wednesday of next week, and
 *    does its arithmetic with JavaScript `Date` in the process time zone (month overflow included). Here: `monday` =
 *    today if Monday else the next one, `next monday` = the first Monday after today, `last friday` = the last Friday
 *    before today, day forms = 00:00:00 of their day, a time after a day form = that time on that day, offsets shift
 *    `now` (hours/minutes/seconds as elapsed time; days/weeks/months/years on the wall clock, months clamped). "Today",
 *    "now" and weekdays are taken in the context zone.
 *  - Wall clock → instant is `instantOfParts` (below), for the contract's daylight-saving rule: a time in a gap moves
 *    forward by the gap, an ambiguous time takes the earlier instant (luxon resolves an ambiguous wall clock from the
 *    offset it tries first, which is not always the earlier instant). Offsets come from luxon's zones (IANA data from
 *    the runtime's ICU).
 *  - Unix timestamps are numbers, not a date syntax: a JSON number or a signed decimal string (see below).
 *
 * Decisions the contract leaves open:
 *  - Unix timestamps: any finite JSON number, or a string of digits (optionally signed, optionally with a `.` fraction,
 *    as the parameter layer turns JSON numbers into strings), is read as seconds since the epoch (the fraction is
 *    dropped). So `"20261205"` is a timestamp, not a date; dates must use `YYYY-MM-DD`.
 *  - Date-times may have a fraction of a second (dropped) and a space before the offset; offsets are `Z`, `±HH`,
 *    `±HH:MM` or `±HHMM`, at most 14:59. `24:00` is not a time.
 *  - Offsets may omit the sign (`1 week` = `+1 week`), because an unencoded `+` in a query string arrives as a space.
 *    Units: second, minute, hour, day, week, month, year, singular or plural, and `sec`, `min`, `mins`.
 *  - Weekday names may be abbreviated as chrono-node's English dictionary has them (`mon`, `tue`, `wed`, `thu`, `thur`,
 *    `thurs`, `fri`, `sat`, `sun`, with or without a final `.`); `this monday` = `monday`.
 *  - Times after a day form: `9am`, `9 am`, `9:30pm`, `11:15 am`, `9 a.m.`, `18:30`, `18:30:15`, `noon`, `midnight`
 *    (optionally preceded by `at`), separated from the day form by one space. 12-hour times accept hours 1–12
 *    (`12am` = 00:00, `12pm` = 12:00); 24-hour times need the minutes (`18` alone is not a time).
 *  - Nothing else: chrono's further vocabulary (`tonight`, `tmr`, `past friday`, `monday next week`, `+1 quarter`,
 *    `+1h`, `in 2 days`, `2 days ago`, month names...), junk before or after a form, and other connectors between a day
 *    and a time (`tomorrow, 9am`) are rejected.
 *  - Results outside years 0001–9999 are rejected.
 */
import { DateTime, FixedOffsetZone, IANAZone, Zone } from 'luxon';
import { Clock, DateForm, Head, readDateForm, WallParts, WeekdayModifier } from './date-forms';
import { TZ_ABBREVIATIONS } from './tz-abbreviations';

export interface ParsedDate {
  /** 'YYYY-MM-DD HH:MM:SS' in the context zone. */
  wallClock: string;
  /** The same instant, UTC wall clock. */
  utc: string;
  /** false for the day forms (a bare date, today/midnight/tomorrow/yesterday, weekdays): they mean 00:00:00. */
  hasTime: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Zones

const OFFSET_ZONE = /^UTC([+-])(\d{1,2})(?::(\d{2}))?$/i;

/**
 * Valid zones already resolved: luxon's `isValidZone` builds an `Intl.DateTimeFormat` per call, which dominated the
 * cost of presenting a list page (several conversions per event). Only valid zones are kept, so the map stays bounded.
 */
const resolvedZones = new Map<string, Zone>();

/** The luxon zone of a stored timezone value (IANA name, `UTC`, `UTC+2`, `UTC-3`, `UTC+5:30`); null if unknown. */
export function zoneOf(zone: string): Zone | null {
  const known = resolvedZones.get(zone);
  if (known) return known;
  const resolved = resolveZone(zone);
  if (resolved) resolvedZones.set(zone, resolved);
  return resolved;
}

function resolveZone(zone: string): Zone | null {
  const z = zone.trim();
  // Stryker disable next-line ConditionalExpression: equivalent, without it UTC is the runtime's zone "UTC", offset 0 at every instant (only slower)
  if (/^utc$/i.test(z)) return FixedOffsetZone.utcInstance;
  const m = OFFSET_ZONE.exec(z);
  if (m) {
    const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
    if (Number(m[2]) > 14 || Number(m[3] ?? 0) > 59) return null;
    return FixedOffsetZone.instance(m[1] === '-' ? -minutes : minutes);
  }
  if (!IANAZone.isValidZone(z)) return null;
  return IANAZone.create(z);
}

function requireZone(zone: string): Zone {
  const z = zoneOf(zone);
  if (!z) throw new Error(`unknown time zone "${zone}"`);
  return z;
}

/** True when `zone` is a value `zoneOf` understands. */
export function isValidZone(zone: string): boolean {
  return zoneOf(zone) !== null;
}

/**
 * Zone names already normalized (valid ones only, at most NORMALIZED_NAMES_MAX spellings: letter case varies): checking
 * a name builds two `Intl.DateTimeFormat`s, several times per event write (parameter check, command, `npm run import`).
 */
const normalizedNames = new Map<string, string>();
const NORMALIZED_NAMES_MAX = 2000;

/**
 * CONTRACT §9.2: IANA name (returned in its canonical spelling), `UTC`, or an offset `+02:00`, `-0530`, `UTC+2`,
 * `UTC+5:30`, `UTC-3` → stored as `UTC±H[:MM]` (`UTC+0` → `UTC`). Null when invalid. (`""` is the caller's business.)
 */
export function normalizeTimezone(input: string): string | null {
  if (typeof input !== 'string') return null;
  const s = input.trim();
  const known = normalizedNames.get(s);
  if (known !== undefined) return known;
  const normalized = normalizeZoneName(s);
  // Stryker disable next-line BlockStatement: equivalent, the memo only saves work (the next call normalizes again)
  if (normalized !== null) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, the memo's bound only decides when it is emptied, never a result
    if (normalizedNames.size >= NORMALIZED_NAMES_MAX) normalizedNames.clear();
    normalizedNames.set(s, normalized);
  }
  return normalized;
}

function normalizeZoneName(s: string): string | null {
  if (/^(utc|gmt|z)$/i.test(s)) return 'UTC';
  const off = /^(?:(?:UTC|GMT)\s*)?([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(s);
  if (off) {
    // Without the `UTC` prefix a bare number must be written as an offset: `+02:00`, `+0200`, `+02`, `+2`.
    const hours = Number(off[2]);
    const minutes = Number(off[3] ?? 0);
    if (hours > 14 || minutes > 59 || (hours === 14 && minutes > 0)) return null;
    if (hours === 0 && minutes === 0) return 'UTC';
    return `UTC${off[1]}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
  }
  // Stryker disable next-line Regex,ConditionalExpression: equivalent on this runtime, the runtime's zone check below rejects every name the pattern rejects (offsets are read above); the pattern keeps a runtime that takes other spellings as zones from storing them
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(s)) return null;
  let resolved = s;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: s }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // Keep the name as sent (aliases stay aliases) but fix its letter case.
  if (resolved.toLowerCase() === s.toLowerCase()) return resolved;
  const utcAlias = UTC_ALIASES.find((name) => name.toLowerCase() === s.toLowerCase());
  if (utcAlias) return utcAlias;
  return s;
}

/**
 * The tz database's names of UTC (abbreviation `UTC`) and of GMT (abbreviation `GMT`), in their own spelling: the runtime
 * resolves them all to `UTC`, which would lose both the spelling and the abbreviation.
 */
const GMT_ALIASES = ['Etc/GMT', 'Etc/GMT0', 'Etc/GMT+0', 'Etc/GMT-0', 'Etc/Greenwich', 'GMT0', 'GMT+0', 'GMT-0', 'Greenwich'];
const UTC_ALIASES = ['Etc/UTC', 'Etc/UCT', 'Etc/Universal', 'Etc/Zulu', 'UCT', 'Universal', 'Zulu', ...GMT_ALIASES];

// ---------------------------------------------------------------------------------------------------------------
// Wall clocks

const WALL = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Wall-clock fields, as the date forms yield them. */
type Parts = WallParts;

function partsOfWall(wall: string): Parts {
  const m = WALL.exec(wall);
  if (!m) throw new Error(`not a wall-clock string: "${wall}"`);
  return { y: +m[1], mo: +m[2], d: +m[3], h: +m[4], mi: +m[5], s: +m[6] };
}

/**
 * Offsets already computed, per IANA zone and instant: luxon asks `Intl` for every offset, which dominated the cost of
 * presenting a list page (several conversions per event, the same instants on every request). Exact, since an offset
 * depends only on the zone and the instant; each zone's map is emptied when it reaches `MAX_CACHED_OFFSETS`.
 */
const offsetCache = new Map<Zone, Map<number, number>>();
const MAX_CACHED_OFFSETS = 20_000;

/** Offset of `zone` (minutes east of UTC) at an instant (epoch ms). */
function offsetAt(zone: Zone, ms: number): number {
  // Stryker disable next-line ConditionalExpression: equivalent, a fixed offset through the cache (or any zone without it) gives the same zone.offset(ms)
  if (zone.isUniversal) return zone.offset(ms);
  const offsets = offsetCache.get(zone) ?? offsetsOf(zone);
  return offsets.get(ms) ?? remember(offsets, ms, zone.offset(ms));
}

function offsetsOf(zone: Zone): Map<number, number> {
  const offsets = new Map<number, number>();
  offsetCache.set(zone, offsets);
  return offsets;
}

function remember(offsets: Map<number, number>, ms: number, offset: number): number {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, the bound only decides when the cache is emptied, never an offset
  if (offsets.size >= MAX_CACHED_OFFSETS) offsets.clear();
  offsets.set(ms, offset);
  return offset;
}

/** The wall clock of `zone` at an instant (epoch ms), without building a luxon DateTime. */
function wallAt(ms: number, zone: Zone): string {
  const local = new Date(ms + Math.round(offsetAt(zone, ms) * 60_000));
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`
  );
}

/**
 * The instant (epoch ms) at which the wall clock of `zone` shows the given parts. A time inside a daylight-saving gap
 * moves forward by the length of the gap; an ambiguous time takes the earlier instant (CONTRACT §8.2.2).
 */
function instantOfParts(p: Parts, zone: Zone): number {
  const local = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  // Date.UTC maps years 0–99 to 1900–1999; fix that.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent for calendar dates (what every caller passes): setting the year a date already has changes nothing
  const localMs = p.y < 100 ? new Date(local).setUTCFullYear(p.y) : local;
  const before = offsetAt(zone, localMs - 36 * 3600_000);
  const after = offsetAt(zone, localMs + 36 * 3600_000);
  const candidates = [...new Set([before, after, offsetAt(zone, localMs)])]
    .map((o) => localMs - o * 60_000)
    .filter((t) => localMs - offsetAt(zone, t) * 60_000 === t);
  if (candidates.length) return Math.min(...candidates);
  // Gap: read the wall clock with the offset in force before the gap → lands after the gap, shifted by its length.
  return localMs - before * 60_000;
}

/** UTC wall clock → wall clock of `zone`. */
export function toZone(utcWallClock: string, zone: string): string {
  return wallAt(instantOfParts(partsOfWall(utcWallClock), FixedOffsetZone.utcInstance), requireZone(zone));
}

/** Wall clock of `zone` → UTC wall clock (daylight-saving gap → forward by the gap; ambiguous → earlier instant). */
export function toUtc(localWallClock: string, zone: string): string {
  return wallAt(instantOfParts(partsOfWall(localWallClock), requireZone(zone)), FixedOffsetZone.utcInstance);
}

/**
 * The wall clock a local value really shows in `zone`: the same string, except inside a daylight-saving gap where it
 * moves forward by the gap (`2026-03-29 02:30:00` in Europe/Madrid → `2026-03-29 03:30:00`).
 */
export function normalizeWallClock(localWallClock: string, zone: string): string {
  const z = requireZone(zone);
  return wallAt(instantOfParts(partsOfWall(localWallClock), z), z);
}

/** ISO-8601 with the zone's offset at that moment: `2026-12-05T20:00:00+01:00` (CONTRACT §6.10). */
export function isoWithOffset(localWallClock: string, zone: string): string {
  const z = requireZone(zone);
  const ms = instantOfParts(partsOfWall(localWallClock), z);
  return `${wallAt(ms, z).replace(' ', 'T')}${formatOffset(offsetAt(z, ms))}`;
}

/** `+01:00`; an offset with seconds (local mean time: Madrid's -0:14:44) loses them, as PHP's `P` format does. */
function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = wholeMinutes(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The whole minutes of an offset's size (seconds dropped). */
const wholeMinutes = (offsetMinutes: number): number => Math.floor(Math.abs(offsetMinutes));

/**
 * CONTRACT §6.2: the tz-database abbreviation of `zone` at the instant `utcWallClock` (`CET`, `CEST`, `EST`, `EDT`,
 * `JST`), its numeric form where the database has no letters (`-03`, `+0530`), `UTC` for UTC and the zone string itself
 * for offset zones (`UTC+2`).
 */
export function timezoneAbbreviation(zone: string, utcWallClock: string): string {
  const z = zone.trim();
  if (GMT_ALIASES.includes(z)) return 'GMT';
  if (OFFSET_ZONE.test(z)) return z;
  const luxonZone = zoneOf(z);
  if (!luxonZone) return z;
  const ms = instantOfParts(partsOfWall(utcWallClock), FixedOffsetZone.utcInstance);
  const offset = offsetAt(luxonZone, ms);
  // Stryker disable next-line StringLiteral: equivalent, a zone without a table has no entry with a colon, whatever the text
  const table = TZ_ABBREVIATIONS[z] ?? TZ_ABBREVIATIONS[canonicalName(z)] ?? '';
  for (const entry of table.split(',')) {
    const [minutes, abbreviation] = entry.split(':');
    if (abbreviation !== undefined && Number(minutes) === offset) return abbreviation;
  }
  // The tz database's numeric style: "+03", "-03", "+0530".
  const sign = offset < 0 ? '-' : '+';
  const abs = wholeMinutes(offset);
  return `${sign}${pad(Math.floor(abs / 60))}${abs % 60 ? pad(abs % 60) : ''}`;
}

/** Canonical IANA names of aliases (`Asia/Calcutta` → `Asia/Kolkata`), resolved once per zone: `Intl` is slow. */
const canonicalNames = new Map<string, string>();

function canonicalName(zone: string): string {
  let name = canonicalNames.get(zone);
  // Stryker disable next-line ConditionalExpression: equivalent when always true, the memo only saves work
  if (name === undefined) {
    try {
      name = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      name = zone;
    }
    canonicalNames.set(zone, name);
  }
  return name;
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing (CONTRACT §8.2.2)

/** A signed decimal number: a Unix timestamp in seconds (see the decisions in the header). */
/** A timestamp written as text is a digit string (CONTRACT §8.2.2); a sign or a fraction is a JSON number's alone. */
const TIMESTAMP_RE = /^\d+$/;

/** The largest distance from the epoch a JavaScript date (and a luxon DateTime) can be, in ms. */
const MAX_EPOCH_MS = 8.64e15;

/**
 * The reading of the instant `ms` (epoch ms) in `zone`: its wall clocks there and in UTC, or null when it is invalid or
 * either lies outside the years 0001–9999. Without luxon DateTimes: in an IANA zone luxon asks `Intl` for the offset
 * of every DateTime it builds (~10 µs), where `offsetAt` remembers it (issue 18: a list's date parameters in a non-UTC
 * site zone cost ~40 µs each). The same strings as luxon's (date-input.zones.spec.ts).
 */
function resultAt(ms: number, zone: Zone, hasTime: boolean): ParsedDate | null {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: equivalent for results (no date there has a year), it keeps junk instants out of the offset cache
  if (!(Math.abs(ms) <= MAX_EPOCH_MS)) return null;
  const local = ms + Math.round(offsetAt(zone, ms) * 60_000);
  if (!inYears(local) || !inYears(ms)) return null;
  return { wallClock: wallAt(ms, zone), utc: wallAt(ms, FixedOffsetZone.utcInstance), hasTime };
}

/** Whether the UTC calendar date of `ms` lies in the years 0001–9999 (the contract's range). */
function inYears(ms: number): boolean {
  const year = new Date(ms).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** The wall clock of a DateTime, as a zone-less value (luxon in UTC) for calendar arithmetic on the wall clock. */
function wallClockOf(dt: DateTime): DateTime {
  return dt.setZone(FixedOffsetZone.utcInstance, { keepLocalTime: true });
}

/**
 * The instant at which `zone` shows the wall clock `wall` (a zone-less DateTime), or the time of day `clock` on its day
 * (gap → forward by the gap, ambiguous → earlier instant). `hasTime` as `ParsedDate`.
 */
function atWall(wall: DateTime, clock: Clock | null, zone: Zone, hasTime: boolean): ParsedDate | null {
  const time = clock ?? { h: wall.hour, mi: wall.minute, s: wall.second };
  return resultAt(instantOfParts({ y: wall.year, mo: wall.month, d: wall.day, ...time }, zone), zone, hasTime);
}

/**
 * Days from today to the weekday (ISO, 1 = Monday) meant by `[modifier] weekday`: `monday`/`this monday` = today if it
 * is Monday, else the next one; `next monday` = the first Monday after today; `last friday` = the last Friday before
 * today (CONTRACT §8.2.2).
 */
function daysToWeekday(today: number, weekday: number, modifier: WeekdayModifier): number {
  const ahead = (weekday - today + 7) % 7;
  if (modifier === 'next') return ahead || 7;
  if (modifier === 'last') return -((today - weekday + 7) % 7 || 7);
  return ahead;
}

const MIDNIGHT: Clock = { h: 0, mi: 0, s: 0 };
const ELAPSED_UNITS = new Set(['seconds', 'minutes', 'hours']);

/**
 * The meaning of a relative form (CONTRACT §8.2.2), taken in `zone` at the moment `now`: day forms are 00:00:00 of
 * their day, or the time of day written after them; `now` is the moment; an offset shifts `now` (hours, minutes and
 * seconds as elapsed time; days, weeks, months and years on the wall clock, months clamped to the month's last day).
 */
function relativeDate(head: Head, clock: Clock | null, zone: Zone, now: Date): ParsedDate | null {
  const nowInZone = DateTime.fromJSDate(now, { zone });
  const today = wallClockOf(nowInZone).startOf('day');
  switch (head.kind) {
    case 'now':
      return resultAt(now.getTime(), zone, true);
    case 'day':
      return atWall(today.plus({ days: head.days }), clock ?? MIDNIGHT, zone, clock !== null);
    case 'weekday': {
      const day = today.plus({ days: daysToWeekday(today.weekday, head.weekday, head.modifier) });
      return atWall(day, clock ?? MIDNIGHT, zone, clock !== null);
    }
    case 'date': {
      // Stryker disable next-line ObjectLiteral: equivalent, only the year, month and day are read, the same in any zone
      const day = DateTime.fromObject({ year: head.y, month: head.mo, day: head.d }, { zone: FixedOffsetZone.utcInstance });
      // A date is relative only with a time after it (a bare date is a wall form, ./date-forms).
      return atWall(day, clock ?? MIDNIGHT, zone, true);
    }
    case 'offset': {
      if (ELAPSED_UNITS.has(head.unit)) {
        const shifted = nowInZone.plus({ [head.unit]: head.amount });
        return clock ? atWall(wallClockOf(shifted), clock, zone, true) : resultAt(shifted.toMillis(), zone, true);
      }
      return atWall(wallClockOf(nowInZone).plus({ [head.unit]: head.amount }), clock, zone, true);
    }
  }
}

/**
 * Reads a date input (CONTRACT §8.2.2) in the context `zone` at the moment `now`. Forms without offset are wall-clock
 * times of `zone`; instants (offset forms, timestamps) are converted into `zone`. Null when the value is not an accepted
 * form (→ `rest_invalid_date`).
 */
export function parseDateInput(value: string | number, zone: string, now: Date): ParsedDate | null {
  const z = zoneOf(zone);
  if (!z) return null;
  if (typeof value === 'number') return fromTimestamp(value, z);
  if (typeof value !== 'string') return null;
  const text = dateText(value);
  if (TIMESTAMP_RE.test(text)) return fromTimestamp(Number(text), z);
  // (Not `offsetAt`: its cache is for the few instants presented again and again, `now` is new on every call.)
  const form = readDateForm(text, now, () => z.offset(now.getTime()));
  return form ? dateOfForm(form, z, now) : null;
}

/** A date input's text as the forms are read: trimmed, lower case, inner white space as one space. */
const dateText = (value: string): string => value.trim().toLowerCase().replace(/\s+/g, ' ');

/** A Unix timestamp in seconds (fractions dropped). */
const fromTimestamp = (seconds: number, zone: Zone): ParsedDate | null => resultAt(Math.trunc(seconds) * 1000, zone, true);

function dateOfForm(form: DateForm, zone: Zone, now: Date): ParsedDate | null {
  switch (form.kind) {
    case 'wall':
      return resultAt(instantOfParts(form.parts, zone), zone, form.hasTime);
    case 'instant':
      return resultAt(form.ms, zone, true);
    case 'relative':
      return relativeDate(form.head, form.clock, zone, now);
  }
}

/**
 * Whether `value` is one of the accepted forms (CONTRACT §8.2.2), for parameter validation before the context zone and
 * the moment are known. Whether a form is accepted does not depend on either (only results beyond year 9999 do, and
 * the full parse, with the Clock's moment, still refuses those).
 */
export function isDateForm(value: string | number): boolean {
  const text = typeof value === 'string' ? dateText(value) : null;
  if (text === null || TIMESTAMP_RE.test(text)) return parseDateInput(value, 'UTC', FORM_CHECK_MOMENT) !== null;
  const form = readDateForm(text, FORM_CHECK_MOMENT, () => 0);
  if (form === null) return false;
  // A wall clock of UTC is its own instant (UTC has no gaps): reading it (issue 18: a tenth of the parameter check's CPU
  // on a distinct list) would only check its year. Forms with four-digit years: never above 9999.
  // Stryker disable next-line EqualityOperator,ConditionalExpression: equivalent, no wall form has a year above 9999 (see date-input.spec.ts)
  if (form.kind === 'wall') return form.parts.y >= 1 && form.parts.y <= 9999;
  return dateOfForm(form, FixedOffsetZone.utcInstance, FORM_CHECK_MOMENT) !== null;
}

const FORM_CHECK_MOMENT = new Date(Date.UTC(2000, 0, 1));

/** The wall clock of `now` in `zone`. */
export function nowIn(zone: string, now: Date): string {
  return wallAt(now.getTime(), requireZone(zone));
}
