import { atLeast, Caller } from './caller';
import { Policy, RecordStatus } from './policy';
import { shownStatus } from './publication';
import { timingSafeEqual } from './timing-safe';

/** What a venue, organizer or term list needs to know of the event its `event` (or `post`) filter names. */
export interface EventAccessStamp {
  authorId: number;
  status: RecordStatus;
  dateUtc: string;
  /** '' when the event is not protected. */
  postPassword: string;
}

/**
 * CONTRACT §6.11: may the caller see this event unlocked? An unprotected event, always; a protected one, by its
 * author, an editor or an administrator, or with its password (compared in constant time).
 */
export function maySeeUnlocked(e: Pick<EventAccessStamp, 'authorId' | 'status' | 'postPassword'>, caller: Caller, password: string | undefined): boolean {
  if (e.postPassword === '' || Policy.isOwn(caller, e) || atLeast(caller, 'editor')) return true;
  return password !== undefined && timingSafeEqual(password, e.postPassword);
}

/**
 * What the `event` filter of a venue, organizer or term list may show this caller (CONTRACT §10.6, §11.2; found by a
 * black-box probe, 2026-11-26: the links of drafts and of protected events were listed to anyone):
 * - `unknown`: no such event, or one the caller may not see (§3.4) — answered like an id that names nothing, so the
 *   filter tells nothing about events the caller may not read;
 * - `masked`: a protected event the caller may not see unlocked (§6.11: its venue, organizers and terms show as empty);
 * - `visible`: its links.
 */
export function eventLinksAccess(stamp: EventAccessStamp | null, caller: Caller, nowUtc: string, password?: string): 'unknown' | 'masked' | 'visible' {
  if (!stamp) return 'unknown';
  const shown = { ...stamp, status: shownStatus(stamp.status, stamp.dateUtc, nowUtc) };
  if (!Policy.maySee(caller, shown)) return 'unknown';
  return maySeeUnlocked(stamp, caller, password) ? 'visible' : 'masked';
}
