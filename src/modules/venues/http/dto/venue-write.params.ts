import { MAX_LENGTH } from '../../../../shared/domain/input-limits';
import { websiteProblem } from '../../../../shared/domain/web-values';
import { BodyExample } from '../../../../shared/http/params/body-example';
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
@BodyExample(['phone', 'show_map'])
export class VenueWriteParams {
  @Param({ kind: 'string', maxLength: MAX_LENGTH.name, nonEmpty: true, description: 'Venue name', example: 'Retiro Park' })
  venue?: string;

  @Param({ kind: 'integer', min: 1, description: 'The venue author ID', example: 1 })
  author?: number;

  @Param({ kind: 'date', description: 'The venue publication date (site timezone)', example: '2026-06-01 09:00' })
  date?: string | number;

  @Param({ kind: 'date', description: 'The venue publication date (UTC)', example: '2026-06-01 07:00' })
  date_utc?: string | number;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.richText, description: 'The venue description', nullable: true, example: '<p>Open-air stage by the lake in Retiro Park.</p>' })
  description?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.slug, nonEmpty: true, description: 'The venue slug', example: 'retiro-park' })
  slug?: string;

  // The same fixed set as an event's status, declared as one, so `""` is rest_not_in_enum as there (§4.3) and the
  // index and /doc list the six values.
  @Param({ kind: 'enum', values: RECORD_STATUSES, description: 'The venue status', example: 'publish' })
  status?: string;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.address, description: 'The venue address', nullable: true, example: 'Plaza de la Independencia 7' })
  address?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.shortText, description: 'The venue city', nullable: true, example: 'Madrid' })
  city?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.shortText, description: 'The venue country', nullable: true, example: 'Spain' })
  country?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.shortText, description: 'The venue province', nullable: true, example: 'Madrid' })
  province?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.shortText, description: 'The venue state', nullable: true, example: 'Madrid' })
  state?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.shortText, description: 'The venue ZIP code', nullable: true, example: '28009' })
  zip?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.shortText, description: 'The venue phone number', nullable: true, example: '+34 915 300 000' })
  phone?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.shortText, description: 'The venue state or province', nullable: true, example: 'Madrid' })
  stateprovince?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.url, check: websiteProblem, description: 'The venue website URL', nullable: true, example: 'https://example.com/retiro-park' })
  website?: string | null;

  @Param({ kind: 'any', maxLength: MAX_LENGTH.url, nullable: true, description: 'The venue image: a media item ID or an image URL', example: 'https://example.com/images/retiro-park.jpg' })
  image?: unknown;

  @Param({ kind: 'boolean', trueWords: MAP_TRUE, falseWords: MAP_FALSE, description: 'Whether the map should be shown', example: true })
  show_map?: boolean;

  @Param({ kind: 'boolean', trueWords: MAP_TRUE, falseWords: MAP_FALSE, description: 'Whether the map link should be shown', example: true })
  show_map_link?: boolean;

  @Param({ kind: 'any', nullable: true, check: (v, p) => coordinateProblem(v, p, 90), description: 'Latitude in decimal degrees (-90 to 90)', example: 40.4153 })
  geo_lat?: number | string | null;

  @Param({ kind: 'any', nullable: true, check: (v, p) => coordinateProblem(v, p, 180), description: 'Longitude in decimal degrees (-180 to 180)', example: -3.6845 })
  geo_lng?: number | string | null;
}

export { DeleteParams };

/** Create: the same parameters with the name required (so a missing name answers rest_missing_callback_param first). */
export const VenueCreateParams = BodyExample(['venue', 'address', 'city', 'country', 'zip', 'phone', 'website', 'geo_lat', 'geo_lng'])(
  withRequired(VenueWriteParams, ['venue'], 'VenueCreateParams'),
);
