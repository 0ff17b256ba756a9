import { RecordTags } from '../../../shared/domain/record-tags';
import type { Organizer } from '../domain/organizer';

/** PORT: the tag a organizer's `If-Match` is compared with (see RecordTags). */
export abstract class OrganizerTags extends RecordTags<Organizer> {}
