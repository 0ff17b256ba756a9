import { RecordEtags } from '../../../shared/domain/record-etags';
import type { Venue } from '../domain/venue';

/** PORT: the tag a venue's `If-Match` is compared with (see RecordEtags). */
export abstract class VenueEtags extends RecordEtags<Venue> {}
