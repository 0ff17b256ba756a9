import type { EventAccessStamp } from '../../../shared/domain/event-links-access';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { RecordStatus } from '../../../shared/domain/policy';
import type { LinkedRecord } from './linked-record';

/** What a venue or organizer list asks for (§10.6), already resolved against the caller's visibility. */
export interface LinkedRecordListCriteria {
  page: PageRequest;
  /** Folded search fragments; empty = no search. */
  fragments: string[];
  eventId?: number;
  hasEvents?: boolean;
  /** UTC wall clock "now" when only records with upcoming events are wanted. */
  upcomingAfterUtc?: string;
  statuses: RecordStatus[];
  /** §3.5 read-time rule: `future` records dated at or before this UTC wall clock count as `publish` (now). */
  dueUntilUtc: string;
  /** When not null, records whose status is not `publish` must be authored by this user. */
  restrictNonPublishToAuthor: number | null;
  /**
   * Who asks, for the visibility of upcoming events: null user = anonymous; `seesAll` = editor or above; `password`: the
   * request's, which unlocks the protected events that have it (§6.11: a protected event the caller may not see unlocked
   * lists no venue or organizer, so it makes none upcoming).
   */
  viewer: { userId: number | null; seesAll: boolean; password?: string | null };
}

/** Whose visibility a duplicate search (§10.4) follows: the list rule of §3.4, with "now" for the §3.5 read-time rule. */
export type DuplicateViewer = Pick<LinkedRecordListCriteria, 'restrictNonPublishToAuthor' | 'dueUntilUtc'>;

/**
 * The storage a linked record needs. Not a DI token itself: each aggregate declares its own port
 * (`VenueRepository`, `OrganizerRepository`) as a subclass, with its own duplicate probe (§10.4).
 * Writes join the caller's transaction.
 */
export abstract class LinkedRecordRepository<T extends LinkedRecord, Probe> {
  abstract findPage(criteria: LinkedRecordListCriteria): Promise<Page<T>>;
  abstract findById(id: number): Promise<T | null>;
  abstract findByIds(ids: number[]): Promise<T[]>;
  abstract findBySlug(slug: string): Promise<T | null>;
  /**
   * Takes the record for a write (inside `uow.run`): its latest committed state, held until the unit of work ends, so
   * no other write changes or deletes it meanwhile. Null when it does not exist (any more).
   */
  abstract lockById(id: number): Promise<T | null>;
  abstract lockBySlug(slug: string): Promise<T | null>;
  abstract slugTaken(slug: string, exceptId?: number): Promise<boolean>;
  /**
   * Oldest (lowest id) record not in the trash that matches the probe (§10.4) and that `seenBy` may see (§3.4), as a
   * list would show it: a record not shown as `publish` must be `restrictNonPublishToAuthor`'s, unless that is null.
   */
  abstract findDuplicate(probe: Probe, seenBy: DuplicateViewer): Promise<T | null>;
  /** The event with this id (any status), as the `event` filter needs it; null when there is none. */
  abstract eventAccessStamp(eventId: number): Promise<EventAccessStamp | null>;
  /** `future` records whose publication date (UTC) is at or before `nowUtc` become `publish` (§3.5). */
  /** Publishes every `future` record dated at or before `nowUtc`; how many. */
  abstract publishDue(nowUtc: string): Promise<number>;
  /** Whether some `future` record is dated at or before `nowUtc` (a read: the job opens a unit of work only then). */
  abstract anyDue(nowUtc: string): Promise<boolean>;
  abstract insert(record: T): Promise<void>;
  /** Rewrites a record taken with `lock…`. */
  abstract update(record: T): Promise<void>;
  abstract trash(id: number, modifiedUtc: string): Promise<void>;
  abstract remove(id: number): Promise<void>;
  /** One DELETE of every event link to this record (§10.5). */
  abstract unlinkFromAllEvents(id: number): Promise<void>;
}
