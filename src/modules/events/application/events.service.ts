import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import { UserDirectory } from '../../../shared/auth/user-directory';
import { atLeast, Caller } from '../../../shared/domain/caller';
import { Clock } from '../../../shared/domain/clock';
import {
  DomainError,
  forbidden,
  gone,
  InvalidParamsError,
  notFound,
  ParamProblem,
} from '../../../shared/domain/errors';
import { listVisibility, Policy, RecordStatus, resolveWriteStatus } from '../../../shared/domain/policy';
import { RecordIds } from '../../../shared/domain/record-ids';
import { firstFreeSlug, fold, inSlugFamily, slugify } from '../../../shared/domain/text';
import { cleanPlainText, cleanRichText } from '../../../shared/domain/text-cleaning';
import { UnitOfWork } from '../../../shared/domain/unit-of-work';
import { utcWallClock } from '../../../shared/domain/wall-clock';
import {
  allDayBounds,
  assertDateOrder,
  CalendarEvent,
  EventLinks,
  EventRuleError,
  isProtected,
  isWebsiteUrl,
  MAX_POST_PASSWORD_LENGTH,
} from '../domain/calendar-event';
import { normalizeTimezone, parseDateInput, toUtc, toZone } from '../domain/date-input';
import { computeDateWindow } from '../domain/event-date-window';
import { distanceKm, EventCriteria, parseSearch } from '../domain/event-query';
import { EventRepository, LinkTargetsGoneError, SlugConflictError } from '../domain/event.repository';
import { CheckedImage, EventLinksGateway } from './event-links.gateway';
import { timingSafeEqual } from './timing-safe';

/** Parameters of `GET /events` after type validation (CONTRACT §8.1). */
export interface EventListInput {
  page: number;
  perPage: number;
  start_date?: string;
  end_date?: string;
  starts_before?: string;
  starts_after?: string;
  ends_before?: string;
  ends_after?: string;
  strict_dates?: boolean;
  search?: string;
  categories?: string[];
  tags?: string[];
  venue?: number[];
  organizer?: number[];
  featured?: boolean;
  status?: string[];
  geoloc?: boolean;
  geoloc_lat?: number;
  geoloc_lng?: number;
  geoloc_radius?: number;
  include?: number[];
  post_parent?: number;
  ticketed?: boolean;
  password?: string;
  /** Parameters already refused for their type or format (named together with the problems found here, §4.3). */
  invalid?: readonly ParamProblem[];
}

/** Writable fields (CONTRACT §9.2): undefined = not sent, null = clear. */
export interface EventWriteInput {
  title?: string;
  description?: string | null;
  excerpt?: string | null;
  slug?: string | null;
  author?: number;
  date?: string;
  date_utc?: string;
  status?: string;
  timezone?: string | null;
  all_day?: boolean;
  start_date?: string;
  end_date?: string;
  image?: unknown;
  cost?: unknown;
  website?: string | null;
  show_map?: boolean;
  show_map_link?: boolean;
  hide_from_listings?: boolean;
  sticky?: boolean;
  featured?: boolean;
  categories?: string[] | null;
  tags?: string[] | null;
  venue?: unknown;
  organizer?: unknown;
  post_password?: string | null;
  ticketed?: boolean;
  post_parent?: number | string | null;
}

export interface EventWithLinks {
  event: CalendarEvent;
  links: EventLinks;
}

export interface EventListResult {
  rows: CalendarEvent[];
  total: number;
  /** Effective date bounds for list links (site-zone wall clocks). */
  applied: Array<[string, string]>;
  /** Ids of protected items the caller may see unlocked. */
  unlocked: Set<number>;
}

export type EventTarget = { id: number } | { slug: string };
/** A check of the stored event before a write changes it (If-Match), inside the write's transaction. */
export type Precondition = (current: CalendarEvent) => Promise<void>;

type LinkItem = { kind: 'id'; id: number } | { kind: 'inline'; raw: Record<string, unknown> };

