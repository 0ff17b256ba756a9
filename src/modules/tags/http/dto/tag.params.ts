import { MAX_LENGTH } from '../../../../shared/domain/input-limits';
import { BodyExample } from '../../../../shared/http/params/body-example';
import { Param } from '../../../../shared/http/params/param.decorator';
import { TermListParams, TermWriteParams } from '../../../terms/http/term-list.params';

/** `GET /tags` (CONTRACT §11.2), in the table's order (no `parent`: tags are flat). */
export class ListTagsParams extends TermListParams {
  @Param({ kind: 'integer', min: 1, description: 'Limit result set to terms assigned to a specific event.' })
  post?: number;

  @Param({ kind: 'integer', min: 1, description: 'Limit result set to terms assigned to a specific event (wins over post).' })
  event?: number;

  @Param({ kind: 'string', nonEmpty: true, description: 'Limit result set to terms with a specific slug.' })
  slug?: string;
}

/** `parent` is declared only to refuse it: 400 rest_taxonomy_not_hierarchical (CONTRACT §11.1), so it has no example. */
class TagWriteParams extends TermWriteParams {
  @Param({ kind: 'any', nullable: true, description: 'Not accepted: tags are not hierarchical.' })
  parent?: unknown;
}

/** `POST /tags`. */
@BodyExample(['name'])
export class CreateTagParams extends TagWriteParams {
  @Param({ kind: 'string', required: true, nonEmpty: true, maxLength: MAX_LENGTH.name, description: 'Tag name.', example: 'family friendly' })
  name: string;
}

/** `POST|PUT|PATCH /tags/<id>`: partial update. */
@BodyExample(['name'])
export class UpdateTagParams extends TagWriteParams {
  @Param({ kind: 'string', nonEmpty: true, maxLength: MAX_LENGTH.name, description: 'Tag name.', example: 'family friendly' })
  name?: string;
}
