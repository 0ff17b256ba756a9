import type { ParamProblem } from '../../../../shared/domain/errors';
import { BodyExample } from '../../../../shared/http/params/body-example';
import { Param, withRequired } from '../../../../shared/http/params/param.decorator';
import type { ParamSpec } from '../../../../shared/http/params/param-rules';
import { exceedsLength, MAX_ITEMS, MAX_LENGTH } from '../../../../shared/domain/input-limits';
import { websiteProblem } from '../../../../shared/domain/web-values';
import { costItemText } from '../../domain/cost';
import { dateForm, overLongPassword, passwordForm, timezoneForm } from './event-param-checks';
import { RECORD_STATUSES } from '../../../../shared/domain/policy';

const STATUSES = RECORD_STATUSES;

const costCheck = (v: unknown, param: string): ParamProblem | null => {
  // A JSON number too large for a double (1e400) arrives as Infinity: no value to keep (it was stored as `null`, clearing the cost).
  const ok = (x: unknown) => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x));
  if (!(v === null || ok(v) || (Array.isArray(v) && v.every(ok)))) return { param, detail: 'rest_invalid_type', args: { type: 'string' } };
  // The cost is stored as sent (its JSON): the limit is on all its text together.
  const text = Array.isArray(v) ? v.map(costItemText).join(' ') : costItemText(v);
  if ((Array.isArray(v) && v.length > MAX_ITEMS.terms) || exceedsLength(text, MAX_LENGTH.cost)) {
    return { param, detail: 'rest_too_long', args: { max: MAX_LENGTH.cost } };
  }
  return null;
};

const parentCheck = (v: unknown, param: string): ParamProblem | null => {
  if (v === null || v === '' || (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0)) return null;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return null;
  return { param, detail: 'rest_invalid_type', args: { type: 'integer' } };
};

/** An inline venue and organizer (§9.5): made on the first write, found again by the next (§10.4). */
const VENUE_EXAMPLE = { venue: 'Retiro Park', address: 'Plaza de la Independencia 7', city: 'Madrid', country: 'Spain' };
const ORGANIZER_EXAMPLE = { organizer: 'City Jazz Club', email: 'hello@example.com' };

/** The writable fields of §9.2 (shared by create and update; create makes three of them required). */
const S: Record<string, ParamSpec> = {
  title: { kind: 'string', nonEmpty: true, maxLength: MAX_LENGTH.name, description: 'Event title (plain text).', example: 'Jazz in the Park' },
  start_date: { kind: 'date', description: 'Start date, read in the event timezone.', check: dateForm, example: 'next friday 7pm' },
  end_date: { kind: 'date', description: 'End date, read in the event timezone.', check: dateForm, example: 'next friday 10pm' },
  description: { kind: 'string', nonEmpty: true, nullable: true, maxLength: MAX_LENGTH.richText, description: 'Event description (HTML).', example: '<p>Live jazz by the lake: bring a blanket and a picnic.</p>' },
  excerpt: { kind: 'string', nonEmpty: true, nullable: true, maxLength: MAX_LENGTH.richText, description: 'Event excerpt (HTML).', example: '<p>Live jazz by the lake.</p>' },
  slug: { kind: 'string', nonEmpty: true, maxLength: MAX_LENGTH.slug, description: 'Event slug.', example: 'jazz-in-the-park' },
  author: { kind: 'integer', min: 1, description: 'Author user id.', example: 1 },
  date: { kind: 'date', description: 'Publication date in the event timezone.', check: dateForm, example: '2026-06-01 09:00' },
  date_utc: { kind: 'date', description: 'Publication date in UTC.', check: dateForm, example: '2026-06-01 07:00' },
  status: { kind: 'enum', values: STATUSES, description: 'Event status.', example: 'publish' },
  timezone: { kind: 'string', nullable: true, maxLength: MAX_LENGTH.timezone, description: 'IANA time zone, UTC, or an offset.', check: timezoneForm, example: 'Europe/Madrid' },
  all_day: { kind: 'boolean', description: 'Whether the event lasts all day.', example: false },
  image: { kind: 'any', nullable: true, maxLength: MAX_LENGTH.url, description: 'Media item id or image URL.', example: 'https://example.com/images/jazz-in-the-park.jpg' },
  cost: { kind: 'any', nullable: true, maxLength: MAX_LENGTH.cost, description: 'Event cost: string, number or array of them.', check: costCheck, example: '15' },
  website: { kind: 'string', nullable: true, maxLength: MAX_LENGTH.url, description: 'Event website (http or https URL).', format: 'uri', check: websiteProblem, example: 'https://example.com/jazz-in-the-park' },
  show_map: { kind: 'boolean', description: 'Show a map on the event page.', example: true },
  show_map_link: { kind: 'boolean', description: 'Show a map link on the event page.', example: true },
  hide_from_listings: { kind: 'boolean', description: 'Never list the event in GET /events.', example: false },
  sticky: { kind: 'boolean', description: 'Sticky flag.', example: false },
  featured: { kind: 'boolean', description: 'Featured flag.', example: true },
  categories: { kind: 'list', items: 'string', nullable: true, maxItems: MAX_ITEMS.terms, maxLength: MAX_LENGTH.name, description: 'Category ids, slugs or new names.', example: ['Concerts'] },
  tags: { kind: 'list', items: 'string', nullable: true, maxItems: MAX_ITEMS.terms, maxLength: MAX_LENGTH.name, description: 'Tag ids, slugs or new names.', example: ['jazz', 'outdoors'] },
  venue: { kind: 'any', nullable: true, maxItems: MAX_ITEMS.links, description: 'Venue id(s) or inline venue object(s).', example: VENUE_EXAMPLE },
  organizer: { kind: 'any', nullable: true, maxItems: MAX_ITEMS.links, description: 'Organizer id(s) or inline organizer object(s).', example: ORGANIZER_EXAMPLE },
  post_password: { kind: 'string', nullable: true, maxLength: MAX_LENGTH.password, tooLong: overLongPassword, description: 'Password protecting the event (write-only).', check: passwordForm, example: 'members-only' },
  ticketed: { kind: 'boolean', description: 'Ticketed flag.', example: false },
  post_parent: { kind: 'any', nullable: true, description: 'Parent event id; 0 clears.', check: parentCheck, example: 0 },
};