/** Events: list, read, create, update, delete (CONTRACT §6–§9). */
@Injectable()
export class EventsService {
  constructor(
    private readonly repo: EventRepository,
    private readonly linked: EventLinksGateway,
    private readonly uow: UnitOfWork,
    private readonly ids: RecordIds,
    private readonly users: UserDirectory,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'calendarTimezone' | 'timezoneMode'>,
  ) {}

  // ------------------------------------------------------------------------------------------------------------
  // Reads

  private lastPublishDue = 0;

  /** §3.5: a `future` event becomes `publish` once its date has passed — checked at most every 30 s, before reads. */
  private async publishDue(): Promise<void> {
    const now = this.clock.now();
    if (Math.abs(now.getTime() - this.lastPublishDue) < 30_000) return;
    this.lastPublishDue = now.getTime();
    await this.uow.run(() => this.repo.publishDue(utcWallClock(now)));
  }

  async list(input: EventListInput, caller: Caller): Promise<EventListResult> {
    await this.publishDue();
    const now = this.clock.now();
    const problems: ParamProblem[] = [...(input.invalid ?? [])];
    const includeGiven = input.include !== undefined;
    let window;
    try {
      window = computeDateWindow(
        {
          start_date: input.start_date,
          end_date: input.end_date,
          starts_before: input.starts_before,
          starts_after: input.starts_after,
          ends_before: input.ends_before,
          ends_after: input.ends_after,
          strict: input.strict_dates === true,
          include: includeGiven,
        },
        now,
        this.config.calendarTimezone,
        this.config.timezoneMode,
      );
    } catch (e) {
      if (e instanceof InvalidParamsError) {
        problems.push(...e.problems);
        window = { mode: this.config.timezoneMode, bounds: [], applied: [] };
      } else throw e;
    }

    // status (§8.4)
    let requested: RecordStatus[] | 'any' | undefined;
    if (input.status !== undefined) {
      const values = input.status.map((s) => s.toLowerCase());
      const valid = ['publish', 'future', 'draft', 'pending', 'private', 'trash'];
      if (values.length === 1 && values[0] === 'any') requested = 'any';
      else if (values.some((v) => !valid.includes(v)) || values.length === 0) {
        problems.push({ param: 'status', detail: 'rest_not_in_enum', args: { values: [...valid, 'any'].join(', ') } });
      } else requested = values as RecordStatus[];
      if (!Policy.mayFilterNonPublishStatuses(caller)) {
        const bad = values.find((v) => v !== 'publish');
        if (bad !== undefined && !problems.some((p) => p.param === 'status')) {
          problems.push({ param: 'status', detail: 'rest_not_allowed_value', args: { value: bad } });
        }
      }
    }

    const refused = new Set(problems.map((p) => p.param));
    const pairSent = !refused.has('geoloc_lat') && !refused.has('geoloc_lng');
    if (pairSent && (input.geoloc_lat === undefined) !== (input.geoloc_lng === undefined)) {
      const [param, other] = input.geoloc_lat === undefined ? ['geoloc_lng', 'geoloc_lat'] : ['geoloc_lat', 'geoloc_lng'];
      problems.push({ param, detail: 'rest_missing_pair', args: { other } });
    }

    const criteria: EventCriteria = {
      mode: window.mode,
      bounds: window.bounds,
      statuses: [],
      restrictNonPublishToAuthor: null,
    };

    if (input.search !== undefined) {
      const { words, excluded } = parseSearch(input.search, fold);
      criteria.searchWords = words;
      criteria.excludedWords = excluded;
    }
    if (input.categories !== undefined) {
      const r = await this.linked.resolveTermFilter('category', 'categories', input.categories);
      if (r.problem) problems.push(r.problem);
      else criteria.categoryIds = await this.linked.categoryDescendants(r.ids);
    }
    if (input.tags !== undefined) {
      const r = await this.linked.resolveTermFilter('tag', 'tags', input.tags);
      if (r.problem) problems.push(r.problem);
      else criteria.tagIds = r.ids;
    }
    if (input.venue !== undefined) {
      const found = new Set(await this.linked.existingVenueIds(input.venue));
      const unknown = input.venue.filter((id) => !found.has(id));
      if (unknown.length) problems.push({ param: 'venue', detail: 'rest_unknown_reference', args: { values: unknown.join(', ') } });
      criteria.venueIds = input.venue;
    }
    if (input.organizer !== undefined) {
      const found = new Set(await this.linked.existingOrganizerIds(input.organizer));
      const unknown = input.organizer.filter((id) => !found.has(id));
      if (unknown.length) problems.push({ param: 'organizer', detail: 'rest_unknown_reference', args: { values: unknown.join(', ') } });
      criteria.organizerIds = input.organizer;
    }
    if (input.post_parent !== undefined) {
      if (!(await this.repo.findById(input.post_parent))) {
        problems.push({ param: 'post_parent', detail: 'rest_unknown_reference', args: { values: String(input.post_parent) } });
      }
      criteria.postParent = input.post_parent;
    }
    if (problems.length) throw new InvalidParamsError(problems);

    const visibility = listVisibility(caller, requested);
    criteria.statuses = visibility.statuses;
    criteria.restrictNonPublishToAuthor = visibility.restrictNonPublishToAuthor;
    if (input.featured !== undefined) criteria.featured = input.featured;
    if (input.ticketed !== undefined) criteria.ticketed = input.ticketed;
    if (input.geoloc !== undefined) criteria.geoloc = input.geoloc;
    if (input.geoloc_lat !== undefined && input.geoloc_lng !== undefined) {
      const radius = input.geoloc_radius ?? 25;
      const lat = input.geoloc_lat;
      const lng = input.geoloc_lng;
      criteria.nearVenueIds = (await this.repo.venueCoordinates())
        .filter((v) => distanceKm(lat, lng, v.lat, v.lng) <= radius)
        .map((v) => v.id);
    }
    if (includeGiven) criteria.include = input.include;

    const { rows, total } = await this.repo.findPage(criteria, {
      offset: (input.page - 1) * input.perPage,
      limit: input.perPage,
    });
    const unlocked = new Set(rows.filter((e) => isProtected(e) && this.mayUnlock(e, caller, input.password)).map((e) => e.id));
    return { rows, total, applied: window.applied, unlocked };
  }

