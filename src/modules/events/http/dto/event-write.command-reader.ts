import type { ParamProblem } from '../../../../shared/domain/errors';
import { MAX_ITEMS } from '../../../../shared/domain/input-limits';
import { idOfText, isIdText } from '../../../../shared/domain/id-text';
import type { Lenient } from '../../../../shared/http/params/input';
import { readInlineRecord } from '../../../records/http/inline-record';
import { OrganizerWriteParams } from '../../../organizers/http/dto/organizer-write.params';
import { VenueWriteParams } from '../../../venues/http/dto/venue-write.params';
import type { EventWriteCommand, EventWriteRequest, LinkRef } from '../../application/event-write.command';
import { normalizeTimezone } from '../../../../shared/domain/time/date-input';
import type { RecordStatus } from '../../../../shared/domain/policy';
import type { UpdateEventParams } from './event-write.params';

/**
 * The edge of an event write: the parameters the DTO typed and format-checked become a typed command (CONTRACT §9.2);
 * the request shapes of `venue`/`organizer` (§9.5), `cost`, `post_parent`, `timezone` and JSON null are read here, so
 * the application never checks a type again. Refused parameters travel along to be named with the write's own
 * problems (§4.3).
 */
export function readEventWrite(input: Lenient<UpdateEventParams>): EventWriteRequest {
  const invalid: ParamProblem[] = [...input.invalid];
  const orNone = <T>(list: T[] | null | undefined) => (list === null ? [] : list);
  const command: EventWriteCommand = {
    title: input.title,
    description: input.description,
    excerpt: input.excerpt,
    slug: input.slug,
    author: input.author,
    date: input.date,
    dateUtc: input.date_utc,
    status: input.status as RecordStatus | undefined,
    timezone: input.timezone === undefined ? undefined : readZone(input.timezone),
    allDay: input.all_day,
    startDate: input.start_date,
    endDate: input.end_date,
    image: input.image,
    cost: input.cost === undefined ? undefined : readCost(input.cost),
    website: input.website === undefined ? undefined : (input.website ?? '').trim(),
    flags: {
      showMap: input.show_map,
      showMapLink: input.show_map_link,
      hideFromListings: input.hide_from_listings,
      sticky: input.sticky,
      featured: input.featured,
      ticketed: input.ticketed,
    },
    categories: orNone(input.categories),
    tags: orNone(input.tags),
    venues: readLinks('venue', input.venue, invalid),
    organizers: readLinks('organizer', input.organizer, invalid),
    postPassword: input.post_password === undefined ? undefined : (input.post_password ?? ''),
    postParent: input.post_parent === undefined ? undefined : readParent(input.post_parent),
  };
  return { command, invalid };
}

/** A blank or null zone means the site zone (null); the DTO refused zones that do not normalize. */
const readZone = (value: string | null): string | null => (value === null || value.trim() === '' ? null : normalizeTimezone(value));

/** `null`, `""` and `[]` clear the cost; a string, a number or a list of them is kept as sent (its JSON). */
function readCost(value: unknown): string | null {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  return JSON.stringify(value);
}

/** `null` and `""` mean no parent (0); otherwise an id as a number or a digit string (the DTO refused the rest). */
const readParent = (value: unknown): number => (value === null || value === '' ? 0 : Number(value));

/** An id sent as digits (§1.3: leading zeros ignored; past 15 digits it names nothing and is reported as sent). */
const idRef = (digits: string): LinkRef => ({ kind: 'id', id: idOfText(digits), sent: digits });

/**
 * §9.5: the forms of `venue` / `organizer` — an id, a comma-separated list of ids, an object with `id`, an inline object,
 * a list (or an object keyed by digits) of those; `0`, `""`, `null`, `false` mean none. Anything else refuses the whole
 * parameter (`rest_invalid_type`). Inline objects are read with the venue's or organizer's own write parameters.
 */
function readLinks(param: 'venue' | 'organizer', value: unknown, invalid: ParamProblem[]): LinkRef[] | undefined {
  if (value === undefined) return undefined;
  const items: LinkRef[] = [];
  let bad = false;
  const add = (v: unknown, nested: boolean) => {
    if (v === null || v === '' || v === 0 || v === '0' || v === false) return;
    if (typeof v === 'number') {
      if (Number.isSafeInteger(v) && v > 0) items.push({ kind: 'id', id: v });
      else bad = true;
      return;
    }
    if (typeof v === 'string') {
      for (const part of v.split(',').map((s) => s.trim()).filter(Boolean)) {
        if (!isIdText(part)) bad = true;
        else if (!/^0+$/.test(part)) items.push(idRef(part));
      }
      return;
    }
    if (Array.isArray(v)) {
      if (nested) bad = true;
      else for (const x of v) add(x, true);
      return;
    }
    if (typeof v === 'object') {
      const obj = v as Record<string, unknown>;
      if (obj.id !== undefined && obj.id !== null && obj.id !== '') {
        if (typeof obj.id === 'number' && Number.isSafeInteger(obj.id) && obj.id > 0) items.push({ kind: 'id', id: obj.id });
        else if (typeof obj.id === 'string' && isIdText(obj.id) && !/^0+$/.test(obj.id)) items.push(idRef(obj.id));
        else bad = true;
        return;
      }
      const keys = Object.keys(obj);
      if (!nested && keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
        for (const k of keys) add(obj[k], true);
        return;
      }
      const dto = param === 'venue' ? VenueWriteParams : OrganizerWriteParams;
      items.push({ kind: 'inline', input: readInlineRecord(dto, param, obj) });
      return;
    }
    bad = true;
  };
  add(value, false);
  if (bad) invalid.push({ param, detail: 'rest_invalid_type', args: { type: 'integer, list or object' } });
  else if (items.length > MAX_ITEMS.links) invalid.push({ param, detail: 'rest_too_many_items', args: { max: MAX_ITEMS.links } });
  else return items;
  return undefined;
}
