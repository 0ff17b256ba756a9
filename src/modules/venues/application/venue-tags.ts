import { RecordTags } from '../../../shared/domain/record-tags';
import type { Venue } from '../domain/venue';

/** PORT: the tag a venue's `If-Match` is compared with (see RecordTags). */
export abstract class VenueTags extends RecordTags<Venue> {}
