import { createHash } from 'node:crypto';
import { parseCost } from '../../events/domain/cost';
import { normalizeTimezone } from '../../../shared/domain/time/date-input';
import type { WireObject } from './calendar-source';
import { decodeEntities } from './html-entities';
import type { ImportKind } from './import-mapping';

/** Another source record a record links to (its venue, a category, its parent…). */
export interface SourceRef {
  kind: ImportKind;
  id: number;
  /** The record as embedded in the one that links to it (events embed their venues, organizers and terms). */
  embedded?: WireObject;
}

/** The links of a record, still as source ids: resolved to local ids when it is written. */
interface CopyRefs {
  venue?: SourceRef[];
  organizer?: SourceRef[];
  categories?: SourceRef[];
  tags?: SourceRef[];
  /** A category's parent (null: top level). */
  parent?: SourceRef | null;
  /** An event's parent event (this service's extension; the plugin has none). */
  post_parent?: SourceRef | null;
}

/**
 * What the import writes for one source record: the write parameters of this service's API (CONTRACT §9.2, §10.1,
 * §11.1) that give the copy the source record's state. `null` means "none": left out of a create, cleared by an
 * update. Keys absent are not known (an event whose content the source hides) and are never written.
 */
export interface CopyPlan {
  kind: ImportKind;
  sourceId: number;
  /** The source's `modified_utc` (null for terms, which have none). */
  modified: string | null;
  /** The source's slug (without the plugin's `__trashed`), `""` when it has none. */
  slug: string;
  /** A title or name, for messages. */
  label: string;
  status: string | null;
  /** The source record's global ids (its own first), appended to the copy's `global_id_lineage`. */
  lineage: string[];
  fields: Record<string, unknown>;
  refs: CopyRefs;
  /** Events: password-protected at the source (the copy is protected with the import's password). */
  protected: boolean;
  /** Events: the source hid the content (protected, read without the right to see it): only title and dates are known. */
  masked: boolean;
  /** What was adjusted to make the record writable, for the log. */
  notes: string[];
}

export class UnusableRecordError extends Error {}

interface PlanContext {
  /** The source is the plugin (entities in plain text, `__trashed` slugs). */
  isPlugin: boolean;
  /** Events known to be password-protected (seen masked by an anonymous reader). */
  protectedIds?: ReadonlySet<number>;
}

const STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'];
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const orNone = (s: string): string | null => (s.trim() === '' ? null : s);
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const wallClock = (v: unknown): string | undefined => (typeof v === 'string' && WALL_CLOCK.test(v) && !v.startsWith('0000') ? v : undefined);

/** A positive integer id (number or digit string), else undefined. */
export function idOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The source record's global ids: its `global_id`, then the rest of its `global_id_lineage`, each once. */
function lineageOf(wire: WireObject): string[] {
  const all = [wire.global_id, ...(Array.isArray(wire.global_id_lineage) ? wire.global_id_lineage : [])];
  return [...new Set(all.filter((g): g is string => typeof g === 'string' && g !== ''))];
}

function statusOf(wire: WireObject): string | null {
  return typeof wire.status === 'string' && STATUSES.includes(wire.status) ? wire.status : null;
}

/** The slug as the record has it when not in the trash: WordPress appends `__trashed` (and `-2`…) while it is. */
/** A record's name in a log line: a 1,500-character title is named by its first 80 characters (found by a probe). */
export const shortLabel = (label: string): string => ([...label].length > 80 ? `${[...label].slice(0, 79).join('')}…` : label);

function slugOf(wire: WireObject): string {
  return str(wire.slug).replace(/__trashed(-\d+)?$/, '');
}

function imageUrlOf(v: unknown): string | null {
  const url = (v as WireObject | null | undefined)?.url;
  return typeof url === 'string' && url.trim() !== '' ? url.trim() : null;
}

/** `venue`/`organizer` as the wire writes links: one object, a list of them, or `[]` (none). */
function refsOf(kind: 'venue' | 'organizer', v: unknown): SourceRef[] {
  const items = Array.isArray(v) ? v : [v];
  return items.flatMap((item) => {
    const id = idOf((item as WireObject)?.id);
    return id === undefined ? [] : [{ kind, id, embedded: item as WireObject }];
  });
}

function termRefsOf(kind: 'category' | 'tag', v: unknown): SourceRef[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((item) => {
    const id = idOf((item as WireObject)?.id);
    return id === undefined ? [] : [{ kind, id, embedded: item as WireObject }];
  });
}

