import { LinkedRecordListCriteria, LinkedRecordRepository } from '../../records/domain/linked-record.repository';
import type { Venue, VenueDuplicateProbe } from './venue';

/** What a venue list asks for (§10.6), already resolved against the caller's visibility. */
export type VenueListCriteria = LinkedRecordListCriteria;

/** PORT: venue storage, the linked-record storage with the venue duplicate rule (§10.4). Writes join the caller's transaction. */
export abstract class VenueRepository extends LinkedRecordRepository<Venue, VenueDuplicateProbe> {}
