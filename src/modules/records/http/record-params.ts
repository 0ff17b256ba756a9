import { Param } from '../../../shared/http/params/param.decorator';

/** DELETE of a venue or organizer (§9.10). Events declare their own: /doc words its description differently. */
export class DeleteParams {
  @Param({ kind: 'boolean', description: 'Delete permanently instead of moving to the trash', example: false })
  force?: boolean;
}