/**
 * The cost to write so that this service shows the source's `cost` and `cost_details` (§9.7): the values with their
 * symbol, the cost text, or the bare values — the first whose parse gives back both the text and the values, else
 * the first that gives back the values (the plugin writes `"$20"` with an empty `currency_symbol`).
 */
export function costInputOf(cost: unknown, details: unknown): string | string[] | null {
  const text = str(cost).trim();
  const d = (details ?? {}) as WireObject;
  const values = Array.isArray(d.values) ? d.values.map(str).filter((s) => s !== '') : [];
  const symbol = str(d.currency_symbol);
  if (text === '' && values.length === 0) return null;
  const candidates: Array<string | string[]> = [];
  if (values.length && symbol) candidates.push(values.map((v) => (d.currency_position === 'postfix' ? `${v}${symbol}` : `${symbol}${v}`)));
  if (text) candidates.push(text);
  if (values.length) candidates.push(values);
  const parsed = candidates.map((c) => parseCost(c));
  const sameValues = (i: number) => parsed[i].details.values.join(',') === values.join(',');
  const exact = candidates.findIndex((_, i) => sameValues(i) && parsed[i].cost === text);
  if (exact !== -1) return candidates[exact];
  const close = candidates.findIndex((_, i) => sameValues(i));
  return candidates[Math.max(0, close)];
}

/**
 * What to tell when the copy's cost will not read as the source's values (§9.7 reads `,` as a thousands separator:
 * `10,50 €` is 1050 here; found by a probe, where the copy changed value without a word), or null.
 */
export function costChangeOf(cost: unknown, details: unknown, input: string | string[] | null): string | null {
  const d = (details ?? {}) as WireObject;
  const values = Array.isArray(d.values) ? d.values.map(str).filter((s) => s !== '') : [];
  if (input === null || values.length === 0) return null;
  const read = parseCost(input);
  if (read.details.values.join(',') === values.join(',')) return null;
  return `its cost "${str(cost).trim()}" (values ${values.join(', ')}) reads here as "${read.cost}" (values ${read.details.values.join(', ') || 'none'}): check it`;
}

function base(kind: ImportKind, wire: WireObject, label: string, modified: string | null): CopyPlan {
  const sourceId = idOf(wire.id);
  if (sourceId === undefined) throw new UnusableRecordError(`${kind} without an id`);
  return {
    kind,
    sourceId,
    modified,
    slug: slugOf(wire),
    label,
    status: statusOf(wire),
    lineage: [],
    fields: {},
    refs: {},
    protected: false,
    masked: false,
    notes: [],
  };
}

/** Puts `value` under `key` unless it is undefined (unknown). */
function put(fields: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== undefined) fields[key] = value;
}

/** A name or title: required by this service; a source record without one gets a placeholder (and a note). */
function nameOf(plan: CopyPlan, value: string, placeholder: string): string {
  if (value.trim() !== '') return value;
  plan.notes.push(`it has no name at the source: named "${placeholder}"`);
  return placeholder;
}

/** The publication date, the status and the slug of a record (its `date` follows from `date_utc` and its zone). */
function recordHead(plan: CopyPlan, wire: WireObject): void {
  put(plan.fields, 'status', plan.status ?? undefined);
  put(plan.fields, 'date_utc', wallClock(wire.date_utc));
  if (plan.slug !== '') plan.fields.slug = plan.slug;
}

function planTerm(kind: 'category' | 'tag', wire: WireObject, ctx: PlanContext): CopyPlan {
  const name = ctx.isPlugin ? decodeEntities(str(wire.name)) : str(wire.name);
  const plan = base(kind, wire, name, null);
  plan.fields.name = nameOf(plan, name, `${kind} ${plan.sourceId}`);
  if (plan.slug !== '') plan.fields.slug = plan.slug;
  plan.fields.description = orNone(str(wire.description));
  if (kind === 'category') {
    const parent = idOf(wire.parent);
    plan.refs.parent = parent === undefined || parent === plan.sourceId ? null : { kind: 'category', id: parent };
  }
  return plan;
}

