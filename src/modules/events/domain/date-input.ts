/**
 * Date input (CONTRACT §8.2.2), time zones (§9.2, §6.2) and wall-clock conversions (§9.3, §6.10).
 *
 * Pure functions: the current instant is always passed in (`now`), never read from the system clock.
 * Calendar arithmetic and every zone/DST computation is done by luxon (IANA data from the runtime's ICU); the accepted
 * English forms are recognised by the small, explicit grammar below so that their meaning is exactly the contract's
 * (general natural-language libraries disagree on `monday` vs `next monday` and on what to reject).
 *
 * Decisions the contract leaves open:
 *  - Unix timestamps: any finite JSON number, or a string of digits (optionally signed, optionally with a `.` fraction,
 *    as the parameter layer turns JSON numbers into strings), is read as seconds since the epoch (the fraction is dropped). So `"20261205"` is a timestamp, not a date; dates must use `YYYY-MM-DD`.
 *  - Offsets may omit the sign (`1 week` = `+1 week`), because an unencoded `+` in a query string arrives as a space.
 *  - Weekday names may be abbreviated (`mon`, `next fri`); `this monday` = `monday`.
 *  - Times after a day form: `9am`, `9 am`, `9:30pm`, `11:15 am`, `18:30`, `18:30:15`, `noon`, `midnight`
 *    (optionally preceded by `at`). 12-hour times accept hours 1–12 (`12am` = 00:00, `12pm` = 12:00).
 *  - Results outside years 0001–9999 are rejected.
 */
