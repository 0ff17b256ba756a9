import { RecordEtags } from '../../../shared/domain/record-etags';
import type { Organizer } from '../domain/organizer';

/** PORT: the tag a organizer's `If-Match` is compared with (see RecordEtags). */
export abstract class OrganizerEtags extends RecordEtags<Organizer> {}