  /** May the caller see this protected event unlocked (§6.11)? */
  mayUnlock(e: CalendarEvent, caller: Caller, password: string | undefined): boolean {
    if (!isProtected(e)) return true;
    if (Policy.isOwn(caller, e) || atLeast(caller, 'editor')) return true;
    return password !== undefined && timingSafeEqual(password, e.postPassword);
  }

  async get(target: EventTarget, caller: Caller, password?: string): Promise<CalendarEvent> {
    await this.publishDue();
    const event = await this.find(target);
    if (event.status === 'trash') throw forbidden('event-no-longer-available');
    if (!Policy.maySee(caller, event)) throw forbidden('event-not-accessible');
    if (!this.mayUnlock(event, caller, password)) throw forbidden('event-password-protected');
    return event;
  }

  private async withLinks(event: CalendarEvent): Promise<EventWithLinks> {
    const links = (await this.repo.loadLinks([event.id])).get(event.id) ?? { venueIds: [], organizerIds: [], termIds: [] };
    return { event, links };
  }

  private async find(target: EventTarget): Promise<CalendarEvent> {
    const event = await this.findOrNull(target);
    if (event) return event;
    throw await this.notFoundError(target);
  }

  /** Slugs in paths are compared ignoring case and accents (§1.3, §1.7); stored slugs are folded ASCII already. */
  private findOrNull(target: EventTarget): Promise<CalendarEvent | null> {
    return 'id' in target ? this.repo.findById(target.id) : this.repo.findBySlug(fold(target.slug));
  }

  private lockOrNull(target: EventTarget): Promise<CalendarEvent | null> {
    return 'id' in target ? this.repo.lockById(target.id) : this.repo.lockBySlug(fold(target.slug));
  }

  private async notFoundError(target: EventTarget): Promise<DomainError> {
    if ('id' in target) {
      if (await this.namesOtherRecord(target.id)) return new DomainError('invalid', 'rest-invalid-event-id');
      return notFound('rest-event-not-found', { variant: 'id', id: target.id });
    }
    return notFound('rest-event-not-found', { variant: 'slug', slug: target.slug });
  }

