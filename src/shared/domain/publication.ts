import type { RecordStatus } from './policy';

/**
 * §3.5: a `future` record is published once its publication date has come. A scheduled job writes that down (issue
 * 18: reads never write); until it has, reads show the record as it already is: published.
 */
export function shownStatus(status: RecordStatus, dateUtc: string, nowUtc: string): RecordStatus {
  return status === 'future' && dateUtc <= nowUtc ? 'publish' : status;
}

/** The record as reads show it at `nowUtc` (the same object when nothing differs). */
export function asShown<T extends { status: RecordStatus; dateUtc: string }>(record: T, nowUtc: string): T {
  const status = shownStatus(record.status, record.dateUtc, nowUtc);
  return status === record.status ? record : { ...record, status };
}