import { DateTime, FixedOffsetZone, IANAZone, Zone } from 'luxon';
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
 * CONTRACT §9.2: IANA name (returned in its canonical spelling), `UTC`, or an offset `+02:00`, `-0530`, `UTC+2`,
 * `UTC+5:30`, `UTC-3` → stored as `UTC±H[:MM]` (`UTC+0` → `UTC`). Null when invalid. (`""` is the caller's business.)
 */
export function normalizeTimezone(input: string): string | null {
  if (typeof input !== 'string') return null;
  const s = input.trim();
  if (s === '') return null;
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
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(s)) return null;
  if (!IANAZone.isValidZone(s)) return null;
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

interface Parts {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

function partsOfWall(wall: string): Parts {
  const m = WALL.exec(wall);
  if (!m) throw new Error(`not a wall-clock string: "${wall}"`);
  return { y: +m[1], mo: +m[2], d: +m[3], h: +m[4], mi: +m[5], s: +m[6] };
}

function wallOf(dt: DateTime): string {
  return `${pad(dt.year, 4)}-${pad(dt.month)}-${pad(dt.day)} ${pad(dt.hour)}:${pad(dt.minute)}:${pad(dt.second)}`;
}

function validDay(y: number, mo: number, d: number): boolean {
  if (mo < 1 || mo > 12 || d < 1 || y < 1) return false;
  const days = [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return d <= days;
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
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
  if (zone.isUniversal) return zone.offset(ms);
  let offsets = offsetCache.get(zone);
  if (!offsets) offsetCache.set(zone, (offsets = new Map()));
  let offset = offsets.get(ms);
  if (offset === undefined) {
    if (offsets.size >= MAX_CACHED_OFFSETS) offsets.clear();
    offset = zone.offset(ms);
    offsets.set(ms, offset);
  }
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

function fromParts(p: Parts, zone: Zone): DateTime {
  return DateTime.fromMillis(instantOfParts(p, zone), { zone });
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
  return `${wallAt(ms, z).replace(' ', 'T')}${formatOffset(offsetAt(z, ms), true)}`;
}

function formatOffset(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${colon ? ':' : ''}${pad(abs % 60)}`;
}

/**
 * CONTRACT §6.2: the tz-database abbreviation of `zone` at the instant `utcWallClock` (`CET`, `CEST`, `EST`, `EDT`,
 * `JST`), its numeric form where the database has no letters (`-03`, `+0530`), `UTC` for UTC and the zone string itself
 * for offset zones (`UTC+2`).
 */
export function timezoneAbbreviation(zone: string, utcWallClock: string): string {
  const z = zone.trim();
  if (/^utc$/i.test(z)) return 'UTC';
  if (GMT_ALIASES.includes(z)) return 'GMT';
  if (OFFSET_ZONE.test(z)) return z;
  const luxonZone = zoneOf(z);
  if (!luxonZone) return z;
  const ms = instantOfParts(partsOfWall(utcWallClock), FixedOffsetZone.utcInstance);
  const offset = offsetAt(luxonZone, ms);
  const table = TZ_ABBREVIATIONS[z] ?? TZ_ABBREVIATIONS[canonicalName(z)] ?? '';
  for (const entry of table.split(',')) {
    const i = entry.indexOf(':');
    if (i > 0 && Number(entry.slice(0, i)) === offset) return entry.slice(i + 1);
  }
  // The tz database's numeric style: "+03", "-03", "+0530".
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${sign}${pad(Math.floor(abs / 60))}${abs % 60 ? pad(abs % 60) : ''}`;
}

/** Canonical IANA names of aliases (`Asia/Calcutta` → `Asia/Kolkata`), resolved once per zone: `Intl` is slow. */
const canonicalNames = new Map<string, string>();

function canonicalName(zone: string): string {
  let name = canonicalNames.get(zone);
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

const WEEKDAYS: Record<string, number> = {
  monday: 1, mon: 1, tuesday: 2, tue: 2, tues: 2, wednesday: 3, wed: 3, thursday: 4, thu: 4, thur: 4, thurs: 4,
  friday: 5, fri: 5, saturday: 6, sat: 6, sunday: 7, sun: 7,
};

type Unit = 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years';
const UNITS: Record<string, Unit> = {
  sec: 'seconds', secs: 'seconds', second: 'seconds', seconds: 'seconds',
  min: 'minutes', mins: 'minutes', minute: 'minutes', minutes: 'minutes',
  hour: 'hours', hours: 'hours',
  day: 'days', days: 'days',
  week: 'weeks', weeks: 'weeks',
  month: 'months', months: 'months',
  year: 'years', years: 'years',
};

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/i;
const ISO_OFFSET_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s?(z|[+-]\d{2}(?::?\d{2})?)$/i;
const TIMESTAMP_RE = /^[+-]?\d+(?:\.\d+)?$/;

type Time = [number, number, number];

/** `9am`, `9 am`, `9:30pm`, `11:15 am`, `18:30`, `18:30:15`, `noon`, `midnight`, optionally after `at`. */
function parseTime(text: string): Time | null {
  const t = text.replace(/^at\s+/, '');
  if (t === 'noon') return [12, 0, 0];
  if (t === 'midnight') return [0, 0, 0];
  let m = /^(\d{1,2})(?::(\d{2})(?::(\d{2}))?)?\s?([ap])\.?m\.?$/.exec(t);
  if (m) {
    const h = Number(m[1]);
    const mi = Number(m[2] ?? 0);
    const s = Number(m[3] ?? 0);
    if (h < 1 || h > 12 || mi > 59 || s > 59) return null;
    return [(h % 12) + (m[4] === 'p' ? 12 : 0), mi, s];
  }
  m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (m) {
    const h = Number(m[1]);
    const mi = Number(m[2]);
    const s = Number(m[3] ?? 0);
    if (h > 23 || mi > 59 || s > 59) return null;
    return [h, mi, s];
  }
  return null;
}

function result(dt: DateTime, hasTime: boolean): ParsedDate | null {
  if (!dt.isValid) return null;
  const utc = dt.setZone(FixedOffsetZone.utcInstance);
  if (dt.year < 1 || dt.year > 9999 || utc.year < 1 || utc.year > 9999) return null;
  return { wallClock: wallOf(dt), utc: wallOf(utc), hasTime };
}

/** The day `days` after the day of `base` (context zone), at the given time. */
function dayAt(base: DateTime, days: number, time: Time | null, zone: Zone): ParsedDate | null {
  const day = base.plus({ days });
  const [h, mi, s] = time ?? [0, 0, 0];
  return result(fromParts({ y: day.year, mo: day.month, d: day.day, h, mi, s }, zone), time !== null);
}

/**
 * Reads a date input (CONTRACT §8.2.2) in the context `zone` at the moment `now`. Forms without offset are wall-clock
 * times of `zone`; instants (offset forms, timestamps) are converted into `zone`. Null when the value is not an accepted
 * form (→ `rest_invalid_date`).
 */
export function parseDateInput(value: string | number, zone: string, now: Date): ParsedDate | null {
  const z = zoneOf(zone);
  if (!z) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return result(DateTime.fromMillis(Math.trunc(value) * 1000, { zone: z }), true);
  }
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return null;

  if (TIMESTAMP_RE.test(text)) {
    const seconds = Math.trunc(Number(text));
    if (!Number.isSafeInteger(seconds)) return null;
    return result(DateTime.fromMillis(seconds * 1000, { zone: z }), true);
  }

  let m = DATE_RE.exec(text);
  if (m) {
    const [y, mo, d] = [+m[1], +m[2], +m[3]];
    if (!validDay(y, mo, d)) return null;
    return result(fromParts({ y, mo, d, h: 0, mi: 0, s: 0 }, z), false);
  }
  m = ISO_OFFSET_RE.exec(text);
  if (m) {
    const [y, mo, d, h, mi, s] = [+m[1], +m[2], +m[3], +m[4], +m[5], +(m[6] ?? 0)];
    if (!validDay(y, mo, d) || h > 23 || mi > 59 || s > 59) return null;
    const spec = m[7] === 'z' ? 'UTC' : `UTC${m[7].slice(0, 3)}:${m[7].replace(':', '').slice(3) || '00'}`;
    const offsetZone = zoneOf(spec);
    if (!offsetZone) return null;
    const instant = fromParts({ y, mo, d, h, mi, s }, offsetZone);
    return result(instant.setZone(z), true);
  }
  m = DATE_TIME_RE.exec(text);
  if (m) {
    const [y, mo, d, h, mi, s] = [+m[1], +m[2], +m[3], +m[4], +m[5], +(m[6] ?? 0)];
    if (!validDay(y, mo, d) || h > 23 || mi > 59 || s > 59) return null;
    return result(fromParts({ y, mo, d, h, mi, s }, z), true);
  }
  // A date followed by a 12-hour time (or any accepted time): `2026-12-05 4pm`, `2026-12-05 11:15 am`.
  m = /^(\d{4})-(\d{2})-(\d{2})[ t](.+)$/.exec(text);
  if (m) {
    const [y, mo, d] = [+m[1], +m[2], +m[3]];
    const time = parseTime(m[4]);
    if (!time || !validDay(y, mo, d)) return null;
    return result(fromParts({ y, mo, d, h: time[0], mi: time[1], s: time[2] }, z), true);
  }

  const nowInZone = DateTime.fromJSDate(now, { zone: z });
  if (text === 'now') return result(nowInZone, true);

  // Day words, optionally followed by a time.
  m = /^(today|midnight|tomorrow|yesterday)(?: (.+))?$/.exec(text);
  if (m) {
    const time = m[2] === undefined ? null : parseTime(m[2]);
    if (m[2] !== undefined && !time) return null;
    if (m[1] === 'midnight' && time) return null;
    const days = m[1] === 'tomorrow' ? 1 : m[1] === 'yesterday' ? -1 : 0;
    return dayAt(nowInZone, days, time, z);
  }

  // Weekdays: `monday` (today if Monday), `next monday` (first after today), `last friday` (last before today).
  m = /^(?:(next|last|this) )?([a-z]+)(?: (.+))?$/.exec(text);
  if (m && WEEKDAYS[m[2]] !== undefined) {
    const time = m[3] === undefined ? null : parseTime(m[3]);
    if (m[3] !== undefined && !time) return null;
    const target = WEEKDAYS[m[2]];
    const today = nowInZone.weekday;
    let days: number;
    if (m[1] === 'next') days = ((target - today + 7) % 7) || 7;
    else if (m[1] === 'last') days = -(((today - target + 7) % 7) || 7);
    else days = (target - today + 7) % 7;
    return dayAt(nowInZone, days, time, z);
  }

  // Offsets: `+1 week`, `-2 days`, `+3 hours`, optionally followed by a time (`+5 days 11am`).
  m = /^([+-])? ?(\d+) ?([a-z]+)(?: (.+))?$/.exec(text);
  if (m && UNITS[m[3]] !== undefined) {
    const amount = Number(m[2]) * (m[1] === '-' ? -1 : 1);
    if (!Number.isSafeInteger(amount)) return null;
    const unit = UNITS[m[3]];
    const shifted = nowInZone.plus({ [unit]: amount });
    if (m[4] === undefined) return result(shifted, true);
    const time = parseTime(m[4]);
    if (!time) return null;
    return dayAt(shifted, 0, time, z);
  }
  return null;
}

/**
 * Whether `value` is one of the accepted forms (CONTRACT §8.2.2), for parameter validation before the context zone and
 * the moment are known. Whether a form is accepted does not depend on either (only results beyond year 9999 do, and
 * the full parse, with the Clock's moment, still refuses those).
 */
export function isDateForm(value: string | number): boolean {
  return parseDateInput(value, 'UTC', FORM_CHECK_MOMENT) !== null;
}

const FORM_CHECK_MOMENT = new Date(Date.UTC(2000, 0, 1));

/** The wall clock of `now` in `zone`. */
export function nowIn(zone: string, now: Date): string {
  return wallOf(DateTime.fromJSDate(now, { zone: requireZone(zone) }));
}