  /** §1.6: does this id name an existing venue, organizer or media item (ids stay reserved after a deletion)? */
  private async namesOtherRecord(id: number): Promise<boolean> {
    const kind = id > 0 ? await this.ids.kindOf(id) : null;
    if (kind === 'venue') return (await this.linked.existingVenueIds([id])).length > 0;
    if (kind === 'organizer') return (await this.linked.existingOrganizerIds([id])).length > 0;
    return kind === 'media'; // media items are never deleted
  }

  // ------------------------------------------------------------------------------------------------------------
  // Writes

  /** `invalid`: parameters already refused for their type or format, named with the others (§4.3). */
  async create(input: EventWriteInput, caller: Caller, invalid: readonly ParamProblem[] = []): Promise<EventWithLinks> {
    return this.uow.run(async () => {
      const plan = await this.check(input, caller, null, invalid);
      this.assertMaySetAuthor(plan, caller, null);
      const id = await this.ids.next('event');
      return this.apply(plan, caller, null, id);
    });
  }

  async update(
    target: EventTarget,
    input: EventWriteInput,
    caller: Caller,
    precondition?: Precondition,
    invalid: readonly ParamProblem[] = [],
  ): Promise<EventWithLinks> {
    return this.uow.run(async () => {
      // The event is taken first: validation, permissions and If-Match see its latest state, and no other write
      // changes or deletes it until this one ends. §4.4: validation (step 5), then existence (6), then the record
      // permission (7), then If-Match (8).
      const current = await this.lockOrNull(target);
      const plan = await this.check(input, caller, current, invalid);
      if (!current) throw await this.notFoundError(target);
      if (!Policy.mayEdit(caller, current)) throw forbidden();
      this.assertMaySetAuthor(plan, caller, current);
      if (plan.status === 'trash' && !Policy.mayDelete(caller, current)) throw forbidden();
      if (precondition) await precondition(current);
      return this.apply(plan, caller, current, current.id);
    });
  }

  async delete(target: EventTarget, force: boolean, caller: Caller, precondition?: Precondition): Promise<EventWithLinks> {
    return this.uow.run(async () => {
      const current = await this.lockOrNull(target);
      if (!current) throw await this.notFoundError(target);
      if (!Policy.mayDelete(caller, current)) throw forbidden();
      if (precondition) await precondition(current);
      // The answer shows the event as it was, with its links: a permanent delete removes them.
      const before = await this.withLinks(current);
      if (force) {
        await this.repo.remove(current.id);
        return before;
      }
      if (current.status === 'trash') throw gone('event-is-in-trash');
      const trashed: CalendarEvent = { ...current, status: 'trash', modifiedUtc: utcWallClock(this.clock.now()) };
      await this.repo.update(trashed);
      return { event: trashed, links: before.links };
    });
  }

