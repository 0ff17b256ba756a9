import type { EntityManager } from 'typeorm';
import { CalendarEvent, isProtected } from '../../domain/calendar-event';
import { marks, positional } from '../../../../database/raw-columns';
import { boundaryMonths, DayCountPlan, monthOf } from '../../domain/day-count-plan';

/**
 * `event_list_counts` (migration 1764000009000): listable events per clock, status, start day and end day. The
 * repository keeps it exact inside each write transaction from the rows as stored before and after the write; the
 * seeder fills it in bulk. Hidden events are never listed, so they are never counted.
 */

/** The columns of an events row that decide its buckets. */
export interface CountedEventRow {
  status: string;
  hide_from_listings: unknown;
  start_local: string;
  end_local: string;
  start_utc: string;
  end_utc: string;
  /** Decides whether the event counts in the protected events' category buckets too (`category-tree-counts.ts`). */
  post_password: unknown;
}

export const COUNTED_COLUMNS = 'status, hide_from_listings, start_local, end_local, start_utc, end_utc, post_password';

/** The bucket columns of an event about to be stored. */
export function countedColumnsOf(
  e: Pick<CalendarEvent, 'status' | 'hideFromListings' | 'startLocal' | 'endLocal' | 'startUtc' | 'endUtc' | 'postPassword'>,
): CountedEventRow {
  return {
    status: e.status,
    hide_from_listings: e.hideFromListings,
    start_local: e.startLocal,
    end_local: e.endLocal,
    start_utc: e.startUtc,
    end_utc: e.endUtc,
    post_password: e.postPassword,
  };
}

/** Whether a counted row is a protected event's (`isProtected`). */
export const protectedRow = (row: CountedEventRow): boolean => isProtected({ postPassword: String(row.post_password ?? '') });

/** Bucket key → change of its count. */
export type CountDelta = Map<string, number>;

const SEPARATOR = '|';

/** Adds the row's buckets (both clocks) to `delta`, `sign` times. */
export function countRow(delta: CountDelta, row: CountedEventRow, sign: 1 | -1): void {
  if (Number(row.hide_from_listings)) return; // 1, true or '1' on either driver
  for (const [clock, start, end] of [
    ['local', row.start_local, row.end_local],
    ['utc', row.start_utc, row.end_utc],
  ]) {
    const key = [clock, row.status, start.slice(0, 10), end.slice(0, 10)].join(SEPARATOR);
    delta.set(key, (delta.get(key) ?? 0) + sign);
  }
}

/**
 * Applies the changes to the day buckets, then to the month buckets (`event_list_month_counts`, their sums per start and
 * end month), keys in order so that concurrent writers lock buckets in the same order. One multi-row upsert per table:
 * a bucket row is created at its first event and kept (at 0) when its last one goes.
 */
export async function adjustListCounts(m: EntityManager, delta: CountDelta): Promise<void> {
  const months: CountDelta = new Map();
  for (const [key, d] of delta) {
    const [clock, status, startDay, endDay] = key.split(SEPARATOR);
    const month = [clock, status, monthOf(startDay), monthOf(endDay)].join(SEPARATOR);
    months.set(month, (months.get(month) ?? 0) + d);
  }
  await upsertCounts(m, 'event_list_counts', ['clock', 'status', 'start_day', 'end_day'], delta);
  await upsertCounts(m, 'event_list_month_counts', ['clock', 'status', 'start_month', 'end_month'], months);
}

export async function upsertCounts(m: EntityManager, table: string, keyColumns: string[], delta: CountDelta): Promise<void> {
  const changes = [...delta].filter(([, d]) => d !== 0).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (let i = 0; i < changes.length; i += 500) {
    const chunk = changes.slice(i, i + 500);
    const values = chunk.flatMap(([key, d]) => [...key.split(SEPARATOR), d]);
    const tuples = chunk.map(() => `(${marks(keyColumns.length + 1)})`).join(', ');
    const upsert =
      m.connection.options.type === 'mysql'
        ? 'ON DUPLICATE KEY UPDATE n = n + VALUES(n)'
        : `ON CONFLICT (${keyColumns.join(', ')}) DO UPDATE SET n = n + excluded.n`;
    await m.query(`INSERT INTO ${table} (${keyColumns.join(', ')}, n) VALUES ${tuples} ${upsert}`, values);
  }
}

/** The wall-clock columns of one clock. */
export interface ClockColumns {
  clock: 'local' | 'utc';
  start: string;
  end: string;
}

/** The tables of one kind of category buckets (`category-tree-counts.ts`): by day and by month. */
export interface CategoryBucketTables {
  days: string;
  months: string;
}

/**
 * A list of one category with its descendants: `tree` is the category, `ids` the subtree's term ids, `buckets` the
 * kind of buckets counted.
 */
interface CategoryScope {
  tree: number;
  ids: number[];
  buckets: CategoryBucketTables;
}

