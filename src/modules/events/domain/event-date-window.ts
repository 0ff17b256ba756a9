/**
 * The event list's date filter (CONTRACT §8.2.1–§8.2.5, §8.5) as one pure function, and the same predicate for
 * in-memory filtering. The TypeORM repository turns `bounds` into `WHERE` clauses on the wall-clock columns
 * (`start_local`/`end_local` in mode `event`, `start_utc`/`end_utc` in mode `site`): wall-clock strings compare
 * correctly as plain strings.
 */
import { DateTime } from 'luxon';
import { InvalidParamsError, ParamProblem } from '../../../shared/domain/errors';
import { parseDateInput, toUtc, zoneOf } from '../../../shared/domain/time/date-input';

export interface DateFilterInput {
  start_date?: string;
  end_date?: string;
  starts_before?: string;
  starts_after?: string;
  ends_before?: string;
  ends_after?: string;
  strict?: boolean;
  /** include given → no bounds. */
  include?: boolean;
}

export interface DateBound {
  op: '>=' | '<=' | '<' | '>';
  field: 'start' | 'end';
  /** wall clock: site zone in mode `event`, UTC in mode `site` */
  value: string;
}

export interface DateWindow {
  mode: 'event' | 'site';
  /** Compared with local start/end (mode event) or with UTC start/end (mode site: values already UTC wall clocks). */
  bounds: DateBound[];
  /** Effective link params in order (site-zone wall clocks), e.g. [['start_date','2026-11-21 00:00:00'], …]. */
  applied: Array<[string, string]>;
}

type DateParam = 'start_date' | 'end_date' | 'starts_before' | 'starts_after' | 'ends_before' | 'ends_after';

/** The six parameters in the order of the parameter table (§8.1) — also the order of `applied`. */
export const DATE_PARAMS: ReadonlyArray<{ name: DateParam; op: DateBound['op']; field: DateBound['field']; dayStart: boolean }> = [
  { name: 'start_date', op: '>=', field: 'start', dayStart: true },
  { name: 'end_date', op: '<=', field: 'end', dayStart: false },
  { name: 'starts_before', op: '<', field: 'start', dayStart: false },
  { name: 'starts_after', op: '>', field: 'start', dayStart: false },
  { name: 'ends_before', op: '<', field: 'end', dayStart: false },
  { name: 'ends_after', op: '>', field: 'end', dayStart: false },
];

// A date parameter is never null here: null on a date is refused before (rest_empty_value).
const given = (v: unknown): v is string => v !== undefined;

/** 00:00:00 of yesterday (site zone) — the default `start_date` bound. */
export function defaultStartBound(now: Date, siteZone: string): string {
  return defaultBoundsAt(now, siteZone).start;
}

/**
 * 23:59:59 of the day 24 months after today (site zone); when that day does not exist (29 February, the 31st), the
 * month's last day — the default `end_date` bound.
 */
export function defaultEndBound(now: Date, siteZone: string): string {
  return defaultBoundsAt(now, siteZone).end;
}

/** The default bounds of the current minute, per zone: every list without dates asks for them (issue 18). */
let boundsMinute = { key: '', start: '', end: '' };

function defaultBoundsAt(now: Date, siteZone: string): { start: string; end: string } {
  // Offsets change on whole minutes (local mean time aside, centuries ago), so today's date does too.
  // Stryker disable next-line ArithmeticOperator: equivalent, a finer key only computes the same bounds more often
  const key = `${siteZone}|${Math.floor(now.getTime() / 60_000)}`;
  // Stryker disable next-line ConditionalExpression: equivalent, computing again gives the bounds remembered
  if (boundsMinute.key !== key) {
    const today = DateTime.fromJSDate(now, { zone: zoneOrThrow(siteZone) });
    // luxon clamps month arithmetic to the last day of the month.
    const start = `${today.minus({ days: 1 }).toFormat('yyyy-MM-dd')} 00:00:00`;
    boundsMinute = { key, start, end: `${today.plus({ months: 24 }).toFormat('yyyy-MM-dd')} 23:59:59` };
  }
  return boundsMinute;
}

function zoneOrThrow(zone: string) {
  const z = zoneOf(zone);
  if (!z) throw new Error(`unknown site time zone "${zone}"`);
  return z;
}

/**
 * Computes the date bounds of `GET /events`. Throws `InvalidParamsError` (detail `rest_invalid_date`, every bad
 * parameter at once) for unparsable values.
 */
export function computeDateWindow(input: DateFilterInput, now: Date, siteZone: string, mode: 'event' | 'site'): DateWindow {
  if (input.include) return { mode, bounds: [], applied: [] };

  const problems: ParamProblem[] = [];
  const values = new Map<DateParam, string>();
  for (const p of DATE_PARAMS) {
    const raw = input[p.name];
    if (!given(raw)) continue;
    const parsed = parseDateInput(raw as string | number, siteZone, now);
    if (!parsed) {
      problems.push({ param: p.name, detail: 'rest_invalid_date' });
      continue;
    }
    const day = parsed.wallClock.slice(0, 10);
    const bound = input.strict ? parsed.wallClock : `${day} ${p.dayStart ? '00:00:00' : '23:59:59'}`;
    values.set(p.name, bound);
  }
  if (problems.length) throw new InvalidParamsError(problems);

  const onlyStartEnd = !['starts_before', 'starts_after', 'ends_before', 'ends_after'].some((n) => given(input[n as DateParam]));
  if (onlyStartEnd) {
    if (!values.has('start_date')) values.set('start_date', defaultStartBound(now, siteZone));
    if (!values.has('end_date')) values.set('end_date', defaultEndBound(now, siteZone));
  }

  const bounds: DateBound[] = [];
  const applied: Array<[string, string]> = [];
  for (const p of DATE_PARAMS) {
    const value = values.get(p.name);
    if (value === undefined) continue;
    applied.push([p.name, value]);
    bounds.push({ op: p.op, field: p.field, value: mode === 'site' ? toUtc(value, siteZone) : value });
  }
  return { mode, bounds, applied };
}

function compare(a: string, op: DateBound['op'], b: string): boolean {
  switch (op) {
    case '>=':
      return a >= b;
    case '<=':
      return a <= b;
    case '<':
      return a < b;
    case '>':
      return a > b;
  }
}

/** The window's predicate on one event (for the in-memory repository). */
export function matchesDateWindow(
  window: DateWindow,
  e: { startLocal: string; endLocal: string; startUtc: string; endUtc: string },
): boolean {
  return window.bounds.every((b) => {
    const value =
      window.mode === 'site' ? (b.field === 'start' ? e.startUtc : e.endUtc) : b.field === 'start' ? e.startLocal : e.endLocal;
    return compare(value, b.op, b.value);
  });
}
