/** All-day events (CONTRACT §9.3): start at 00:00:00 of its day, end at 23:59:59 of its day. Pure. */
import { toUtc } from '../../../shared/domain/time/date-input';

/** `YYYY-MM-DD 00:00:00` of the wall clock's day. */
export function allDayStart(localWallClock: string): string {
  return `${localWallClock.slice(0, 10)} 00:00:00`;
}

/** `YYYY-MM-DD 23:59:59` of the wall clock's day. */
export function allDayEnd(localWallClock: string): string {
  return `${localWallClock.slice(0, 10)} 23:59:59`;
}

/** Local start/end of an all-day event. */
export function normalizeAllDay(startLocal: string, endLocal: string): { start: string; end: string } {
  return { start: allDayStart(startLocal), end: allDayEnd(endLocal) };
}

/**
 * Local and UTC start/end of an all-day event in `zone` (UTC copies computed from the normalized local times; a
 * midnight inside a daylight-saving gap moves forward in the UTC copy, the local value stays `00:00:00`).
 */
export function allDayRange(
  startLocal: string,
  endLocal: string,
  zone: string,
): { startLocal: string; endLocal: string; startUtc: string; endUtc: string } {
  const { start, end } = normalizeAllDay(startLocal, endLocal);
  return { startLocal: start, endLocal: end, startUtc: toUtc(start, zone), endUtc: toUtc(end, zone) };
}
