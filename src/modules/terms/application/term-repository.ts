import type { EventAccessStamp } from '../../../shared/domain/event-links-access';
import { NewTerm, Taxonomy, Term } from '../domain/term';

/**
 * PORT: storage of categories and tags (one table, one id sequence). Writes join the current unit of work.
 * Names and slugs are compared through folded keys (CONTRACT §1.7).
 */
export abstract class TermRepository {
  /** Stores a new term; its id is the next of the shared term sequence. */
  abstract insert(term: NewTerm): Promise<Term>;
  /** Writes name, slug, description and parent of an existing term. */
  abstract update(term: Term): Promise<void>;
  /**
   * Deletes a term permanently: its event links are removed and its child terms move up to its parent, all in the
   * current transaction.
   */
  abstract delete(term: Term): Promise<void>;
  abstract findById(taxonomy: Taxonomy, id: number): Promise<Term | null>;
  /**
   * Takes the term for a write (inside `uow.run`): its latest committed state, held until the unit of work ends, so
   * no other write changes or deletes it (nor links events to it) meanwhile. Null when it does not exist (any more).
   */
  abstract lockById(taxonomy: Taxonomy, id: number): Promise<Term | null>;
  /**
   * Takes the terms an event write is about to link (inside `uow.run`), in id order, as the linking itself does: a
   * concurrent delete of one either commits first (it is left out of the answer) or waits for the write to commit.
   */
  abstract lockByIds(taxonomy: Taxonomy, ids: number[]): Promise<Term[]>;
  /** Takes every term of the taxonomy (a write that changes the hierarchy): hierarchy changes run one at a time. */
  abstract lockAll(taxonomy: Taxonomy): Promise<Term[]>;
  /** Terms with these ids (any taxonomy when `taxonomy` is null), in id order. */
  abstract findByIds(taxonomy: Taxonomy | null, ids: number[]): Promise<Term[]>;
  /** The term whose slug equals `slug` ignoring case and accents. */
  abstract findBySlug(taxonomy: Taxonomy, slug: string): Promise<Term | null>;
  /** The lowest-id term whose folded name equals fold(`name`); restricted to `parent` when given. */
  abstract findByName(taxonomy: Taxonomy, name: string, parent?: number): Promise<Term | null>;
  /** Every term of the taxonomy (lists and hierarchy walks; term sets are small). */
  abstract all(taxonomy: Taxonomy): Promise<Term[]>;
  /** term id → number of `publish` events carrying it; terms without such events are absent. */
  abstract counts(taxonomy: Taxonomy): Promise<Map<number, number>>;
  abstract countsOf(termIds: number[]): Promise<Map<number, number>>;
  /** The event with this id (any status), as its `event` filter needs it; null when there is none. */
  abstract eventAccessStamp(eventId: number): Promise<EventAccessStamp | null>;
  /** event id → its terms (both taxonomies), each list ordered by folded name then id. */
  abstract termsOfEvents(eventIds: number[]): Promise<Map<number, Term[]>>;
}
