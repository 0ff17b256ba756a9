import { declaredParams, Param } from '../../../../shared/http/params/param.decorator';

/** Writable organizer fields (CONTRACT §10.1). Used for create, update and inline creation inside events. */
export class OrganizerWriteParams {
  @Param({ kind: 'string', nonEmpty: true, description: 'Organizer name' })
  organizer?: string;

  @Param({ kind: 'integer', min: 1, description: 'The organizer author ID' })
  author?: number;

  @Param({ kind: 'string', acceptNumbers: true, nonEmpty: true, description: 'The organizer publication date (site timezone)' })
  date?: string;

  @Param({ kind: 'string', acceptNumbers: true, nonEmpty: true, description: 'The organizer publication date (UTC)' })
  date_utc?: string;

  @Param({ kind: 'string', description: 'The organizer description', nullable: true })
  description?: string | null;

  @Param({ kind: 'string', description: 'The organizer slug' })
  slug?: string;

  @Param({ kind: 'string', nonEmpty: true, description: 'The organizer status' })
  status?: string;

  @Param({ kind: 'string', description: 'The organizer phone number', nullable: true })
  phone?: string | null;

  @Param({ kind: 'string', description: 'The organizer website URL', nullable: true })
  website?: string | null;

  @Param({ kind: 'string', description: 'The organizer e-mail address', nullable: true })
  email?: string | null;

  @Param({ kind: 'any', description: 'The organizer image: a media item ID or an image URL' })
  image?: unknown;
}

export class DeleteParams {
  @Param({ kind: 'boolean', description: 'Delete permanently instead of moving to the trash' })
  force?: boolean;
}

/** Create: the same parameters with the name required (so a missing name answers rest_missing_callback_param first). */
class OrganizerCreateParamsClass {}
for (const { name, spec } of declaredParams(OrganizerWriteParams)) {
  Param(name === 'organizer' ? { ...spec, required: true } : spec)(OrganizerCreateParamsClass.prototype, name);
}
export const OrganizerCreateParams = OrganizerCreateParamsClass as unknown as new () => OrganizerWriteParams;
