import { ApiProperty, ApiPropertyOptional, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import { RECORD_STATUSES } from '../../shared/domain/policy';

/**
 * The response shapes of CONTRACT §6 and §7 as OpenAPI component schemas, typed as on the wire: date-detail parts and
 * cost values are strings, `author` is a string, `venue` is an object or an array, conditional keys are optional.
 * They document the presenters' output; the e2e tests check real responses against them.
 */

const WALL_CLOCK = { type: 'string', example: '2026-12-05 20:00:00' } as const;
/** Booleans an event list masks to null for a protected event (§6.11). */
const MASKABLE = { type: 'boolean', nullable: true } as const;
const REF = (name: string) => ({ $ref: getSchemaPath(name) });

@ApiSchema({ name: 'DateDetails', description: 'The parts of a wall-clock date, as zero-padded strings.' })
class DateDetailsSchema {
  @ApiProperty({ type: 'string', example: '2026', description: 'Year (4 digits).' }) year: string;
  @ApiProperty({ type: 'string', example: '12', description: 'Month (2 digits).' }) month: string;
  @ApiProperty({ type: 'string', example: '05', description: 'Day of the month (2 digits).' }) day: string;
  @ApiProperty({ type: 'string', example: '20', description: 'Hour, 24-hour clock (2 digits).' }) hour: string;
  @ApiProperty({ type: 'string', example: '00', description: 'Minutes (2 digits).' }) minutes: string;
  @ApiProperty({ type: 'string', example: '00', description: 'Seconds (2 digits).' }) seconds: string;
}

@ApiSchema({ name: 'CostDetails', description: 'The cost split into currency and numeric values.' })
class CostDetailsSchema {
  @ApiProperty({ type: 'string', description: 'Currency symbol found in the cost; empty when none.' }) currency_symbol: string;
  @ApiProperty({ type: 'string', description: 'Always empty.' }) currency_code: string;
  @ApiProperty({ type: 'string', enum: ['prefix', 'postfix', ''], description: 'Where the symbol stands; empty when there is none.' })
  currency_position: string;
  @ApiProperty({ type: 'array', items: { type: 'string' }, description: 'Every number in the cost, ascending, as strings.' })
  values: string[];
}

@ApiSchema({ name: 'Image', description: 'An image referenced by URL.' })
class ImageSchema {
  @ApiProperty({ type: 'string', description: 'Image URL as it was given.' }) url: string;
  @ApiProperty({ type: 'integer', description: 'Media item id.' }) id: number;
  @ApiProperty({ type: 'string', description: 'Lower-case file extension.' }) extension: string;
}

@ApiSchema({ name: 'TermUrls', description: 'Addresses of a term in the API.' })
class TermUrlsSchema {
  @ApiProperty({ type: 'string', description: 'Address of this term.' }) self: string;
  @ApiProperty({ type: 'string', description: 'Address of the term list.' }) collection: string;
  @ApiPropertyOptional({ type: 'string', description: 'Address of the parent category (only when there is one).' }) up?: string;
}

class RecordBase {
  @ApiProperty({ type: 'integer', description: 'Record id.' }) id: number;
  @ApiProperty({ type: 'string', description: 'Author user id.' }) author: string;
  @ApiProperty({ type: 'string', enum: [...RECORD_STATUSES], description: 'Status.' })
  status: string;
  @ApiProperty({ ...WALL_CLOCK, description: 'Publication date (wall clock).' }) date: string;
  @ApiProperty({ ...WALL_CLOCK, description: 'Publication date in UTC.' }) date_utc: string;
  @ApiProperty({ ...WALL_CLOCK, description: 'Time of the last change (site timezone).' }) modified: string;
  @ApiProperty({ ...WALL_CLOCK, description: 'Time of the last change in UTC.' }) modified_utc: string;
  @ApiProperty({ type: 'string', description: 'Address of the public page (served by the website).' }) url: string;
}

const GLOBAL_ID = { type: 'string', description: 'Stable identifier for other systems.' } as const;
const LINEAGE = { type: 'array', items: { type: 'string' }, description: 'The global ids of this record.' } as const;
const JSON_LD = { type: 'object', additionalProperties: true, description: 'schema.org data (single reads only).' } as const;

@ApiSchema({ name: 'Venue', description: 'A venue. Keys marked optional are left out when empty.' })
class VenueSchema extends RecordBase {
  @ApiProperty({ type: 'string', description: 'Venue name.' }) venue: string;
  @ApiPropertyOptional({ type: 'string', description: 'Description (HTML).' }) description?: string;
  @ApiPropertyOptional({ type: 'string', description: 'Excerpt (HTML).' }) excerpt?: string;
  @ApiProperty({ type: 'string', description: 'Slug.' }) slug: string;
  @ApiPropertyOptional({ type: () => ImageSchema, description: 'Image.' }) image?: ImageSchema;
  @ApiPropertyOptional({ type: 'string', description: 'Street address.' }) address?: string;
  @ApiPropertyOptional({ type: 'string', description: 'City.' }) city?: string;
  @ApiPropertyOptional({ type: 'string', description: 'Country.' }) country?: string;
  @ApiPropertyOptional({ type: 'string', description: 'Province.' }) province?: string;
  @ApiPropertyOptional({ type: 'string', description: 'State.' }) state?: string;
  @ApiPropertyOptional({ type: 'string', description: 'Postal code.' }) zip?: string;
  @ApiPropertyOptional({ type: 'string', description: 'Phone number.' }) phone?: string;
  @ApiPropertyOptional({ type: 'string', description: 'Website (http or https URL).' }) website?: string;
  @ApiPropertyOptional({ type: 'string', description: 'State or province.' }) stateprovince?: string;
  @ApiPropertyOptional({ type: 'number', description: 'Latitude in decimal degrees.' }) geo_lat?: number;
  @ApiPropertyOptional({ type: 'number', description: 'Longitude in decimal degrees.' }) geo_lng?: number;
  @ApiPropertyOptional(JSON_LD) json_ld?: object;
  @ApiProperty({ type: 'boolean', description: 'Show a map on the website.' }) show_map: boolean;
  @ApiProperty({ type: 'boolean', description: 'Show a map link on the website.' }) show_map_link: boolean;
  @ApiProperty(GLOBAL_ID) global_id: string;
  @ApiProperty(LINEAGE) global_id_lineage: string[];
}

@ApiSchema({ name: 'Organizer', description: 'An organizer. Keys marked optional are left out when empty.' })
class OrganizerSchema extends RecordBase {
  @ApiProperty({ type: 'string', description: 'Organizer name.' }) organizer: string;
  @ApiPropertyOptional({ type: 'string', description: 'Description (HTML).' }) description?: string;
  @ApiPropertyOptional({ type: 'string', description: 'Excerpt (HTML).' }) excerpt?: string;
  @ApiProperty({ type: 'string', description: 'Slug.' }) slug: string;
  @ApiPropertyOptional({ type: () => ImageSchema, description: 'Image.' }) image?: ImageSchema;
  @ApiPropertyOptional({ type: 'string', description: 'Phone number.' }) phone?: string;
  @ApiPropertyOptional({ type: 'string', description: 'Website (http or https URL).' }) website?: string;
  @ApiPropertyOptional({ type: 'string', description: 'E-mail address.' }) email?: string;
  @ApiPropertyOptional(JSON_LD) json_ld?: object;
  @ApiProperty(GLOBAL_ID) global_id: string;
  @ApiProperty(LINEAGE) global_id_lineage: string[];
}

@ApiSchema({ name: 'EventTerm', description: 'A category or tag embedded in an event.' })
class EventTermSchema {
  @ApiProperty({ type: 'string', description: 'Term name.' }) name: string;
  @ApiProperty({ type: 'string', description: 'Slug.' }) slug: string;
  @ApiProperty({ type: 'integer', description: 'Always 0.' }) term_group: number;
  @ApiProperty({ type: 'integer', description: 'Equal to id.' }) term_taxonomy_id: number;
  @ApiProperty({ type: 'string', enum: ['tribe_events_cat', 'post_tag'], description: 'Taxonomy.' }) taxonomy: string;
  @ApiProperty({ type: 'string', description: 'Description (HTML).' }) description: string;
  @ApiProperty({ type: 'integer', description: 'Parent category id; 0 when none.' }) parent: number;
  @ApiProperty({ type: 'integer', description: 'Number of published events carrying the term.' }) count: number;
  @ApiProperty({ type: 'string', enum: ['raw'], description: 'Always raw.' }) filter: string;
  @ApiProperty({ type: 'integer', description: 'Term id.' }) id: number;
  @ApiProperty({ type: () => TermUrlsSchema, description: 'Addresses of the term.' }) urls: TermUrlsSchema;
}

class StandaloneTermBase {
  @ApiProperty({ type: 'integer', description: 'Term id.' }) id: number;
  @ApiProperty({ type: 'integer', description: 'Number of published events carrying the term.' }) count: number;
  @ApiProperty({ type: 'string', description: 'Description (HTML).' }) description: string;
  @ApiProperty({ type: 'string', description: 'Term name.' }) name: string;
  @ApiProperty({ type: 'string', description: 'Slug.' }) slug: string;
}

const META = { type: 'array', items: {}, description: 'Always an empty array.' } as const;

@ApiSchema({ name: 'Category', description: 'An event category.' })
class CategorySchema extends StandaloneTermBase {
  @ApiProperty({ type: 'string', enum: ['tribe_events_cat'], description: 'Taxonomy.' }) taxonomy: string;
  @ApiProperty({ type: 'integer', description: 'Parent category id; 0 when none.' }) parent: number;
  @ApiProperty(META) meta: unknown[];
  @ApiProperty({ type: 'string', description: 'Address of the public page (served by the website).' }) url: string;
  @ApiProperty({ type: () => TermUrlsSchema, description: 'Addresses of the term.' }) urls: TermUrlsSchema;
}

@ApiSchema({ name: 'Tag', description: 'An event tag.' })
class TagSchema extends StandaloneTermBase {
  @ApiProperty({ type: 'string', enum: ['post_tag'], description: 'Taxonomy.' }) taxonomy: string;
  @ApiProperty(META) meta: unknown[];
  @ApiProperty({ type: 'string', description: 'Address of the public page (served by the website).' }) url: string;
  @ApiProperty({ type: () => TermUrlsSchema, description: 'Addresses of the term.' }) urls: TermUrlsSchema;
}

@ApiSchema({ name: 'Event', description: 'An event. In lists, a protected event has some keys masked (null or empty).' })
class EventSchema extends RecordBase {
  @ApiProperty(GLOBAL_ID) global_id: string;
  @ApiProperty(LINEAGE) global_id_lineage: string[];
  @ApiProperty({ type: 'string', description: 'Address of this event in the API.' }) rest_url: string;
  @ApiProperty({ type: 'string', description: 'Title (plain text).' }) title: string;
  @ApiProperty({ type: 'string', description: 'Description (HTML).' }) description: string;
  @ApiProperty({ type: 'string', description: 'Excerpt (HTML).' }) excerpt: string;
  @ApiProperty({ type: 'string', description: 'Slug.' }) slug: string;
  @ApiProperty({ oneOf: [REF('Image'), { type: 'boolean', enum: [false] }], description: 'Image, or false when none.' })
  image: ImageSchema | false;
  @ApiProperty({ ...MASKABLE, description: 'Whether the event lasts all day.' }) all_day: boolean | null;
  @ApiProperty({ ...WALL_CLOCK, description: 'Start (event timezone).' }) start_date: string;
  @ApiProperty({ type: () => DateDetailsSchema, description: 'Parts of start_date.' }) start_date_details: DateDetailsSchema;
  @ApiProperty({ ...WALL_CLOCK, description: 'End (event timezone).' }) end_date: string;
  @ApiProperty({ type: () => DateDetailsSchema, description: 'Parts of end_date.' }) end_date_details: DateDetailsSchema;
  @ApiProperty({ ...WALL_CLOCK, description: 'Start in UTC.' }) utc_start_date: string;
  @ApiProperty({ type: () => DateDetailsSchema, description: 'Parts of utc_start_date.' }) utc_start_date_details: DateDetailsSchema;
  @ApiProperty({ ...WALL_CLOCK, description: 'End in UTC.' }) utc_end_date: string;
  @ApiProperty({ type: () => DateDetailsSchema, description: 'Parts of utc_end_date.' }) utc_end_date_details: DateDetailsSchema;
  @ApiProperty({ type: 'string', description: 'IANA time zone, UTC, or an offset such as UTC+2.' }) timezone: string;
  @ApiProperty({ type: 'string', description: 'Time zone abbreviation at the start.' }) timezone_abbr: string;
  @ApiProperty({ type: 'string', description: 'Formatted cost; empty when none.' }) cost: string;
  @ApiProperty({ type: () => CostDetailsSchema, description: 'Parts of the cost.' }) cost_details: CostDetailsSchema;
  @ApiProperty({ type: 'string', description: 'Event website.' }) website: string;
  @ApiProperty({ ...MASKABLE, description: 'Show a map on the website.' }) show_map: boolean | null;
  @ApiProperty({ ...MASKABLE, description: 'Show a map link on the website.' }) show_map_link: boolean | null;
  @ApiProperty({ ...MASKABLE, description: 'Never listed in GET /events.' }) hide_from_listings: boolean | null;
  @ApiProperty({ ...MASKABLE, description: 'Sticky flag.' }) sticky: boolean | null;
  @ApiProperty({ ...MASKABLE, description: 'Featured flag.' }) featured: boolean | null;
  @ApiProperty({ type: () => [EventTermSchema], description: 'Categories, by name.' }) categories: EventTermSchema[];
  @ApiProperty({ type: () => [EventTermSchema], description: 'Tags, by name.' }) tags: EventTermSchema[];
  @ApiProperty({
    oneOf: [REF('Venue'), { type: 'array', items: REF('Venue') }],
    description: 'The venue; an array when there are several; [] when none.',
  })
  venue: VenueSchema | VenueSchema[];
  @ApiProperty({ type: 'array', items: REF('Organizer'), description: 'Organizers in link order.' }) organizer: OrganizerSchema[];
  @ApiProperty({ type: 'array', items: {}, description: 'Always an empty array.' }) custom_fields: unknown[];
  @ApiProperty({ ...MASKABLE, description: 'Ticketed flag.' }) ticketed: boolean | null;
  @ApiProperty({ type: 'integer', description: 'Parent event id; 0 when none.' }) post_parent: number;
  @ApiPropertyOptional(JSON_LD) json_ld?: object;
}

class ListLinksBase {
  @ApiProperty({ type: 'string', description: 'Address of this page.' }) rest_url: string;
  @ApiPropertyOptional({ type: 'string', description: 'Address of the next page (absent on the last page).' }) next_rest_url?: string;
  @ApiPropertyOptional({ type: 'string', description: 'Address of the previous page (absent on the first page).' })
  previous_rest_url?: string;
  @ApiProperty({ type: 'integer', description: 'Number of matching items.' }) total: number;
  @ApiProperty({ type: 'integer', description: 'Number of pages.' }) total_pages: number;
}

@ApiSchema({ name: 'EventList', description: 'A page of events.' })
class EventListSchema extends ListLinksBase {
  @ApiProperty({ type: () => [EventSchema], description: 'The events of this page.' }) events: EventSchema[];
}

@ApiSchema({ name: 'VenueList', description: 'A page of venues.' })
class VenueListSchema extends ListLinksBase {
  @ApiProperty({ type: () => [VenueSchema], description: 'The venues of this page.' }) venues: VenueSchema[];
}

@ApiSchema({ name: 'OrganizerList', description: 'A page of organizers.' })
class OrganizerListSchema extends ListLinksBase {
  @ApiProperty({ type: () => [OrganizerSchema], description: 'The organizers of this page.' }) organizers: OrganizerSchema[];
}

@ApiSchema({ name: 'CategoryList', description: 'A page of categories.' })
class CategoryListSchema extends ListLinksBase {
  @ApiProperty({ type: () => [CategorySchema], description: 'The categories of this page.' }) categories: CategorySchema[];
}

@ApiSchema({ name: 'TagList', description: 'A page of tags.' })
class TagListSchema extends ListLinksBase {
  @ApiProperty({ type: () => [TagSchema], description: 'The tags of this page.' }) tags: TagSchema[];
}

@ApiSchema({ name: 'ErrorData', description: 'The status and, for some codes, details.' })
class ErrorDataSchema {
  @ApiProperty({ type: 'integer', description: 'The HTTP status, repeated.' }) status: number;
  @ApiPropertyOptional({
    oneOf: [{ type: 'object', additionalProperties: { type: 'string' } }, { type: 'array', items: { type: 'string' } }],
    description: 'Failing parameters: parameter to reason, or the list of missing names.',
  })
  params?: Record<string, string> | string[];
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Per parameter: reason code, sentence and name.' })
  details?: object;
  @ApiPropertyOptional({ type: 'integer', description: 'Id of the existing term (term_exists).' }) term_id?: number;
  @ApiPropertyOptional({
    type: 'string',
    enum: ['malformed', 'signature', 'algorithm', 'expired', 'not_yet_valid', 'claims'],
    description: 'Why the token was refused (rest_invalid_token).',
  })
  reason?: string;
  @ApiPropertyOptional({ type: 'integer', description: 'Seconds to wait (rest_too_many_requests).' }) retry_after?: number;
  @ApiPropertyOptional({ type: 'string', description: 'Request id (internal_error).' }) request_id?: string;
  @ApiPropertyOptional({ type: 'integer', description: 'PHP json_last_error() code of the refused body (rest_invalid_json), e.g. 4.' })
  json_error_code?: number;
  @ApiPropertyOptional({ type: 'string', description: 'PHP json_last_error_msg() text (rest_invalid_json), e.g. "Syntax error".' })
  json_error_message?: string;
}

@ApiSchema({ name: 'Error', description: 'The error envelope of every error response.' })
class ErrorSchema {
  @ApiProperty({ type: 'string', description: 'Stable machine code, identical in every language.', example: 'rest-event-not-found' })
  code: string;
  @ApiProperty({ type: 'string', description: 'Human-readable sentence (Spanish under /es).' }) message: string;
  @ApiProperty({ type: () => ErrorDataSchema, description: 'Status and details.' }) data: ErrorDataSchema;
}

/** Registered with the document so every schema appears under `components.schemas` even if nothing refers to it. */
export const WIRE_SCHEMAS = [
  EventSchema,
  VenueSchema,
  OrganizerSchema,
  EventTermSchema,
  CategorySchema,
  TagSchema,
  ImageSchema,
  DateDetailsSchema,
  CostDetailsSchema,
  EventListSchema,
  VenueListSchema,
  OrganizerListSchema,
  CategoryListSchema,
  TagListSchema,
  ErrorSchema,
];
