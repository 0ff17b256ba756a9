import type { DateBound } from './event-date-window';

/**
 * How to count a list's matching events from per-day counts (issue 8: a total over hundreds of thousands of events
 * must not read every one of them). Every bound compares a wall clock `YYYY-MM-DD HH:MM:SS` with an event's start or
 * end. For an event whose start day and end day differ from every bound's day, the day alone decides each comparison
 * (a start on a later day than `start >= 2026-11-22 12:00:00` passes it, whatever the time), so such events can be
 * counted by (start day, end day). Events starting or ending on a bound's day — a boundary day — are counted exactly.
 */
export interface DayCountPlan {
  /** Day-level conditions on the start day and on the end day; each excludes the bound's own day. */
  startDays: DayCondition[];
  endDays: DayCondition[];
  /** Days on which a start bound (an end bound) falls: events starting (ending) on them are counted one by one. */
  startBoundaryDays: string[];
  endBoundaryDays: string[];
}

interface DayCondition {
  op: '<' | '>';
  day: string;
}

const dayOf = (wallClock: string) => wallClock.slice(0, 10);

/** The day `days` after (before, when negative) a `YYYY-MM-DD` day; null outside years 0001–9999. */
function shiftDay(day: string, days: number): string | null {
  const [y, m, d] = day.split('-').map(Number);
  const shifted = new Date(0);
  shifted.setUTCFullYear(y, m - 1, d + days); // the overflowing day moves month and year; years 0–99 stay themselves
  const text = shifted.toISOString().slice(0, 10);
  // Years past 9999 are written `+010000-…`, years before 0001 `0000-…` or `-000001-…`: all sort before 0001-01-01.
  return text >= '0001-01-01' ? text : null;
}

/**
 * The day condition of a bound at a day's edge, which the day alone decides (issue 18: `start_date=2027-02-13` is
 * `start >= 2027-02-13 00:00:00`, that is a start day after 2027-02-12, and needs no boundary day counted one by one);
 * null for a bound inside a day.
 */
function edgeCondition(b: DateBound): DayCondition | null {
  const day = dayOf(b.value);
  const time = b.value.slice(11);
  const edge =
    b.op === '>=' && time === '00:00:00' ? { op: '>' as const, day: shiftDay(day, -1) }
    : b.op === '>' && time === '23:59:59' ? { op: '>' as const, day }
    : b.op === '<=' && time === '23:59:59' ? { op: '<' as const, day: shiftDay(day, 1) }
    : b.op === '<' && time === '00:00:00' ? { op: '<' as const, day }
    : null;
  return edge && edge.day !== null ? { op: edge.op, day: edge.day } : null;
}

/** Splits date bounds into day-level conditions and boundary days (pure; the adapter turns both into SQL). */
export function dayCountPlan(bounds: readonly DateBound[]): DayCountPlan {
  const plan: DayCountPlan = { startDays: [], endDays: [], startBoundaryDays: [], endBoundaryDays: [] };
  for (const b of bounds) {
    const [conditions, boundaryDays] = b.field === 'start' ? [plan.startDays, plan.startBoundaryDays] : [plan.endDays, plan.endBoundaryDays];
    const edge = edgeCondition(b);
    if (edge) {
      conditions.push(edge);
      continue;
    }
    const day = dayOf(b.value);
    // On a later day than a lower bound's day the event passes it; on an earlier day than an upper bound's day too.
    const op = b.op === '>=' || b.op === '>' ? '>' : '<';
    conditions.push({ op, day });
    if (!boundaryDays.includes(day)) boundaryDays.push(day);
  }
  return plan;
}

/** The plan's verdict on an event from its start and end days alone; null when one of them is a boundary day. */
export function dayLevelMatch(plan: DayCountPlan, startDay: string, endDay: string): boolean | null {
  if (plan.startBoundaryDays.includes(startDay) || plan.endBoundaryDays.includes(endDay)) return null;
  // Stryker disable next-line EqualityOperator: equivalent, a day equal to a condition's day is a boundary day, answered null above
  const holds = (day: string) => (c: DayCondition) => (c.op === '>' ? day > c.day : day < c.day);
  return plan.startDays.every(holds(startDay)) && plan.endDays.every(holds(endDay));
}

/** The month (`YYYY-MM`) of a day or wall clock. */
export const monthOf = (day: string) => day.slice(0, 7);

/**
 * The months holding a condition's day (issue 18: month buckets). Events starting (ending) in such a month are counted
 * from the day buckets; in any other month the month alone decides every condition, as the day does outside boundary
 * days, so long windows are summed over a few dozen month buckets instead of thousands of day buckets.
 */
export function boundaryMonths(conditions: readonly DayCondition[]): string[] {
  return [...new Set(conditions.map((c) => monthOf(c.day)))];
}

/** The plan's verdict on an event from its start and end months alone; null when one of them is a boundary month. */
export function monthLevelMatch(plan: DayCountPlan, startMonth: string, endMonth: string): boolean | null {
  if (boundaryMonths(plan.startDays).includes(startMonth) || boundaryMonths(plan.endDays).includes(endMonth)) return null;
  // Stryker disable next-line EqualityOperator: equivalent, a month equal to a condition's month is a boundary month, answered null above
  const holds = (month: string) => (c: DayCondition) => (c.op === '>' ? month > monthOf(c.day) : month < monthOf(c.day));
  return plan.startDays.every(holds(startMonth)) && plan.endDays.every(holds(endMonth));
}