function planVenue(wire: WireObject, ctx: PlanContext): CopyPlan {
  const plain = (v: unknown) => orNone(ctx.isPlugin ? decodeEntities(str(v)) : str(v));
  const name = ctx.isPlugin ? decodeEntities(str(wire.venue)) : str(wire.venue);
  const plan = base('venue', wire, name, wallClock(wire.modified_utc) ?? null);
  plan.lineage = lineageOf(wire);
  const f = plan.fields;
  f.venue = nameOf(plan, name, `Venue ${plan.sourceId}`);
  recordHead(plan, wire);
  f.description = orNone(str(wire.description));
  for (const key of ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'stateprovince']) f[key] = plain(wire[key]);
  f.website = orNone(str(wire.website).trim());
  put(f, 'show_map', bool(wire.show_map));
  put(f, 'show_map_link', bool(wire.show_map_link));
  const lat = num(wire.geo_lat);
  const lng = num(wire.geo_lng);
  const pair = lat !== null && lng !== null;
  f.geo_lat = pair ? lat : null;
  f.geo_lng = pair ? lng : null;
  f.image = imageUrlOf(wire.image);
  return plan;
}

function planOrganizer(wire: WireObject, ctx: PlanContext): CopyPlan {
  const name = ctx.isPlugin ? decodeEntities(str(wire.organizer)) : str(wire.organizer);
  const plan = base('organizer', wire, name, wallClock(wire.modified_utc) ?? null);
  plan.lineage = lineageOf(wire);
  const f = plan.fields;
  f.organizer = nameOf(plan, name, `Organizer ${plan.sourceId}`);
  recordHead(plan, wire);
  f.description = orNone(str(wire.description));
  f.phone = orNone(ctx.isPlugin ? decodeEntities(str(wire.phone)) : str(wire.phone));
  f.website = orNone(str(wire.website).trim());
  f.email = orNone(str(wire.email).trim());
  f.image = imageUrlOf(wire.image);
  return plan;
}

/**
 * Start, end and zone: the local wall clocks in the event's zone (offset zones such as `UTC+5:30` included), or, when
 * the zone is unknown here, the UTC wall clocks in `UTC` (the same instants). An end before the start (the plugin
 * stores such events) becomes the start.
 */
/**
 * WordPress writes a manual UTC offset as `'UTC+' . $gmt_offset`, a decimal number of hours (`UTC+5.5`, `UTC+5.75`,
 * `UTC-9.5`; found by a probe: every event of such a site lost its local times): the same zone as `UTC+5:30`.
 */
export function wordPressOffsetZone(zone: string): string {
  const decimal = /^UTC([+-])(\d{1,2})\.(\d+)$/i.exec(zone);
  if (!decimal) return zone;
  const minutes = Math.round(Number(`0.${decimal[3]}`) * 60);
  if (minutes === 0) return `UTC${decimal[1]}${decimal[2]}`;
  return minutes === 60 ? zone : `UTC${decimal[1]}${decimal[2]}:${String(minutes).padStart(2, '0')}`;
}

function schedule(plan: CopyPlan, wire: WireObject): void {
  const zone = wordPressOffsetZone(str(wire.timezone).trim());
  let start = wallClock(wire.start_date);
  let end = wallClock(wire.end_date);
  let timezone = zone;
  if (!zone || normalizeTimezone(zone) === null || !start || !end) {
    start = wallClock(wire.utc_start_date);
    end = wallClock(wire.utc_end_date);
    timezone = 'UTC';
    if (!start || !end) throw new UnusableRecordError('it has no readable start and end dates');
    if (zone) plan.notes.push(`its time zone "${zone}" is unknown here: dates kept in UTC`);
  }
  if (end < start) {
    plan.notes.push(`its end (${end}) is before its start: end set to the start`);
    end = start;
  }
  Object.assign(plan.fields, { timezone, start_date: start, end_date: end });
}

