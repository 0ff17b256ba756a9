import type { ParamProblem } from '../../../shared/domain/errors';
import { normalizeAllDay } from './all-day';
import { toUtc, toZone } from '../../../shared/domain/time/date-input';

/** When an event runs: local wall clocks in its `zone` (CONTRACT §9.3). */
export interface EventSchedule {
  zone: string;
  startLocal: string;
  endLocal: string;
  allDay: boolean;
}

/** What a write sent about the schedule: parsed local wall clocks (undefined = not sent, or refused). */
interface ScheduleChange {
  zone: string;
  startLocal?: string;
  endLocal?: string;
  allDay?: boolean;
}

/**
 * §9.3 / §9.2: the schedule after a write. Sent values win over the current ones (a lone start or end is applied, #16);
 * an all-day event runs from 00:00:00 of its first day to 23:59:59 of its last; the end may not be earlier than the start
 * (400 `rest_invalid_date_range` on `end_date`, #17). `datesRefused`: a date or the zone was refused already, so the
 * order cannot be judged. Start or end stay undefined only when a create did not get them (refused already).
 */
export function scheduleAfter(
  current: EventSchedule | null,
  change: ScheduleChange,
  datesRefused: boolean,
): { schedule: Partial<EventSchedule> & { zone: string; allDay: boolean }; problem: ParamProblem | null } {
  let startLocal = change.startLocal ?? current?.startLocal;
  let endLocal = change.endLocal ?? current?.endLocal;
  const allDay = change.allDay ?? current?.allDay ?? false;
  if (startLocal !== undefined && endLocal !== undefined && allDay) ({ start: startLocal, end: endLocal } = normalizeAllDay(startLocal, endLocal));
  const outOfOrder = !datesRefused && startLocal !== undefined && endLocal !== undefined && endLocal < startLocal;
  // A wall clock valid in the zone can still fall outside years 0001–9999 in UTC once the all-day end moves to 23:59:59
  // or the zone changes (9999-12-31 in New York ends in UTC year 10000): the stored UTC copies must stay wall clocks.
  const outOfRange = datesRefused ? undefined : ([['start_date', startLocal], ['end_date', endLocal]] as const).find(([, local]) => local !== undefined && !isWallClockYear(toUtc(local, change.zone)));
  return {
    schedule: { zone: change.zone, startLocal, endLocal, allDay },
    problem: outOfRange ? { param: outOfRange[0], detail: 'rest_invalid_date' } : outOfOrder ? { param: 'end_date', detail: 'rest_invalid_date_range' } : null,
  };
}

/** Whether a wall clock lies in years 0001–9999 (the only years a `YYYY-MM-DD HH:MM:SS` column holds, §6.1). */
export function isWallClockYear(wallClock: string): boolean {
  return /^\d{4}-/.test(wallClock) && wallClock >= '0001-01-01';
}

/** A publication date as written: a wall clock and its UTC copy. */
export interface Publication {
  local: string;
  utc: string;
}

/**
 * §9.4: the publication date after a write. `date` (read in the event's zone) and `date_utc` each give the other; both
 * sent are kept as sent; neither sent keeps the current one, or on create is now.
 */
export function publicationAfter(
  current: Publication | null,
  sent: { local?: { wallClock: string; utc: string }; utc?: { wallClock: string } },
  zone: string,
  nowUtc: string,
): Publication {
  if (sent.local && sent.utc) return { local: sent.local.wallClock, utc: sent.utc.wallClock };
  if (sent.local) return { local: sent.local.wallClock, utc: sent.local.utc };
  if (sent.utc) return { local: toZone(sent.utc.wallClock, zone), utc: sent.utc.wallClock };
  return current ?? { local: toZone(nowUtc, zone), utc: nowUtc };
}
