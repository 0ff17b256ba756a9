import { MAX_LENGTH } from '../../../shared/domain/input-limits';
import { PaginationParams } from '../../../shared/http/params/pagination.params';
import { Param } from '../../../shared/http/params/param.decorator';
import { TERM_ORDERBY } from '../domain/term-list';

/**
 * List parameters shared by `GET /categories` and `GET /tags` (CONTRACT §11.2), in the table's order up to `hide_empty`.
 * Each module's DTO extends this and declares the rest (categories add `parent` before `post`, `event`, `slug`).
 */
export class TermListParams extends PaginationParams {
  @Param({ kind: 'string', nonEmpty: true, description: 'Limit results to those matching a string.' })
  search?: string;

  @Param({ kind: 'list', items: 'string', description: 'Limit result set to specific ids or slugs.' })
  include?: string[];

  @Param({ kind: 'list', items: 'string', description: 'Ensure result set excludes specific ids or slugs.' })
  exclude?: string[];

  @Param({
    kind: 'enum',
    values: ['asc', 'desc'],
    caseInsensitive: true,
    default: 'asc',
    description: 'Order sort attribute ascending or descending.',
  })
  order?: 'asc' | 'desc';

  @Param({ kind: 'enum', values: TERM_ORDERBY, default: 'name', description: 'Sort collection by term attribute.' })
  orderby?: (typeof TERM_ORDERBY)[number];

  @Param({ kind: 'boolean', default: true, description: 'Whether to hide terms not assigned to any published event.' })
  hide_empty?: boolean;
}

/** Write fields shared by both kinds of term (CONTRACT §11.1). */
export class TermWriteParams {
  @Param({ kind: 'string', nonEmpty: true, maxLength: MAX_LENGTH.richText, description: 'HTML description of the term.', nullable: true, example: '<p>Concerts, jam sessions and open-air gigs.</p>' })
  description?: string | null;

  @Param({ kind: 'string', nonEmpty: true, maxLength: MAX_LENGTH.slug, description: 'An alphanumeric identifier for the term unique to its type.', example: 'live-music' })
  slug?: string;
}