/**
 * The total of a list filtered only by dates and statuses (CONTRACT §8.2), or by one category's subtree besides them
 * (`category`: from its buckets in `event_category_counts`, boundary days probing each event's links): the buckets the day decides alone — summed
 * from the month buckets where the month decides alone too, from the day buckets of the boundary months (those holding
 * a bound's day) otherwise —, plus the exact count of the events starting on a start bound's day, plus those ending on
 * an end bound's day (and not starting on one). `exact` is the list's own condition on `e` (statuses, hidden flag,
 * every bound), with its params.
 *
 * Every part names its index (`INDEXED BY` on SQLite, `FORCE INDEX` on MySQL). SQLite, without statistics (no
 * ANALYZE), would walk the by-end bucket index over every bucket ending before the window's end to find those starting
 * in a boundary month, and count an end bound's day through the (status, start) index over every event starting after
 * the window's start: 67 and 33 µs at 1,000 events instead of 6 and 4. MariaDB chooses the same indexes itself, but
 * weighs every candidate index of each part first: naming them halves its planning (0.46–0.63 → 0.31 ms of a 2 ms
 * statement at 1,000,000 events).
 */
export function dayCountTotalSql(
  plan: DayCountPlan,
  statuses: string[],
  columns: ClockColumns,
  exact: { sql: string; params: unknown[] },
  driver: 'mysql' | 'sqlite',
  category?: CategoryScope,
): { sql: string; params: unknown[] } {
  const { bind, params } = positional();
  const using = (index: string) => (driver === 'mysql' ? ` FORCE INDEX (${index})` : ` INDEXED BY ${index}`);
  const primaryKey = (table: string) => (driver === 'mysql' ? 'PRIMARY' : `sqlite_autoindex_${table}_1`);
  const onDays = (column: string, days: string[]) => `(${days.map((d) => `(${column} >= ${bind(`${d} 00:00:00`)} AND ${column} <= ${bind(`${d} 23:59:59`)})`).join(' OR ')})`;
  const inMonths = (column: string, months: string[]) => `(${months.map((mo) => `(${column} >= ${bind(`${mo}-01`)} AND ${column} <= ${bind(`${mo}-31`)})`).join(' OR ')})`;
  const ofStatuses = (alias: string) => [
    ...(category ? [`${alias}.term_id = ${bind(category.tree)}`] : []),
    `${alias}.clock = ${bind(columns.clock)}`,
    `${alias}.status IN (${statuses.map(bind).join(', ')})`,
  ];
  const [dayTable, monthTable] = category ? [category.buckets.days, category.buckets.months] : ['event_list_counts', 'event_list_month_counts'];
  // An event of a boundary day counts when one of its links is in the subtree: probed by key, as a page walk does.
  const linked = () =>
    category ? ` AND (SELECT COUNT(*) FROM event_terms lc WHERE lc.event_id = e.id AND lc.term_id IN (${category.ids.map(bind).join(', ')})) > 0` : '';
  const startMonths = boundaryMonths(plan.startDays);
  const endMonths = boundaryMonths(plan.endDays);

  // Month buckets: a strict comparison with a condition's month leaves that (boundary) month to the day buckets.
  const monthConditions = ofStatuses('m');
  for (const c of plan.startDays) monthConditions.push(`m.start_month ${c.op} ${bind(monthOf(c.day))}`);
  for (const c of plan.endDays) monthConditions.push(`m.end_month ${c.op} ${bind(monthOf(c.day))}`);
  const monthIndex = using(primaryKey(monthTable));
  const parts = [`(SELECT COALESCE(SUM(m.n), 0) FROM ${monthTable} m${monthIndex} WHERE ${monthConditions.join(' AND ')})`];

  // Day buckets of the boundary months: those starting in one, then those ending in one (and not starting in one).
  const dayBuckets = (months: 'start' | 'end') => {
    const conditions = ofStatuses('c');
    for (const [column, dayConditions, boundary] of [
      ['c.start_day', plan.startDays, plan.startBoundaryDays],
      ['c.end_day', plan.endDays, plan.endBoundaryDays],
    ] as const) {
      for (const c of dayConditions) conditions.push(`${column} ${c.op} ${bind(c.day)}`);
      if (boundary.length) conditions.push(`${column} NOT IN (${boundary.map(bind).join(', ')})`);
    }
    if (months === 'start') conditions.push(inMonths('c.start_day', startMonths));
    else {
      conditions.push(inMonths('c.end_day', endMonths));
      if (startMonths.length) conditions.push(`NOT ${inMonths('c.start_day', startMonths)}`);
    }
    const index = using(months === 'start' ? primaryKey(dayTable) : `${dayTable}_by_end`);
    return `(SELECT COALESCE(SUM(c.n), 0) FROM ${dayTable} c${index} WHERE ${conditions.join(' AND ')})`;
  };
  if (startMonths.length) parts.push(dayBuckets('start'));
  if (endMonths.length) parts.push(dayBuckets('end'));

  if (plan.startBoundaryDays.length) {
    params.push(...exact.params);
    const index = using(`events_list_${columns.clock}`);
    parts.push(`(SELECT COUNT(*) FROM events e${index} WHERE ${exact.sql} AND ${onDays(`e.${columns.start}`, plan.startBoundaryDays)}${linked()})`);
  }
  if (plan.endBoundaryDays.length) {
    params.push(...exact.params);
    const where = `${exact.sql} AND ${onDays(`e.${columns.end}`, plan.endBoundaryDays)}`;
    const notStart = plan.startBoundaryDays.length ? ` AND NOT ${onDays(`e.${columns.start}`, plan.startBoundaryDays)}` : '';
    parts.push(`(SELECT COUNT(*) FROM events e${using(`events_ending_${columns.clock}`)} WHERE ${where}${notStart}${linked()})`);
  }
  return { sql: `SELECT ${parts.join(' + ')} AS n`, params };
}
