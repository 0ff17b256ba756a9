/**
 * Recognition of the date forms of CONTRACT §8.2.2: what a date value *says*, not yet what instant it means (that is
 * `parseDateInput` in ./date-input, which applies the contract's meanings in the context zone).
 *
 * - Absolute forms (`2026-12-05`, `2026-12-05 20:00[:30[.fff]]`, `2026-12-05T20:00:00`, the same with `Z` or an offset)
 *   are read by luxon's format parser against a fixed list of formats, built once (`DateTime.buildFormatParser`). luxon
 *   also validates the calendar and the clock (`2026-02-30`, `2026-13-01`, `25:00` are invalid).
 * - The relative English forms are recognised by chrono-node: one `Chrono` instance, built once at module load, with
 *   chrono's own English parsers for day words (`now`, `today`, `tomorrow`, `yesterday`), `noon`/`midnight`, weekdays
 *   with `this`/`next`/`last`, signed offsets (`+1 week`), times of day (`9am`, `11:15 am`, `18:30`, `at 9am`) and the
 *   year-month-day date before a time. Each of those parsers is wrapped so that its result carries what chrono
 *   recognised as a typed form: which day word, which weekday (chrono's component) and which modifier (chrono's capture),
 *   the offset's sign, amount and unit (chrono's captures), the time of day (chrono's components, 12-hour already turned
 *   into 24-hour by chrono).
 *
 * What chrono does not decide, and the glue here does (deliberately small):
 * - Strictness. chrono finds dates *inside* text and tolerates more spellings than the contract: `foo monday`, `monday
 *   bar`, `on monday`, `monday,`, `nextmonday`, `tmr`, `tonight`, `past friday`, `monday next week`, `weekend`,
 *   `tomorrow 0am`, `tomorrow 24:00`, `9.30`, `12:5pm`, `9am-10am`, `+a week`, `+1 quarter`, `+1 week and 2 days`. A
 *   fragment is kept only when its text is exactly the contract's spelling of what chrono captured (so junk, other
 *   connectors and other vocabulary fall out) and its values are in range (12-hour hours 1–12, 24-hour hours 0–23); and
 *   the fragments must cover the whole input: one day form, optionally followed by one space and one time of day.
 *   chrono's merging refiners (which accept `,`, `-`, `on`, `after`, `before`... between a date and a time) are not
 *   used for that reason; the combination rule is the contract's.
 * - chrono does not expose the parsed duration of an offset (only the date it computed from it, with JavaScript `Date`
 *   arithmetic in the process time zone, which is not the context zone and overflows months: Jan 31 + 1 month = Mar 3).
 *   So amount and unit are read from chrono's own capture of the duration (`1 week`), and restricted to the contract's
 *   units. Likewise chrono's weekday component does not say which modifier was written, and its meaning of `next monday`
 *   ("Monday of next week") and of a bare `monday` ("the closest Monday", possibly in the past) are not the contract's:
 *   the modifier is read from chrono's capture and the day is computed by ./date-input.
 * - An unsigned offset (`1 week`) is the signed one whose `+` was lost (an unencoded `+` in a query string arrives as a
 *   space, then is trimmed); chrono requires a sign, so such a value is read again with the `+` restored.
 * - luxon's format parser is more lenient than the contract in two places, both checked after it parsed: it reads
 *   `24:00` as 00:00 of the next day, and an offset's hours as one or two digits and its minutes without a range (`+1`,
 *   `+02:75`).
 *
 * Coupling: the parsers are chrono-node 2.9.0's (pinned in package.json), taken from its English casual configuration by
 * class name, and the readers rely on the positions of their captures. `buildChrono` throws at load when a class is
 * missing; the table-driven specs (date-input*.spec.ts) fail when a capture moves or a reading changes.
 */
import { Chrono, en, Parser, ParsingContext, ParsingResult } from 'chrono-node';
import { DateTime } from 'luxon';

type OffsetUnit = 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years';
export type WeekdayModifier = 'this' | 'next' | 'last' | null;

