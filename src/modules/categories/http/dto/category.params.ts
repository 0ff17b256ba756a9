import { MAX_LENGTH } from '../../../../shared/domain/input-limits';
import { BodyExample } from '../../../../shared/http/params/body-example';
import { Param } from '../../../../shared/http/params/param.decorator';
import { TermListParams, TermWriteParams } from '../../../terms/http/term-list.params';

/** `GET /categories` (CONTRACT §11.2), in the table's order. */
export class ListCategoriesParams extends TermListParams {
  @Param({ kind: 'integer', min: 0, description: 'Limit result set to terms assigned to a specific parent (0 = top level).' })
  parent?: number;

  @Param({ kind: 'integer', min: 1, description: 'Limit result set to terms assigned to a specific event.' })
  post?: number;

  @Param({ kind: 'integer', min: 1, description: 'Limit result set to terms assigned to a specific event (wins over post).' })
  event?: number;

  @Param({ kind: 'string', nonEmpty: true, description: 'Limit result set to terms with a specific slug.' })
  slug?: string;
}

/** `POST /categories` (CONTRACT §11.1). */
@BodyExample(['name', 'description'])
export class CreateCategoryParams extends TermWriteParams {
  @Param({ kind: 'string', required: true, nonEmpty: true, maxLength: MAX_LENGTH.name, description: 'Category name.', example: 'Live music' })
  name: string;

  @Param({ kind: 'integer', min: 0, description: 'Parent category id, 0 for none.', example: 0 })
  parent?: number;
}

/** `POST|PUT|PATCH /categories/<id>`: every field optional (partial update). */
@BodyExample(['description'])
export class UpdateCategoryParams extends TermWriteParams {
  @Param({ kind: 'string', nonEmpty: true, maxLength: MAX_LENGTH.name, description: 'Category name.', example: 'Live music' })
  name?: string;

  @Param({ kind: 'integer', min: 0, description: 'Parent category id, 0 for none.', example: 0 })
  parent?: number;
}
