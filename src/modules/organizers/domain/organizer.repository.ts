import type { Page, PageRequest } from '../../../shared/domain/page';
import type { RecordStatus } from '../../../shared/domain/policy';
import type { Organizer, OrganizerDuplicateProbe } from './organizer';

/** What a organizer list asks for (§10.6), already resolved against the caller's visibility. */
export interface OrganizerListCriteria {
  page: PageRequest;
  /** Folded search fragments; empty = no search. */
  fragments: string[];
  eventId?: number;
  hasEvents?: boolean;
  /** UTC wall clock "now" when only organizers with upcoming events are wanted. */
  upcomingAfterUtc?: string;
  statuses: RecordStatus[];
  /** When not null, records whose status is not `publish` must be authored by this user. */
  restrictNonPublishToAuthor: number | null;
  /** Who asks, for the visibility of upcoming events: null user = anonymous; `seesAll` = editor or above. */
  viewer: { userId: number | null; seesAll: boolean };
}

/** PORT: organizer storage. Writes join the caller's transaction. */
export abstract class OrganizerRepository {
  abstract findPage(criteria: OrganizerListCriteria): Promise<Page<Organizer>>;
  abstract findById(id: number): Promise<Organizer | null>;
  abstract findByIds(ids: number[]): Promise<Organizer[]>;
  /** event id → its organizers (any status) in link order, in one query: a list page's organizers (no N+1). */
  abstract findForEvents(eventIds: number[]): Promise<Map<number, Organizer[]>>;
  abstract findBySlug(slug: string): Promise<Organizer | null>;
  abstract slugTaken(slug: string, exceptId?: number): Promise<boolean>;
  /** Oldest (lowest id) organizer not in the trash that matches the probe (§10.4). */
  abstract findDuplicate(probe: OrganizerDuplicateProbe): Promise<Organizer | null>;
  abstract eventExists(eventId: number): Promise<boolean>;
  /** `future` records whose publication date (UTC) is at or before `nowUtc` become `publish` (§3.5). */
  abstract publishDue(nowUtc: string): Promise<void>;
  /** Insert or update. */
  abstract save(organizer: Organizer): Promise<void>;
  abstract trash(id: number, modifiedUtc: string): Promise<void>;
  abstract remove(id: number): Promise<void>;
  /** One DELETE of every event link to this organizer (§10.5). */
  abstract unlinkFromAllEvents(id: number): Promise<void>;
}