export interface WallParts {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

/** A time of day: `9am`, `18:30`, `noon`, `midnight`. */
export interface Clock {
  h: number;
  mi: number;
  s: number;
}

/** The day part of a relative form. */
export type Head =
  | { kind: 'now' }
  /** `today` (0), `tomorrow` (1), `yesterday` (-1), `midnight` (0). */
  | { kind: 'day'; days: number }
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  | { kind: 'weekday'; weekday: number; modifier: WeekdayModifier }
  | { kind: 'offset'; amount: number; unit: OffsetUnit }
  | { kind: 'date'; y: number; mo: number; d: number };

export type DateForm =
  /** A bare date (`hasTime` false) or a date and time without offset: a wall clock of the context zone. */
  | { kind: 'wall'; parts: WallParts; hasTime: boolean }
  /** A date and time with `Z` or an offset: an instant (epoch ms, fraction of a second dropped). */
  | { kind: 'instant'; ms: number }
  /** A relative form, optionally followed by a time of day. */
  | { kind: 'relative'; head: Head; clock: Clock | null };

// ---------------------------------------------------------------------------------------------------------------
// Absolute forms: luxon

const DATE_FORMAT = 'yyyy-MM-dd';
const TIME_FORMATS = ['HH:mm', 'HH:mm:ss', 'HH:mm:ss.u'];
/** `Z` or an offset (`+01`, `+01:00`, `+0100`), optionally after a space. */
const OFFSET_FORMATS = ["'Z'", 'ZZ', 'ZZZ'].flatMap((f) => [f, ` ${f}`]);

const WALL_PARSERS = [' ', "'T'"].flatMap((sep) =>
  TIME_FORMATS.map((t) => DateTime.buildFormatParser(`${DATE_FORMAT}${sep}${t}`)),
);
const INSTANT_PARSERS = [' ', "'T'"].flatMap((sep) =>
  TIME_FORMATS.flatMap((t) => OFFSET_FORMATS.map((o) => DateTime.buildFormatParser(`${DATE_FORMAT}${sep}${t}${o}`))),
);
const UTC = { zone: 'utc' } as const;
const UTC_KEEPING_OFFSET = { zone: 'utc', setZone: true } as const;

/** Largest offset accepted (as before: up to 14 hours and 59 minutes). */
const MAX_OFFSET_MINUTES = 14 * 60 + 59;

function partsOf(dt: DateTime): WallParts {
  return { y: dt.year, mo: dt.month, d: dt.day, h: dt.hour, mi: dt.minute, s: dt.second };
}

/** A luxon-parsed value whose offset is spelled as luxon reads it (`+01`, `+01:00`, `+0100`, `Z`; `-00:00` too). */
function offsetSpelledExactly(text: string, dt: DateTime): boolean {
  if (text.endsWith('z')) return true; // only the format `Z` reads a text that ends in z: offset 0
  const long = dt.toFormat('ZZ');
  // `+01`, `+01:00`, `+0100`; the minus variants matter only for `-00…` (a text ending in `-01` has the offset -01).
  const spellings = [long, dt.toFormat('ZZZ'), long.slice(0, 3)];
  return spellings.some((s) => text.endsWith(s) || text.endsWith(`-${s.slice(1)}`));
}

/**
 * luxon reads `24:00` as 00:00 of the next day (ISO 8601's end of day); the contract's hours are 00–23. Every absolute
 * format starts with the date, so a parse whose date is not the written one is that case.
 */
function sameDay(text: string, dt: DateTime): boolean {
  return text.startsWith(dt.toFormat(DATE_FORMAT));
}

/** `2026-12-05` or `2026-12-05 20:00[:30]`: the forms calendars send (a day, an hour), read without luxon. */
const PLAIN_WALL = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function daysInMonth(y: number, mo: number): number {
  // Stryker disable next-line all: equivalent, fewer days than the month has leaves its last days to luxon, which reads them alike (more days are refused by date-forms.spec.ts)
  return mo === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(mo) ? 30 : 31;
}

/**
 * A plain wall date or date and time whose every field is in range, read directly (issue 18: luxon's format parser
 * was a twentieth of a distinct list request's CPU, each request a new date). Anything else — out of range, another
 * form — is left to luxon, so the readings are luxon's whatever is written (date-input.forms.spec.ts).
 */
function plainWall(text: string): DateForm | null {
  const m = PLAIN_WALL.exec(text);
  if (!m) return null;
  // Stryker disable next-line StringLiteral: equivalent, Number('') is 0 too
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: equivalent, a field out of range is left to luxon, which refuses it alike
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return null;
  return { kind: 'wall', parts: { y, mo, d, h, mi, s }, hasTime: m[4] !== undefined };
}

/** A bare date is always read by `plainWall` (luxon's `yyyy-MM-dd` reads no other text, date-forms.spec.ts): luxon reads the other forms. */
function readAbsolute(text: string): DateForm | null {
  const plain = plainWall(text);
  // Stryker disable next-line ConditionalExpression: equivalent, luxon reads a plain wall form alike (only slower)
  if (plain) return plain;
  for (const parser of WALL_PARSERS) {
    const dt = DateTime.fromFormatParser(text, parser, UTC);
    if (dt.isValid) return sameDay(text, dt) ? { kind: 'wall', parts: partsOf(dt), hasTime: true } : null;
  }
  for (const parser of INSTANT_PARSERS) {
    const dt = DateTime.fromFormatParser(text, parser, UTC_KEEPING_OFFSET);
    if (!dt.isValid) continue;
    if (!sameDay(text, dt) || Math.abs(dt.offset) > MAX_OFFSET_MINUTES || !offsetSpelledExactly(text, dt)) return null;
    return { kind: 'instant', ms: dt.toMillis() - dt.millisecond };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Relative forms: chrono

/** A time-of-day fragment (`9am`, `at 18:30`, `noon`); `midnight` alone is also a day form. */
interface ClockFragment extends Clock {
  kind: 'clock';
  midnight: boolean;
}
type Fragment = { kind: 'head'; head: Head } | ClockFragment;

/** A chrono result that carries the contract form chrono recognised. */
class FormResult extends ParsingResult {
  constructor(
    base: ParsingResult,
    readonly fragment: Fragment,
  ) {
    super(base.reference, base.index, base.text, base.start, base.end);
  }
}

type Reader = (result: ParsingResult, match: RegExpMatchArray) => Fragment | null;

/**
 * One of chrono's parsers, unchanged (its pattern and its extraction), whose result is kept only when `read` finds in it
 * (in chrono's components and captures) a form of the contract.
 */
class ContractFormParser implements Parser {
  constructor(
    private readonly inner: Parser,
    private readonly read: Reader,
  ) {}

  pattern(context: ParsingContext): RegExp {
    return this.inner.pattern(context);
  }

  extract(context: ParsingContext, match: RegExpMatchArray): ParsingResult | null {
    const out = this.inner.extract(context, match);
    if (!out) return null;
    const result = out instanceof ParsingResult ? out : context.createParsingResult(match.index ?? 0, match[0], out);
    // A range (`9am-10am`) is no date: every reader below wants its form alone as the result's text.
    const fragment = this.read(result, match);
    return fragment ? new FormResult(result, fragment) : null;
  }
}

const DAY_WORDS: Record<string, Head> = {
  now: { kind: 'now' },
  today: { kind: 'day', days: 0 },
  tomorrow: { kind: 'day', days: 1 },
  yesterday: { kind: 'day', days: -1 },
};

/**
 * The contract's offset units, singular or plural, and the abbreviations `sec`, `min`, `mins` (in chrono's vocabulary;
 * its other abbreviations `s`, `m`, `h`, `hr`, `d`, `w`, `mo`, `y`, `qtr` and the unit `quarter` are not accepted) →
 * luxon units.
 */
const OFFSET_UNITS: Record<string, OffsetUnit> = {
  sec: 'seconds', second: 'seconds', seconds: 'seconds',
  min: 'minutes', mins: 'minutes', minute: 'minutes', minutes: 'minutes',
  hour: 'hours', hours: 'hours',
  day: 'days', days: 'days',
  week: 'weeks', weeks: 'weeks',
  month: 'months', months: 'months',
  year: 'years', years: 'years',
};

/** chrono's capture of a duration, when it is one amount of one unit: `1 week`, `3hours`. */
const SINGLE_DURATION = /^(\d+) ?([a-z]+)$/;

const MERIDIEMS = new Set(['am', 'pm', 'a.m.', 'p.m.']);

/** `today`, `tomorrow`, `yesterday`, `now` (chrono's ENCasualDateParser; not its `tonight`, `tmr`, `last night`...). */
const readDayWord: Reader = (result) => {
  const head = DAY_WORDS[result.text];
  return head ? { kind: 'head', head } : null;
};

/** `noon`, `midnight` (chrono's ENCasualTimeParser; not `morning`, `midday`, `this evening`...). */
const readCasualTime: Reader = (result) => {
  if (result.text !== 'noon' && result.text !== 'midnight') return null;
  return { kind: 'clock', h: result.start.get('hour') ?? 0, mi: 0, s: 0, midnight: result.text === 'midnight' };
};

/**
 * Weekdays with an optional `this`/`next`/`last` (chrono's ENWeekdayParser; its captures: 1 = modifier before the
 * weekday, 2 = the weekday word, 3 = a modifier after it as in `monday next week`, which is not a contract form).
 */
const readWeekday: Reader = (result, match) => {
  const modifier = match[1]?.toLowerCase();
  // Stryker disable next-line OptionalChaining: equivalent, chrono's weekday pattern always captures the weekday word
  const word = match[2]?.toLowerCase();
  const weekday = result.start.get('weekday');
  // A modifier after the weekday (capture 3, `monday next week`) is refused below: the text is then more than the form.
  if (word === 'weekend' || word === 'weekday' || weekday === null) return null;
  if (modifier !== undefined && modifier !== 'this' && modifier !== 'next' && modifier !== 'last') return null;
  if (result.text !== (modifier ? `${modifier} ${word}` : word)) return null; // `on monday`, `monday,`, `nextmonday`
  const head: Head = { kind: 'weekday', weekday: weekday || 7, modifier: (modifier ?? null) as WeekdayModifier };
  return { kind: 'head', head };
};

/** Signed offsets (chrono's ENTimeUnitCasualRelativeFormatParser; captures: 1 = `+`/`-`/`next`/..., 2 = the duration). */
const readOffset: Reader = (_result, match) => {
  const sign = match[1];
  if (sign !== '+' && sign !== '-') return null; // `next 2 days`, `last 3 weeks`
  // Stryker disable next-line StringLiteral: equivalent, no duration pattern matches either text
  const duration = SINGLE_DURATION.exec(match[2] ?? '');
  const unit = duration ? OFFSET_UNITS[duration[2]] : undefined;
  if (!duration || !unit) return null; // `+a week`, `+1 quarter`, `+1h`, `+1 week and 2 days`
  // Stryker disable next-line ArithmeticOperator: equivalent, dividing by ±1 is multiplying by it
  const amount = Number(duration[1]) * (sign === '-' ? -1 : 1);
  return { kind: 'head', head: { kind: 'offset', amount, unit } };
};

/**
 * Times of day (chrono's ENTimeExpressionParser in strict mode; captures: 2 = hour, 3 = minute, 4 = second,
 * 5 = fraction, 6 = am/pm). Kept when written `[at ]H:MM[:SS]` (24-hour) or `[at ]h[:MM[:SS]][ ]am|pm|a.m.|p.m.`.
 */
const readTime: Reader = (result, match) => {
  // A fraction (capture 5) is not in any spelling below: refused there.
  const [hour, minute, second, meridiem] = [match[2], match[3], match[4], match[6]?.toLowerCase()];
  if (!hour || hour.length > 2 || (minute !== undefined && minute.length !== 2)) return null;
  const core = `${hour}${minute !== undefined ? `:${minute}` : ''}${second !== undefined ? `:${second}` : ''}`;
  const spellings = meridiem === undefined ? [core] : [`${core}${meridiem}`, `${core} ${meridiem}`];
  const text = result.text.startsWith('at ') ? result.text.slice(3) : result.text;
  if (!spellings.includes(text)) return null;
  const h = Number(hour);
  if (meridiem === undefined ? minute === undefined || h > 23 : !MERIDIEMS.has(meridiem) || h < 1 || h > 12) return null;
  const { start } = result; // chrono's values: 12-hour times already in 24-hour form
  return { kind: 'clock', h: start.get('hour') ?? 0, mi: start.get('minute') ?? 0, s: start.get('second') ?? 0, midnight: false };
};

/** The `YYYY-MM-DD` before a time (chrono's ENYearMonthDayParser finds it; `plainWall` checks the spelling and the calendar). */
const readDate: Reader = (result) => {
  const day = plainWall(result.text);
  if (day?.kind !== 'wall' || day.hasTime) return null;
  return { kind: 'head', head: { kind: 'date', y: day.parts.y, mo: day.parts.mo, d: day.parts.d } };
};

function buildChrono(): Chrono {
  // Fresh instances of chrono's English parsers (the casual configuration), picked by class.
  const { parsers } = en.configuration.createCasualConfiguration(false);
  const pick = (name: string): Parser => {
    const parser = parsers.find((p) => p.constructor.name === name);
    // Stryker disable next-line StringLiteral: not reachable with the installed chrono-node (its parsers are all there); the message names the one a future version dropped
    if (!parser) throw new Error(`chrono-node has no parser ${name}`);
    return parser;
  };
  const TimeExpressionParser = pick('ENTimeExpressionParser').constructor as new (strictMode: boolean) => Parser;
  const YearMonthDayParser = pick('ENYearMonthDayParser').constructor as new (strictMonthDateOrder: boolean) => Parser;
  return new Chrono({
    parsers: [
      new ContractFormParser(pick('ENCasualDateParser'), readDayWord),
      new ContractFormParser(pick('ENCasualTimeParser'), readCasualTime),
      new ContractFormParser(pick('ENWeekdayParser'), readWeekday),
      new ContractFormParser(pick('ENTimeUnitCasualRelativeFormatParser'), readOffset),
      new ContractFormParser(new TimeExpressionParser(true), readTime),
      new ContractFormParser(new YearMonthDayParser(true), readDate),
    ],
    // No refiners: chrono's would merge fragments across connectors the contract does not accept; see `combine`.
    refiners: [],
  });
}

const CHRONO = buildChrono();

/**
 * The contract's combination of chrono's fragments: they must cover the whole text, as one day form alone, or one day
 * form (not `now`, not `midnight`) followed by one space and one time of day.
 */
function combine(text: string, results: ParsingResult[]): DateForm | null {
  const fragments = results.filter((r): r is FormResult => r instanceof FormResult);
  for (const first of fragments) {
    if (first.index !== 0) continue;
    const end = first.text.length;
    const f = first.fragment;
    if (end === text.length) {
      if (f.kind === 'head' && f.head.kind !== 'date') return { kind: 'relative', head: f.head, clock: null };
      if (f.kind === 'clock' && f.midnight) return { kind: 'relative', head: { kind: 'day', days: 0 }, clock: null };
      continue;
    }
    if (f.kind !== 'head' || f.head.kind === 'now' || text[end] !== ' ') continue;
    for (const second of fragments) {
      const time = second.fragment;
      if (second.index === end + 1 && second.index + second.text.length === text.length && time.kind === 'clock') {
        return { kind: 'relative', head: f.head, clock: { h: time.h, mi: time.mi, s: time.s } };
      }
    }
  }
  return null;
}

/** Every absolute form starts with the year; so does an offset whose `+` was lost. */
function startsWithDigit(text: string): boolean {
  return text.charCodeAt(0) >= 48 && text.charCodeAt(0) <= 57;
}

function readRelative(text: string, instant: Date, offsetMinutes: () => number): DateForm | null {
  // Stryker disable next-line ObjectLiteral: equivalent, the forms read here do not depend on chrono's reference (see readDateForm)
  const reference = { instant, timezone: offsetMinutes() };
  const form = combine(text, CHRONO.parse(text, reference) as ParsingResult[]);
  if (form || !startsWithDigit(text)) return form;
  // `1 week`: a `+` lost in an unencoded query string.
  const signed = combine(`+${text}`, CHRONO.parse(`+${text}`, reference) as ParsingResult[]);
  return signed?.kind === 'relative' && signed.head.kind === 'offset' ? signed : null;
}

/**
 * What `text` (trimmed, lower case, single spaces) says, or null when it is none of the forms of §8.2.2 (Unix
 * timestamps excepted: the caller reads those). `instant` and `offsetMinutes` (the context zone's offset then) are
 * chrono's reference; the forms read here do not depend on them. The offset is asked for only when a relative form is
 * read: in an IANA zone it is an `Intl` call (~10 µs), and most dates sent are absolute.
 */
export function readDateForm(text: string, instant: Date, offsetMinutes: () => number): DateForm | null {
  return (startsWithDigit(text) ? absoluteForm(text) : null) ?? readRelative(text, instant, offsetMinutes);
}

/** The absolute forms read lately (they depend on the text alone; callers never change a form). */
const recentAbsolute = new Map<string, DateForm | null>();
const RECENT_ABSOLUTE_MAX = 256;

/**
 * `readAbsolute`, remembered for the last RECENT_ABSOLUTE_MAX texts: a list request reads its dates twice (the
 * parameter check, then the criteria in the site zone), and calendars ask for the same few days again and again
 * (issue 18: luxon's format parser was a tenth of a list request's allocations).
 */
function absoluteForm(text: string): DateForm | null {
  const known = recentAbsolute.get(text);
  if (known !== undefined) return known;
  const form = readAbsolute(text);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: equivalent, the bound limits memory only (a form read again is the same form)
  if (recentAbsolute.size >= RECENT_ABSOLUTE_MAX) recentAbsolute.delete(recentAbsolute.keys().next().value as string);
  recentAbsolute.set(text, form);
  return form;
}
