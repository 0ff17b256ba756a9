import { LinkedRecordRepository } from '../../records/domain/linked-record.repository';
import type { Venue, VenueDuplicateProbe } from './venue';

/** PORT: venue storage, the linked-record storage with the venue duplicate rule (§10.4). Writes join the caller's transaction. */
export abstract class VenueRepository extends LinkedRecordRepository<Venue, VenueDuplicateProbe> {}
