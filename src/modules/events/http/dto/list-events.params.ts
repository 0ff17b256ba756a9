import { PaginationParams } from '../../../../shared/http/params/pagination.params';

/** Parameters of GET /events (CONTRACT §8.1). The events issue adds the filters. */
export class ListEventsParams extends PaginationParams {}