function planEvent(wire: WireObject, ctx: PlanContext): CopyPlan {
  const title = ctx.isPlugin ? decodeEntities(str(wire.title)) : str(wire.title);
  const plan = base('event', wire, title, wallClock(wire.modified_utc) ?? null);
  plan.lineage = lineageOf(wire);
  const f = plan.fields;
  f.title = nameOf(plan, title, `Event ${plan.sourceId}`);
  recordHead(plan, wire);
  // This service writes an event's publication date in the event's zone and keeps it as written (a later change of
  // zone keeps it, §9.3): copied as it is. The plugin's `date` is in the site's zone: derived from `date_utc` instead.
  if (!ctx.isPlugin && f.date_utc !== undefined) put(f, 'date', wallClock(wire.date));
  schedule(plan, wire);
  // A list item whose content the source hides (§6.11: protected, the reader may not unlock it) has null flags.
  plan.masked = wire.all_day === null;
  plan.protected = plan.masked || (ctx.protectedIds?.has(plan.sourceId) ?? false);
  const parent = idOf(wire.post_parent);
  if (parent !== undefined && parent !== plan.sourceId) plan.refs.post_parent = { kind: 'event', id: parent };
  if (plan.masked) return plan; // only the title, the dates, the slug and the status are known
  f.description = orNone(str(wire.description));
  f.excerpt = orNone(str(wire.excerpt));
  put(f, 'all_day', bool(wire.all_day));
  const cost = costInputOf(wire.cost, wire.cost_details);
  f.cost = cost;
  const costChange = costChangeOf(wire.cost, wire.cost_details, cost);
  if (costChange) plan.notes.push(costChange);
  // The API shows the event's own page address when no website was set (§6.2): that is "none", not a website.
  const website = str(wire.website).trim();
  f.website = website !== '' && website !== str(wire.url).trim() ? website : null;
  for (const flag of ['show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured', 'ticketed']) put(f, flag, bool(wire[flag]));
  f.image = imageUrlOf(wire.image);
  plan.refs.venue = refsOf('venue', wire.venue);
  plan.refs.organizer = refsOf('organizer', wire.organizer);
  plan.refs.categories = termRefsOf('category', wire.categories);
  plan.refs.tags = termRefsOf('tag', wire.tags);
  return plan;
}

/** The plan of one source record of `kind`, read from its wire shape (CONTRACT §6). */
export function planCopy(kind: ImportKind, wire: WireObject, ctx: PlanContext): CopyPlan {
  switch (kind) {
    case 'category':
    case 'tag':
      return planTerm(kind, wire, ctx);
    case 'venue':
      return planVenue(wire, ctx);
    case 'organizer':
      return planOrganizer(wire, ctx);
    case 'event':
      return planEvent(wire, ctx);
  }
}

/** A link resolved to a local id, or null when the linked record has no copy (it is then left out). */
type LocalIdOf = (ref: SourceRef) => number | null;

/**
 * The plan's fields with its links as local ids (categories and tags as id strings, §9.6). Links without a copy are
 * left out and returned; a parent event without a copy leaves `post_parent` unknown (written once it has one).
 */
export function resolveFields(plan: CopyPlan, localIdOf: LocalIdOf): { fields: Record<string, unknown>; missing: SourceRef[] } {
  const fields = { ...plan.fields };
  const missing: SourceRef[] = [];
  const ids = (refs: SourceRef[]) =>
    [...new Set(refs.flatMap((ref) => {
      const id = localIdOf(ref);
      if (id === null) missing.push(ref);
      return id === null ? [] : [id];
    }))];
  const { venue, organizer, categories, tags, parent, post_parent } = plan.refs;
  if (venue) fields.venue = ids(venue);
  if (organizer) fields.organizer = ids(organizer);
  if (categories) fields.categories = ids(categories).map(String);
  if (tags) fields.tags = ids(tags).map(String);
  if (parent !== undefined) fields.parent = parent === null ? 0 : (ids([parent])[0] ?? 0);
  if (post_parent) {
    const id = ids([post_parent])[0];
    if (id !== undefined) fields.post_parent = id;
  }
  return { fields, missing };
}

/** Write parameters of a create: "none" is left out (the new record starts empty). */
export function createBody(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0)));
}

/** JSON with object keys sorted: equal values, equal text. */
function stableJson(value: unknown): string {
  const list = (items: string[]) => items.join(',');
  if (Array.isArray(value)) return `[${list(value.map(stableJson))}]`;
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    // sort() without a compare function orders by UTF-16 code units, as `<` on strings does
    const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
    return `{${list(keys.map((k) => `${JSON.stringify(k)}:${stableJson(obj[k])}`))}}`;
  }
  return JSON.stringify(value);
}

/** The digest of what a copy is written with: the same source state gives the same fingerprint. */
export function fingerprintOf(plan: CopyPlan, resolved: Record<string, unknown>): string {
  const state = { kind: plan.kind, fields: resolved, lineage: plan.lineage, protected: plan.protected, masked: plan.masked };
  return createHash('sha256').update(stableJson(state)).digest('hex');
}
