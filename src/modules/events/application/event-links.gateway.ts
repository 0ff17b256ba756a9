import type { Caller } from '../../../shared/domain/caller';
import type { ParamProblem } from '../../../shared/domain/errors';
import type { InlineRecordInput } from './event-write.command';

/** A checked image value (validation done, nothing written yet). */
export type CheckedImage = { readonly plan: unknown };

/**
 * PORT: what event writes and filters need from the venue, organizer, term and media modules. The adapter
 * (events/infrastructure/linked-modules.gateway.ts) delegates to those modules; writes join the current `uow.run`.
 */
export abstract class EventLinksGateway {
  /** Ids among `ids` that name existing venues / organizers (any status). */
  abstract existingVenueIds(ids: number[]): Promise<number[]>;
  abstract existingOrganizerIds(ids: number[]): Promise<number[]>;
  /** Reads only: throws 400 `could-not-create-venue` / `-organizer` naming every problem of an inline object. */
  abstract checkInlineVenue(input: InlineRecordInput, caller: Caller): Promise<void>;
  abstract checkInlineOrganizer(input: InlineRecordInput, caller: Caller): Promise<void>;
  /** Creates or reuses a checked inline venue / organizer (writes: call inside `uow.run`); its id. */
  abstract createOrReuseVenue(input: InlineRecordInput, caller: Caller): Promise<number>;
  abstract createOrReuseOrganizer(input: InlineRecordInput, caller: Caller): Promise<number>;
  /** Validates an `image` value (reads only): undefined = unchanged. Throws 400 when unusable. */
  abstract checkImage(value: unknown, caller: Caller): Promise<CheckedImage | undefined>;
  /** Writes what a checked image needs; returns the media id (null = no image). */
  abstract applyImage(image: CheckedImage, caller: Caller): Promise<number | null>;
  /** Reads only: the problem §9.6 finds in these items (unknown id, a new name the caller may not create), or null. */
  abstract checkTerms(taxonomy: 'category' | 'tag', param: string, items: string[], caller: Caller): Promise<ParamProblem | null>;
  /** §9.6 (may create terms: call inside `uow.run`). */
  abstract resolveTerms(taxonomy: 'category' | 'tag', param: string, items: string[], caller: Caller): Promise<number[]>;
  /** List filter: ids or slugs → ids; unknown → problem. */
  abstract resolveTermFilter(taxonomy: 'category' | 'tag', param: string, items: string[]): Promise<{ ids: number[]; problem: ParamProblem | null }>;
  /** Term ids grouped by taxonomy. */
  abstract splitTerms(ids: number[]): Promise<{ category: number[]; tag: number[] }>;
  abstract categoryDescendants(ids: number[]): Promise<number[]>;
}