  /** Step 5 of §4.4: every validation and reference check, no writes. */
  private async check(
    input: EventWriteInput,
    caller: Caller,
    current: CalendarEvent | null,
    invalid: readonly ParamProblem[],
  ): Promise<WritePlan> {
    const now = this.clock.now();
    const problems: ParamProblem[] = [...invalid];
    const site = this.config.calendarTimezone;
    const creating = current === null;

    // timezone
    let zone = current?.timezone ?? site;
    if (input.timezone !== undefined) {
      if (input.timezone === null || input.timezone.trim() === '') zone = site;
      else {
        const z = normalizeTimezone(input.timezone);
        if (z === null) problems.push({ param: 'timezone', detail: 'rest_invalid_format', args: { kind: 'time zone' } });
        else zone = z;
      }
    }

    // title
    let title: string | undefined;
    if (input.title !== undefined) {
      title = cleanPlainText(input.title ?? '');
      if (title === '') problems.push({ param: 'title', detail: 'rest_empty_value' });
    }
    const rich = (name: 'description' | 'excerpt') => {
      const v = input[name];
      if (v === undefined) return undefined;
      if (v === null) return '';
      return cleanRichText(v);
    };
    const description = rich('description');
    const excerpt = rich('excerpt');

    // dates
    const parse = (param: 'start_date' | 'end_date' | 'date' | 'date_utc', z: string) => {
      const value = input[param];
      if (value === undefined) return undefined;
      const parsed = parseDateInput(value, z, now);
      if (!parsed) problems.push({ param, detail: 'rest_invalid_date' });
      return parsed ?? undefined;
    };
    const start = parse('start_date', zone);
    const end = parse('end_date', zone);
    const pubLocal = parse('date', zone);
    const pubUtc = parse('date_utc', 'UTC');

    let startLocal = start?.wallClock ?? current?.startLocal;
    let endLocal = end?.wallClock ?? current?.endLocal;
    const allDay = input.all_day ?? current?.allDay ?? false;
    if (startLocal !== undefined && endLocal !== undefined && allDay) {
      ({ startLocal, endLocal } = allDayBounds(startLocal, endLocal));
    }
    const datesOk = !problems.some((p) => p.param === 'start_date' || p.param === 'end_date' || p.param === 'timezone');
    if (datesOk && startLocal !== undefined && endLocal !== undefined) {
      try {
        assertDateOrder(startLocal, endLocal);
      } catch (e) {
        if (!(e instanceof EventRuleError)) throw e;
        problems.push({ param: 'end_date', detail: 'rest_invalid_date_range' });
      }
    }

    // website
    let website: string | undefined;
    if (input.website !== undefined) {
      website = (input.website ?? '').trim();
      if (website !== '' && !isWebsiteUrl(website)) {
        problems.push({ param: 'website', detail: 'rest_invalid_format', args: { kind: 'URL' } });
      }
    }

    // cost
    let costInput: string | null | undefined;
    if (input.cost !== undefined) {
      const c = input.cost;
      if (c === null || c === '' || (Array.isArray(c) && c.length === 0)) costInput = null;
      else if (typeof c === 'string' || typeof c === 'number') costInput = JSON.stringify(c);
      else if (Array.isArray(c) && c.every((i) => typeof i === 'string' || typeof i === 'number')) costInput = JSON.stringify(c);
      else problems.push({ param: 'cost', detail: 'rest_invalid_type', args: { type: 'string' } });
    }

    // password
    let postPassword: string | undefined;
    if (input.post_password !== undefined) {
      postPassword = input.post_password ?? '';
      if (postPassword.length > MAX_POST_PASSWORD_LENGTH) problems.push({ param: 'post_password', detail: 'rest_invalid_format', args: { kind: 'password' } });
    }

    // slug (value only; uniqueness at write time)
    let slugBase: string | undefined;
    if (input.slug !== undefined && input.slug !== null) slugBase = slugify(input.slug);

    // author
    let authorId: number | undefined;
    if (input.author !== undefined) {
      if (!(await this.users.isKnown(input.author))) {
        problems.push({ param: 'author', detail: 'rest_unknown_reference', args: { values: String(input.author) } });
      } else authorId = input.author;
    }

    // status
    if (input.status !== undefined && !['publish', 'future', 'draft', 'pending', 'private', 'trash'].includes(input.status)) {
      problems.push({ param: 'status', detail: 'rest_not_in_enum', args: { values: 'publish, future, draft, pending, private, trash' } });
    }

    // post_parent
    let postParent: number | undefined;
    if (input.post_parent !== undefined) {
      const raw = input.post_parent;
      const id = raw === null || raw === '' ? 0 : Number(raw);
      if (!Number.isSafeInteger(id) || id < 0) {
        problems.push({ param: 'post_parent', detail: 'rest_invalid_type', args: { type: 'integer' } });
      } else if (id === 0) postParent = 0;
      else if (current && id === current.id) problems.push({ param: 'post_parent', detail: 'rest_invalid_parent' });
      else {
        const parent = await this.repo.findById(id);
        if (!parent) problems.push({ param: 'post_parent', detail: 'rest_unknown_reference', args: { values: String(id) } });
        else if (current && (await this.isAncestorOrSelf(current.id, parent))) {
          problems.push({ param: 'post_parent', detail: 'rest_invalid_parent' });
        } else postParent = id;
      }
    }

    // venues / organizers
    const venues = await this.checkLinkItems('venue', input.venue, problems);
    const organizers = await this.checkLinkItems('organizer', input.organizer, problems);

    // image (reads only)
    let image: CheckedImage | undefined;
    if (input.image !== undefined) {
      try {
        image = await this.linked.checkImage(input.image, caller);
      } catch (e) {
        if (e instanceof InvalidParamsError) problems.push(...e.problems);
        else throw e;
      }
    }

    // categories and tags: unknown ids, new names the caller may not create (reads only; terms are created at write time)
    const categories = input.categories === undefined ? undefined : (input.categories ?? []);
    const tags = input.tags === undefined ? undefined : (input.tags ?? []);
    for (const [taxonomy, param, items] of [['category', 'categories', categories], ['tag', 'tags', tags]] as const) {
      const problem = items === undefined ? null : await this.linked.checkTerms(taxonomy, param, items, caller);
      if (problem) problems.push(problem);
    }

    if (problems.length) throw new InvalidParamsError(problems);
    await this.checkInlineObjects(venues, organizers, caller);

    // publication date
    let dateLocal = current?.dateLocal;
    let dateUtc = current?.dateUtc;
    if (pubLocal && pubUtc) {
      dateLocal = pubLocal.wallClock;
      dateUtc = pubUtc.wallClock;
    } else if (pubLocal) {
      dateLocal = pubLocal.wallClock;
      dateUtc = pubLocal.utc;
    } else if (pubUtc) {
      dateUtc = pubUtc.wallClock;
      dateLocal = toZone(pubUtc.wallClock, zone);
    } else if (creating) {
      dateUtc = utcWallClock(now);
      dateLocal = toZone(dateUtc, zone);
    }
    const inFuture = (dateUtc as string) > utcWallClock(now);
    const status = resolveWriteStatus(caller, input.status, current?.status, inFuture) as RecordStatus;

    return {
      title,
      description,
      excerpt,
      zone,
      startLocal: startLocal as string,
      endLocal: endLocal as string,
      allDay,
      dateLocal: dateLocal as string,
      dateUtc: dateUtc as string,
      status,
      authorId,
      slugBase,
      website,
      costInput,
      postPassword,
      postParent,
      venues,
      organizers,
      image,
      categories,
      tags,
      flags: {
        showMap: input.show_map,
        showMapLink: input.show_map_link,
        hideFromListings: input.hide_from_listings,
        sticky: input.sticky,
        featured: input.featured,
        ticketed: input.ticketed,
      },
    };
  }

