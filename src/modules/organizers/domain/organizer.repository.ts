import { LinkedRecordRepository } from '../../records/domain/linked-record.repository';
import type { Organizer, OrganizerDuplicateProbe } from './organizer';

/** PORT: organizer storage, the linked-record storage with the organizer duplicate rule (§10.4). Writes join the caller's transaction. */
export abstract class OrganizerRepository extends LinkedRecordRepository<Organizer, OrganizerDuplicateProbe> {}
