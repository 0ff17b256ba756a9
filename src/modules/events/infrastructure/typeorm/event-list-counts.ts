import type { EntityManager } from 'typeorm';
import type { CalendarEvent } from '../../domain/calendar-event';
import { DayCountPlan } from '../../domain/day-count-plan';

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
}

export const COUNTED_COLUMNS = 'status, hide_from_listings, start_local, end_local, start_utc, end_utc';

/** The bucket columns of an event about to be stored. */
export function countedColumnsOf(
  e: Pick<CalendarEvent, 'status' | 'hideFromListings' | 'startLocal' | 'endLocal' | 'startUtc' | 'endUtc'>,
): CountedEventRow {
  return {
    status: e.status,
    hide_from_listings: e.hideFromListings,
    start_local: e.startLocal,
    end_local: e.endLocal,
    start_utc: e.startUtc,
    end_utc: e.endUtc,
  };
}

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

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * Applies the changes, keys in order so that concurrent writers lock buckets in the same order. One multi-row upsert:
 * a bucket row is created at its first event and kept (at 0) when its last one goes.
 */
export async function adjustListCounts(m: EntityManager, delta: CountDelta): Promise<void> {
  const changes = [...delta].filter(([, d]) => d !== 0).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (let i = 0; i < changes.length; i += 500) {
    const chunk = changes.slice(i, i + 500);
    const values = chunk.flatMap(([key, d]) => [...key.split(SEPARATOR), d]);
    const tuples = chunk.map(() => `(${placeholders(5)})`).join(', ');
    const upsert =
      m.connection.options.type === 'mysql'
        ? 'ON DUPLICATE KEY UPDATE n = n + VALUES(n)'
        : 'ON CONFLICT (clock, status, start_day, end_day) DO UPDATE SET n = n + excluded.n';
    await m.query(`INSERT INTO event_list_counts (clock, status, start_day, end_day, n) VALUES ${tuples} ${upsert}`, values);
  }
}

/** The wall-clock columns of one clock. */
export interface ClockColumns {
  clock: 'local' | 'utc';
  start: string;
  end: string;
}

/**
 * The total of a list filtered only by dates and statuses (CONTRACT §8.2): the buckets the day decides alone, plus
 * the exact count of the events starting on a start bound's day, plus those ending on an end bound's day (and not
 * starting on one). `exact` is the list's own condition on `e` (statuses, hidden flag, every bound), with its params.
 */
export function dayCountTotalSql(
  plan: DayCountPlan,
  statuses: string[],
  columns: ClockColumns,
  exact: { sql: string; params: unknown[] },
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const onDays = (column: string, days: string[]) => {
    params.push(...days.flatMap((d) => [`${d} 00:00:00`, `${d} 23:59:59`]));
    return `(${days.map(() => `(${column} >= ? AND ${column} <= ?)`).join(' OR ')})`;
  };

  const bucketConditions = ['c.clock = ?', `c.status IN (${placeholders(statuses.length)})`];
  params.push(columns.clock, ...statuses);
  for (const [column, conditions, boundary] of [
    ['c.start_day', plan.startDays, plan.startBoundaryDays],
    ['c.end_day', plan.endDays, plan.endBoundaryDays],
  ] as const) {
    for (const c of conditions) {
      bucketConditions.push(`${column} ${c.op} ?`);
      params.push(c.day);
    }
    if (boundary.length) {
      bucketConditions.push(`${column} NOT IN (${placeholders(boundary.length)})`);
      params.push(...boundary);
    }
  }
  const parts = [`(SELECT COALESCE(SUM(c.n), 0) FROM event_list_counts c WHERE ${bucketConditions.join(' AND ')})`];

  if (plan.startBoundaryDays.length) {
    params.push(...exact.params);
    parts.push(`(SELECT COUNT(*) FROM events e WHERE ${exact.sql} AND ${onDays(`e.${columns.start}`, plan.startBoundaryDays)})`);
  }
  if (plan.endBoundaryDays.length) {
    params.push(...exact.params);
    const endSql = onDays(`e.${columns.end}`, plan.endBoundaryDays);
    const notStart = plan.startBoundaryDays.length ? ` AND NOT ${onDays(`e.${columns.start}`, plan.startBoundaryDays)}` : '';
    parts.push(`(SELECT COUNT(*) FROM events e WHERE ${exact.sql} AND ${endSql}${notStart})`);
  }
  return { sql: `SELECT ${parts.join(' + ')} AS n`, params };
}
