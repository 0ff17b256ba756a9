import { InMemoryLinkedRecordRepository } from '../../../records/infrastructure/in-memory/in-memory-linked-record.repository';
import { isOrganizerDuplicate, Organizer, OrganizerDuplicateProbe, ORGANIZER_SEARCH_FIELDS } from '../../domain/organizer';
import { OrganizerRepository } from '../../domain/organizer.repository';

/** In-memory adapter for unit tests: the shared in-memory store with the organizer search fields and duplicate rule. */
export class InMemoryOrganizerRepository extends InMemoryLinkedRecordRepository<Organizer, OrganizerDuplicateProbe> implements OrganizerRepository {
  constructor() {
    super(ORGANIZER_SEARCH_FIELDS, isOrganizerDuplicate);
  }
}
