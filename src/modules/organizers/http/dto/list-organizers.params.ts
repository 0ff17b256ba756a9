import { PaginationParams } from '../../../../shared/http/params/pagination.params';
import { Param } from '../../../../shared/http/params/param.decorator';

const TRUTHY = ['yes', 'y', 'on', 'enable', 'enabled'];

/**
 * `GET /organizers` parameters in the contract table's order (§10.6). The same parameters as `ListVenuesParams`, kept
 * apart because their descriptions (shown in the namespace index and /doc) name organizers.
 */
export class ListOrganizersParams extends PaginationParams {
  @Param({ kind: 'string', nonEmpty: true, description: 'Limit results to those matching a string' })
  search?: string;

  @Param({ kind: 'integer', min: 1, description: 'Only organizers linked to this event' })
  event?: number;

  @Param({ kind: 'boolean', lenient: true, trueWords: TRUTHY, description: 'Only organizers with (truthy) or without (falsy) events' })
  has_events?: boolean;

  @Param({ kind: 'boolean', lenient: true, trueWords: TRUTHY, description: 'Only organizers with upcoming events', default: false })
  only_with_upcoming?: boolean;

  @Param({ kind: 'list', items: 'string', description: 'Organizer statuses: publish, future, draft, pending, private, trash or any' })
  status?: string[];

  /** CONTRACT §5: the three record lists take `password`; here it unlocks the links of a protected `event` and its weight in `only_with_upcoming` (§6.11). It is never copied into links. */
  @Param({ kind: 'string', description: 'Unlocks the `event` filter, and the upcoming events `only_with_upcoming` counts, for password-protected events (venues and organizers themselves cannot be protected).' })
  password?: string;
}
