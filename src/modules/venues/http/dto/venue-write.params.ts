import { MAX_LENGTH } from '../../../../shared/domain/input-limits';
import { websiteProblem } from '../../../../shared/domain/web-values';
import { Param, withRequired } from '../../../../shared/http/params/param.decorator';
import { DeleteParams } from '../../../records/http/record-params';
import { RECORD_STATUSES } from '../../../../shared/domain/policy';
import { coordinateProblem } from '../../domain/venue';

const MAP_TRUE = ['yes', 'y', 'on', 'enable', 'enabled'];
const MAP_FALSE = ['no', 'n', 'off', 'disable', 'disabled'];

/**
 * Writable venue fields (CONTRACT §10.1). Used for create, update and inline creation inside events. Formats are checked
 * here too, so one 400 names every failing parameter (§4.3), type and format problems alike.
 */
export class VenueWriteParams {
  @Param({ kind: 'string', maxLength: MAX_LENGTH.name, nonEmpty: true, description: 'Venue name' })
  venue?: string;

  @Param({ kind: 'integer', min: 1, description: 'The venue author ID' })
  author?: number;

  @Param({ kind: 'date', description: 'The venue publication date (site timezone)' })
  date?: string | number;

  @Param({ kind: 'date', description: 'The venue publication date (UTC)' })
  date_utc?: string | number;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.richText, description: 'The venue description', nullable: true })
  description?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.slug, nonEmpty: true, description: 'The venue slug' })
  slug?: string;

  // The same fixed set as an event's status, declared as one, so `""` is rest_not_in_enum as there (§4.3) and the
  // index and /doc list the six values.
  @Param({ kind: 'enum', values: RECORD_STATUSES, description: 'The venue status' })
  status?: string;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.address, description: 'The venue address', nullable: true })
  address?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.shortText, description: 'The venue city', nullable: true })
  city?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.shortText, description: 'The venue country', nullable: true })
  country?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.shortText, description: 'The venue province', nullable: true })
  province?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.shortText, description: 'The venue state', nullable: true })
  state?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.shortText, description: 'The venue ZIP code', nullable: true })
  zip?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.shortText, description: 'The venue phone number', nullable: true })
  phone?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.shortText, description: 'The venue state or province', nullable: true })
  stateprovince?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.url, check: websiteProblem, description: 'The venue website URL', nullable: true })
  website?: string | null;

  @Param({ kind: 'any', maxLength: MAX_LENGTH.url, nullable: true, description: 'The venue image: a media item ID or an image URL' })
  image?: unknown;

  @Param({ kind: 'boolean', trueWords: MAP_TRUE, falseWords: MAP_FALSE, description: 'Whether the map should be shown' })
  show_map?: boolean;

  @Param({ kind: 'boolean', trueWords: MAP_TRUE, falseWords: MAP_FALSE, description: 'Whether the map link should be shown' })
  show_map_link?: boolean;

  @Param({ kind: 'any', nullable: true, check: (v, p) => coordinateProblem(v, p, 90), description: 'Latitude in decimal degrees (-90 to 90)' })
  geo_lat?: number | string | null;

  @Param({ kind: 'any', nullable: true, check: (v, p) => coordinateProblem(v, p, 180), description: 'Longitude in decimal degrees (-180 to 180)' })
  geo_lng?: number | string | null;
}

export { DeleteParams };

/** Create: the same parameters with the name required (so a missing name answers rest_missing_callback_param first). */
export const VenueCreateParams = withRequired(VenueWriteParams, ['venue'], 'VenueCreateParams');
