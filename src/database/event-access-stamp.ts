import type { EntityManager } from 'typeorm';
import type { EventAccessStamp } from '../shared/domain/event-links-access';
import type { RecordStatus } from '../shared/domain/policy';

/** The event's access stamp (any status), for the `event` filter of venue, organizer and term lists; null: no such id. */
export async function readEventAccessStamp(m: EntityManager, eventId: number): Promise<EventAccessStamp | null> {
  if (!Number.isSafeInteger(eventId) || eventId <= 0) return null;
  const rows = (await m.query('SELECT author_id, status, date_utc, post_password FROM events WHERE id = ?', [eventId])) as Array<Record<string, unknown>>;
  const [row] = rows;
  if (!row) return null;
  return { authorId: Number(row.author_id), status: row.status as RecordStatus, dateUtc: String(row.date_utc), postPassword: String(row.post_password ?? '') };
}
