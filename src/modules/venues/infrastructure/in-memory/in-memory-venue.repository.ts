import { InMemoryLinkedRecordRepository } from '../../../records/infrastructure/in-memory/in-memory-linked-record.repository';
import { isVenueDuplicate, Venue, VenueDuplicateProbe, VENUE_SEARCH_FIELDS } from '../../domain/venue';
import { VenueRepository } from '../../domain/venue.repository';

/** In-memory adapter for unit tests: the shared in-memory store with the venue search fields and duplicate rule. */
export class InMemoryVenueRepository extends InMemoryLinkedRecordRepository<Venue, VenueDuplicateProbe> implements VenueRepository {
  constructor() {
    super(VENUE_SEARCH_FIELDS, isVenueDuplicate);
  }
}