  /** Inline venues and organizers are validated as a whole before anything is written (400 could-not-create-*). */
  private async checkInlineObjects(venues: LinkItem[] | undefined, organizers: LinkItem[] | undefined, caller: Caller): Promise<void> {
    for (const item of venues ?? []) if (item.kind === 'inline') await this.linked.checkInlineVenue(item.raw, caller);
    for (const item of organizers ?? []) if (item.kind === 'inline') await this.linked.checkInlineOrganizer(item.raw, caller);
  }

  /** Step 7 of §4.4: naming another author needs editor or above (keeping the current author is always allowed). */
  private assertMaySetAuthor(plan: WritePlan, caller: Caller, current: CalendarEvent | null): void {
    const authorId = plan.authorId;
    if (authorId === undefined || authorId === caller.userId || Policy.maySetOtherAuthor(caller)) return;
    if (current && authorId === current.authorId) return;
    throw forbidden();
  }

  private async isAncestorOrSelf(id: number, candidate: CalendarEvent): Promise<boolean> {
    // Is `id` the candidate or one of the candidate's ancestors? (then candidate is a descendant of id)
    const seen = new Set<number>();
    let node: CalendarEvent | null = candidate;
    while (node && !seen.has(node.id)) {
      if (node.id === id) return true;
      seen.add(node.id);
      node = node.postParent ? await this.repo.findById(node.postParent) : null;
    }
    return false;
  }

