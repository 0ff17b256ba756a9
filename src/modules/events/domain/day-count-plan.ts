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

export interface DayCondition {
  op: '<' | '>';
  day: string;
}

const dayOf = (wallClock: string) => wallClock.slice(0, 10);

/** Splits date bounds into day-level conditions and boundary days (pure; the adapter turns both into SQL). */
export function dayCountPlan(bounds: readonly DateBound[]): DayCountPlan {
  const plan: DayCountPlan = { startDays: [], endDays: [], startBoundaryDays: [], endBoundaryDays: [] };
  for (const b of bounds) {
    const day = dayOf(b.value);
    // On a later day than a lower bound's day the event passes it; on an earlier day than an upper bound's day too.
    const op = b.op === '>=' || b.op === '>' ? '>' : '<';
    const [conditions, boundaryDays] = b.field === 'start' ? [plan.startDays, plan.startBoundaryDays] : [plan.endDays, plan.endBoundaryDays];
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