/** POST/PUT/PATCH /events/<id> and by slug: partial update, nothing required. */
@BodyExample(['cost', 'featured'])
export class UpdateEventParams {
  @Param(S.title) title?: string;
  @Param(S.start_date) start_date?: string | number;
  @Param(S.end_date) end_date?: string | number;
  @Param(S.description) description?: string | null;
  @Param(S.excerpt) excerpt?: string | null;
  @Param(S.slug) slug?: string;
  @Param(S.author) author?: number;
  @Param(S.date) date?: string | number;
  @Param(S.date_utc) date_utc?: string | number;
  @Param(S.status) status?: string;
  @Param(S.timezone) timezone?: string | null;
  @Param(S.all_day) all_day?: boolean;
  @Param(S.image) image?: unknown;
  @Param(S.cost) cost?: unknown;
  @Param(S.website) website?: string | null;
  @Param(S.show_map) show_map?: boolean;
  @Param(S.show_map_link) show_map_link?: boolean;
  @Param(S.hide_from_listings) hide_from_listings?: boolean;
  @Param(S.sticky) sticky?: boolean;
  @Param(S.featured) featured?: boolean;
  @Param(S.categories) categories?: string[] | null;
  @Param(S.tags) tags?: string[] | null;
  @Param(S.venue) venue?: unknown;
  @Param(S.organizer) organizer?: unknown;
  @Param(S.post_password) post_password?: string | null;
  @Param(S.ticketed) ticketed?: boolean;
  @Param(S.post_parent) post_parent?: unknown;
}

/** POST /events (§9.1): the same parameters, with title, start_date and end_date required. */
export const CreateEventParams = BodyExample([
  'title',
  'description',
  'start_date',
  'end_date',
  'timezone',
  'cost',
  'website',
  'categories',
  'tags',
  'venue',
  'organizer',
])(withRequired(UpdateEventParams, ['title', 'start_date', 'end_date'], 'CreateEventParams'));
export type CreateEventParams = UpdateEventParams;

/** GET /events/<id> and by slug. */
export class ReadEventParams {
  @Param({ kind: 'string', description: 'Unlocks a password-protected event.' }) password?: string;

  @Param({ kind: 'boolean', description: 'Answer in iCalendar (text/calendar) instead of JSON, as Accept: text/calendar does.' })
  ical?: boolean;
}

/** DELETE /events/<id> and by slug. */
export class DeleteEventParams {
  @Param({ kind: 'boolean', description: 'Delete permanently instead of moving to the trash.', example: false }) force?: boolean;
}
