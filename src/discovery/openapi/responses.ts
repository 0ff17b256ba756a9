import { movesToTrash } from '../operation-texts';
import type { ApiOperation } from '../route-catalog';

/** The responses of an operation (CONTRACT §4.2, §4.4, §5): which statuses it can answer, each with its schema. */

type Json = Record<string, unknown>;

const ERROR_REF = { $ref: '#/components/schemas/Error' };

const ERRORS: Record<number, string> = {
  400: 'Missing or invalid parameters (rest_missing_callback_param, rest_invalid_param), or a request the resource refuses.',
  401: 'Invalid or expired token (rest_invalid_token), or a write without a token (rest_forbidden).',
  403: 'The caller may not do this (rest_forbidden, *-not-accessible, event-password-protected, event-no-longer-available).',
  404: 'Not found (rest-*-not-found, *-archive-page-not-found).',
  409: 'The slug is used by another term (term_slug_exists).',
  410: 'Already in the trash (*-is-in-trash).',
  412: 'If-Match does not match the current ETag (rest_precondition_failed).',
  413: 'The body is larger than the allowed maximum (rest_body_too_large).',
  415: 'The body is neither JSON nor form-encoded (rest_unsupported_media_type).',
  429: 'Too many requests (rest_too_many_requests).',
  500: 'Unexpected error (internal_error).',
};

const header = (description: string) => ({ description, schema: { type: 'string' } });

/** Reads that also answer in iCalendar declare the `ical` parameter (issue 16). */
const offersCalendar = (operation: ApiOperation) => operation.params.some((p) => p.name === 'ical');
const CALENDAR_CONTENT = {
  'text/calendar': { schema: { type: 'string', description: 'An iCalendar (RFC 5545) VCALENDAR with one VEVENT per event.' } },
};

/** Terms have no trash, and their slugs may clash on update (CONTRACT §11.3). */
const isTerm = (operation: ApiOperation) => operation.resource === 'categories' || operation.resource === 'tags';

function errorStatuses(operation: ApiOperation): number[] {
  const hasParams = operation.params.length > 0;
  const common = [401, 429, 500];
  if (operation.shape === 'collection' && operation.verb === 'GET') {
    if (operation.resource === '' || operation.resource === 'doc') return [...(hasParams ? [400] : []), ...common];
    return [400, ...(isTerm(operation) ? [] : [404]), ...common];
  }
  switch (operation.verb) {
    case 'GET':
      return [...(hasParams || operation.resource === 'events' ? [400] : []), 403, 404, ...common];
    case 'POST':
    case 'PUT':
    case 'PATCH':
      if (operation.shape === 'collection') return [400, 403, 413, 415, ...common];
      return [400, 403, 404, ...(isTerm(operation) ? [409] : []), 412, 413, 415, ...common];
    default:
      // DELETE reads a body too (§1.4: `force` may come in it), so it has the body's failures: invalid JSON (400),
      // too large (413), another content type (415), even on term routes, which take no parameter.
      return [400, 403, 404, ...(movesToTrash(operation) ? [410] : []), 412, 413, 415, ...common];
  }
}

export function errorResponses(operation: ApiOperation): Json {
  const out: Json = {};
  for (const status of errorStatuses(operation).sort((a, b) => a - b)) {
    out[String(status)] = { description: ERRORS[status], content: { 'application/json': { schema: ERROR_REF } } };
  }
  return out;
}

export function successResponses(operation: ApiOperation, schemaName: string | undefined): Json {
  const schema = schemaName ? { $ref: `#/components/schemas/${schemaName}` } : { type: 'object', additionalProperties: true };
  const content = { 'application/json': { schema } };
  const status = String(operation.successStatus);
  if (operation.shape === 'collection' && operation.verb === 'GET') {
    if (!schemaName) return { [status]: { description: 'The document.', content } };
    if (offersCalendar(operation)) {
      return {
        [status]: {
          description: 'A page of the list; in iCalendar (ical=1 or Accept: text/calendar), every matching event up to 1,000.',
          headers: {
            'X-TEC-Total': header('Number of matching items.'),
            'X-TEC-TotalPages': header('Number of pages (1 for an iCalendar answer, 0 when nothing matches).'),
            ETag: header('Entity tag of an iCalendar answer.'),
          },
          content: { ...content, ...CALENDAR_CONTENT },
        },
        '304': { description: 'Not modified: If-None-Match matched the ETag of the iCalendar answer.' },
      };
    }
    return {
      [status]: {
        description: 'A page of the list.',
        headers: { 'X-TEC-Total': header('Number of matching items.'), 'X-TEC-TotalPages': header('Number of pages.') },
        content,
      },
    };
  }
  if (operation.verb === 'GET') {
    if (offersCalendar(operation)) {
      return {
        [status]: {
          description: 'The item; in iCalendar (ical=1 or Accept: text/calendar), a calendar holding it.',
          headers: { ETag: header('Entity tag of the item.') },
          content: { ...content, ...CALENDAR_CONTENT },
        },
        '304': { description: 'Not modified: If-None-Match matched the ETag.' },
      };
    }
    return {
      [status]: { description: 'The item.', headers: { ETag: header('Entity tag of the item.') }, content },
      '304': { description: 'Not modified: If-None-Match matched the ETag.' },
    };
  }
  if (operation.shape === 'collection') {
    return {
      [status]: {
        description: 'The created item.',
        headers: { Location: header('Address of the created item.'), ETag: header('Entity tag of the item.') },
        content,
      },
    };
  }
  if (operation.verb === 'DELETE') return { [status]: { description: 'The item, trashed or as it was before deletion.', content } };
  return { [status]: { description: 'The updated item.', headers: { ETag: header('Entity tag of the item.') }, content } };
}
