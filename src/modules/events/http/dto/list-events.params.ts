import { Param } from '../../../../shared/http/params/param.decorator';
import { defaultEndBound, defaultStartBound } from '../../domain/event-date-window';
import { PaginationParams } from '../../../../shared/http/params/pagination.params';
import { dateForm } from './event-param-checks';

const STRICT = { trueWords: ['yes', 'on'], falseWords: ['no', 'off'] } as const;

/** Parameters of GET /events (CONTRACT §8.1), in the table's order. */
export class ListEventsParams extends PaginationParams {
  @Param({ kind: 'date', description: 'Events that start on or after this date.', defaultAt: defaultStartBound, check: dateForm })
  start_date?: string;

  @Param({ kind: 'date', description: 'Events that end on or before this date.', defaultAt: defaultEndBound, check: dateForm })
  end_date?: string;

  @Param({ kind: 'date', description: 'Events that start before this date.', check: dateForm })
  starts_before?: string;

  @Param({ kind: 'date', description: 'Events that start after this date.', check: dateForm })
  starts_after?: string;

  @Param({ kind: 'date', description: 'Events that end before this date.', check: dateForm })
  ends_before?: string;

  @Param({ kind: 'date', description: 'Events that end after this date.', check: dateForm })
  ends_after?: string;

  @Param({ kind: 'boolean', description: 'Compare dates with their exact time instead of whole days.', ...STRICT })
  strict_dates?: boolean;

  @Param({ kind: 'string', nonEmpty: true, description: 'Words that must occur in the title, description or excerpt.' })
  search?: string;

  @Param({ kind: 'list', items: 'string', description: 'Category ids or slugs.' })
  categories?: string[];

  @Param({ kind: 'list', items: 'string', description: 'Tag ids or slugs.' })
  tags?: string[];

  @Param({ kind: 'list', items: 'integer', description: 'Venue ids.' })
  venue?: number[];

  @Param({ kind: 'list', items: 'integer', description: 'Organizer ids.' })
  organizer?: number[];

  @Param({ kind: 'boolean', description: 'Only featured (true) or only non-featured (false) events.' })
  featured?: boolean;

  @Param({ kind: 'list', items: 'string', description: 'Statuses (publish, future, draft, pending, private, trash) or any.' })
  status?: string[];

  @Param({ kind: 'boolean', description: 'Events with (true) or without (false) a venue that has coordinates.' })
  geoloc?: boolean;

  @Param({ kind: 'number', min: -90, max: 90, description: 'Latitude of the centre of a radius search.' })
  geoloc_lat?: number;

  @Param({ kind: 'number', min: -180, max: 180, description: 'Longitude of the centre of a radius search.' })
  geoloc_lng?: number;

  @Param({
    kind: 'number',
    min: 0,
    exclusiveMin: true,
    max: 20000,
    description: 'Radius in kilometres.',
    default: 25,
  })
  geoloc_radius?: number;

  @Param({ kind: 'list', items: 'integer', description: 'Only these event ids.' })
  include?: number[];

  @Param({ kind: 'integer', min: 1, description: 'Only the child events of this event.' })
  post_parent?: number;

  @Param({ kind: 'boolean', description: 'Only ticketed (true) or only non-ticketed (false) events.' })
  ticketed?: boolean;

  @Param({ kind: 'string', description: 'Unlocks password-protected events: their full items, and the filters on fields a locked item masks (categories, tags, venue, organizer, featured, ticketed, geoloc), which otherwise see the masked values and never match on the hidden ones.' })
  password?: string;

  @Param({
    kind: 'boolean',
    description:
      'Answer in iCalendar (text/calendar) instead of JSON, as Accept: text/calendar does: every matching event, up to 1,000, in one calendar.',
  })
  ical?: boolean;
}