  /** §9.5: the forms of `venue` / `organizer`; existing ids are checked now, inline objects at write time. */
  private async checkLinkItems(param: 'venue' | 'organizer', value: unknown, problems: ParamProblem[]): Promise<LinkItem[] | undefined> {
    if (value === undefined) return undefined;
    const items: LinkItem[] = [];
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
          if (/^\d{1,15}$/.test(part)) {
            if (Number(part) > 0) items.push({ kind: 'id', id: Number(part) });
          } else bad = true;
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
          const id = typeof obj.id === 'number' ? obj.id : /^\d{1,15}$/.test(String(obj.id)) ? Number(obj.id) : NaN;
          if (Number.isSafeInteger(id) && id > 0) items.push({ kind: 'id', id });
          else bad = true;
          return;
        }
        const keys = Object.keys(obj);
        if (!nested && keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
          for (const k of keys) add(obj[k], true);
          return;
        }
        items.push({ kind: 'inline', raw: obj });
        return;
      }
      bad = true;
    };
    add(value, false);
    if (bad) {
      problems.push({ param, detail: 'rest_invalid_type', args: { type: 'integer, list or object' } });
      return undefined;
    }
    const ids = [...new Set(items.filter((i) => i.kind === 'id').map((i) => (i as { id: number }).id))];
    if (ids.length) {
      const found = new Set(param === 'venue' ? await this.linked.existingVenueIds(ids) : await this.linked.existingOrganizerIds(ids));
      const unknown = ids.filter((id) => !found.has(id));
      if (unknown.length) problems.push({ param, detail: 'rest_unknown_reference', args: { values: unknown.join(', ') } });
    }
    return items;
  }

  /** Writes (inside `uow.run`). */
  private async apply(plan: WritePlan, caller: Caller, current: CalendarEvent | null, id: number): Promise<EventWithLinks> {
    const now = utcWallClock(this.clock.now());
    const zone = plan.zone;
    const base: CalendarEvent = current ?? {
      id,
      authorId: caller.userId ?? 0,
      status: plan.status,
      slug: '',
      title: '',
      description: '',
      excerpt: '',
      dateLocal: plan.dateLocal,
      dateUtc: plan.dateUtc,
      modifiedUtc: now,
      startLocal: plan.startLocal,
      endLocal: plan.endLocal,
      startUtc: '',
      endUtc: '',
      timezone: zone,
      allDay: false,
      costInput: null,
      websiteSet: false,
      website: '',
      showMap: true,
      showMapLink: true,
      hideFromListings: false,
      sticky: false,
      featured: false,
      imageId: null,
      postPassword: '',
      ticketed: false,
      postParent: 0,
    };
    const f = plan.flags;
    const event: CalendarEvent = {
      ...base,
      authorId: plan.authorId ?? base.authorId,
      status: plan.status,
      title: plan.title ?? base.title,
      description: plan.description ?? base.description,
      excerpt: plan.excerpt ?? base.excerpt,
      dateLocal: plan.dateLocal,
      dateUtc: plan.dateUtc,
      modifiedUtc: now,
      startLocal: plan.startLocal,
      endLocal: plan.endLocal,
      startUtc: toUtc(plan.startLocal, zone),
      endUtc: toUtc(plan.endLocal, zone),
      timezone: zone,
      allDay: plan.allDay,
      costInput: plan.costInput === undefined ? base.costInput : plan.costInput,
      websiteSet: plan.website === undefined ? base.websiteSet : true,
      website: plan.website ?? base.website,
      showMap: f.showMap ?? base.showMap,
      showMapLink: f.showMapLink ?? base.showMapLink,
      hideFromListings: f.hideFromListings ?? base.hideFromListings,
      sticky: f.sticky ?? base.sticky,
      featured: f.featured ?? base.featured,
      ticketed: f.ticketed ?? base.ticketed,
      postPassword: plan.postPassword ?? base.postPassword,
      postParent: plan.postParent ?? base.postParent,
    };

    // image, terms, inline venues/organizers: all in this transaction
    if (plan.image !== undefined) event.imageId = await this.linked.applyImage(plan.image, caller);
    const links: Partial<EventLinks> = {};
    let categoryIds: number[] = [];
    if (plan.venues !== undefined) links.venueIds = await this.linkIds('venue', plan.venues, caller);
    if (plan.organizers !== undefined) links.organizerIds = await this.linkIds('organizer', plan.organizers, caller);
    if (plan.categories !== undefined || plan.tags !== undefined) {
      const currentLinks = current ? (await this.repo.loadLinks([id])).get(id) : undefined;
      const currentTerms = currentLinks?.termIds ?? [];
      const cats =
        plan.categories !== undefined
          ? await this.linked.resolveTerms('category', 'categories', plan.categories, caller)
          : await this.termsOfKind('category', currentTerms);
      const tags =
        plan.tags !== undefined
          ? await this.linked.resolveTerms('tag', 'tags', plan.tags, caller)
          : await this.termsOfKind('tag', currentTerms);
      links.termIds = [...cats, ...tags];
      categoryIds = cats;
    }

    // slug: first free; the unique index decides under concurrency
    const wantSlug = current === null || plan.slugBase !== undefined;
    let base0 = plan.slugBase ?? (current ? current.slug : slugify(event.title));
    if (base0 === '') base0 = String(id);
    // Slugs that lost a race are remembered: a transaction's snapshot may not show the other writer's row yet.
    const lost = new Set<string>();
    for (let attempt = 0; ; attempt++) {
      if (wantSlug) {
        // One query for the whole `base`, `base-2`, … family instead of one per candidate (1,000 "Concert"s = 1 query).
        const base = base0.toLowerCase();
        const family = await this.repo.slugFamily(base, id);
        const taken = async (s: string) => lost.has(s) || (inSlugFamily(base, s) ? family.has(s) : await this.repo.slugTaken(s, id));
        event.slug = await firstFreeSlug(base, taken);
      }
      try {
        await (current ? this.repo.update(event) : this.repo.insert(event));
        break;
      } catch (e) {
        if (!(e instanceof SlugConflictError) || !wantSlug || attempt >= 100) throw e;
        lost.add(event.slug);
      }
    }
    if (Object.keys(links).length) {
      await this.repo.saveLinks(id, links).catch((e) => {
        // A record checked above was deleted by a write that committed meanwhile: as if it never existed.
        if (!(e instanceof LinkTargetsGoneError)) throw e;
        const param = e.kind === 'term' ? (e.ids.some((t) => categoryIds.includes(t)) ? 'categories' : 'tags') : e.kind;
        throw new InvalidParamsError([{ param, detail: 'rest_unknown_reference', args: { values: e.ids.join(', ') } }]);
      });
    }
    return this.withLinks(event);
  }

  private async termsOfKind(taxonomy: 'category' | 'tag', termIds: number[]): Promise<number[]> {
    if (termIds.length === 0) return [];
    return (await this.linked.splitTerms(termIds))[taxonomy];
  }

  private async linkIds(param: 'venue' | 'organizer', items: LinkItem[], caller: Caller): Promise<number[]> {
    const out: number[] = [];
    for (const item of items) {
      if (item.kind === 'id') out.push(item.id);
      else
        out.push(
          param === 'venue'
            ? await this.linked.createOrReuseVenue(item.raw, caller)
            : await this.linked.createOrReuseOrganizer(item.raw, caller),
        );
    }
    return [...new Set(out)];
  }
}

interface WritePlan {
  title?: string;
  description?: string;
  excerpt?: string;
  zone: string;
  startLocal: string;
  endLocal: string;
  allDay: boolean;
  dateLocal: string;
  dateUtc: string;
  status: RecordStatus;
  authorId?: number;
  slugBase?: string;
  website?: string;
  costInput?: string | null;
  postPassword?: string;
  postParent?: number;
  venues?: LinkItem[];
  organizers?: LinkItem[];
  image?: CheckedImage;
  categories?: string[];
  tags?: string[];
  flags: {
    showMap?: boolean;
    showMapLink?: boolean;
    hideFromListings?: boolean;
    sticky?: boolean;
    featured?: boolean;
    ticketed?: boolean;
  };
}
