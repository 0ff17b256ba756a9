import { MAX_LENGTH } from '../../../../shared/domain/input-limits';
import { emailProblem, websiteProblem } from '../../../../shared/domain/web-values';
import { BodyExample } from '../../../../shared/http/params/body-example';
import { Param, withRequired } from '../../../../shared/http/params/param.decorator';
import { DeleteParams } from '../../../records/http/record-params';
import { RECORD_STATUSES } from '../../../../shared/domain/policy';

/**
 * Writable organizer fields (CONTRACT §10.1). Used for create, update and inline creation inside events. Formats are
 * checked here too, so one 400 names every failing parameter (§4.3), type and format problems alike.
 */
@BodyExample(['phone', 'website'])
export class OrganizerWriteParams {
  @Param({ kind: 'string', maxLength: MAX_LENGTH.name, nonEmpty: true, description: 'Organizer name', example: 'City Jazz Club' })
  organizer?: string;

  @Param({ kind: 'integer', min: 1, description: 'The organizer author ID', example: 1 })
  author?: number;

  @Param({ kind: 'date', description: 'The organizer publication date (site timezone)', example: '2026-06-01 09:00' })
  date?: string | number;

  @Param({ kind: 'date', description: 'The organizer publication date (UTC)', example: '2026-06-01 07:00' })
  date_utc?: string | number;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.richText, description: 'The organizer description', nullable: true, example: '<p>Volunteers bringing live jazz to the city.</p>' })
  description?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.slug, nonEmpty: true, description: 'The organizer slug', example: 'city-jazz-club' })
  slug?: string;

  // The same fixed set as an event's status, declared as one, so `""` is rest_not_in_enum as there (§4.3) and the
  // index and /doc list the six values.
  @Param({ kind: 'enum', values: RECORD_STATUSES, description: 'The organizer status', example: 'publish' })
  status?: string;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.shortText, description: 'The organizer phone number', nullable: true, example: '+34 600 123 456' })
  phone?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.url, check: websiteProblem, description: 'The organizer website URL', nullable: true, example: 'https://example.com/city-jazz-club' })
  website?: string | null;

  @Param({ kind: 'string', maxLength: MAX_LENGTH.email, check: emailProblem, description: 'The organizer e-mail address', nullable: true, example: 'hello@example.com' })
  email?: string | null;

  @Param({ kind: 'any', maxLength: MAX_LENGTH.url, nullable: true, description: 'The organizer image: a media item ID or an image URL', example: 'https://example.com/images/city-jazz-club.jpg' })
  image?: unknown;
}

export { DeleteParams };

/** Create: the same parameters with the name required (so a missing name answers rest_missing_callback_param first). */
export const OrganizerCreateParams = BodyExample(['organizer', 'email', 'phone', 'website'])(
  withRequired(OrganizerWriteParams, ['organizer'], 'OrganizerCreateParams'),
);
