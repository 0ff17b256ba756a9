import { Param } from './param.decorator';

/** `page` and `per_page`, shared by every list (CONTRACT §7.2). */
export class PaginationParams {
  @Param({ kind: 'integer', min: 1, description: 'Current page of the collection.', default: 1 })
  page?: number;

  @Param({
    kind: 'integer',
    min: 1,
    description: 'Maximum number of items to be returned in result set.',
    default: 10,
  })
  per_page?: number;
}
