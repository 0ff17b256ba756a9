import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import { atLeast, Caller } from '../../../shared/domain/caller';
import { Clock } from '../../../shared/domain/clock';
import { InvalidParamsError, ParamProblem } from '../../../shared/domain/errors';
import { listVisibility, Policy, RECORD_STATUSES, RecordStatus } from '../../../shared/domain/policy';
import { shownStatus } from '../../../shared/domain/publication';
import { fold } from '../../../shared/domain/text';
import { utcWallClock } from '../../../shared/domain/wall-clock';
import { computeDateWindow, DateWindow } from '../domain/event-date-window';
import { distanceKm, EventCriteria, lockedMatches, parseSearch } from '../domain/event-query';
import { EventRepository } from '../domain/event.repository';
import { EventLinksGateway } from './event-links.gateway';
import { ScheduledEvents } from './scheduled-events';

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

/** What a list asks the repository for, and the effective date bounds for its links (site-zone wall clocks). */
interface EventListPlan {
  criteria: EventCriteria;
  applied: Array<[string, string]>;
}

/** Default radius of a coordinates filter, in kilometres (§8.1). */
const DEFAULT_RADIUS_KM = 25;

/**
 * The event list's parameters → repository criteria (CONTRACT §8): the date window (§8.2, one pure domain function),
 * the status filter and visibility (§8.4, §3.4), references that must exist, and the coordinates filter. One 400 names
 * every failing parameter (§4.3).
 */
@Injectable()
export class EventListCriteria {
  constructor(
    private readonly repo: EventRepository,
    private readonly linked: EventLinksGateway,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'calendarTimezone' | 'timezoneMode'>,
    private readonly scheduled: ScheduledEvents,
  ) {}

  async plan(input: EventListInput, caller: Caller): Promise<EventListPlan> {
    const problems: ParamProblem[] = [...(input.invalid ?? [])];
    const window = this.dateWindow(input, problems);
    const requested = this.statusFilter(input, caller, problems);
    this.coordinatePair(input, problems);
    const criteria: EventCriteria = { mode: window.mode, bounds: window.bounds, statuses: [], restrictNonPublishToAuthor: null };
    if (input.search !== undefined) {
      const { words, excluded } = parseSearch(input.search, fold);
      criteria.searchWords = words;
      criteria.excludedWords = excluded;
      // §8.4: a protected event's text counts only for callers who may see it unlocked (§6.11).
      criteria.protectedTextReader = atLeast(caller, 'editor') ? 'all' : { authorId: caller.userId, password: input.password ?? null };
    }
    await this.references(input, caller, criteria, problems);
    if (problems.length) throw new InvalidParamsError(problems);

    const visibility = listVisibility(caller, requested);
    criteria.statuses = visibility.statuses;
    criteria.restrictNonPublishToAuthor = visibility.restrictNonPublishToAuthor;
    const dueUntilUtc = await this.scheduled.dueUntilUtc(); // §3.5: due events the job has not published yet
    if (dueUntilUtc !== undefined) criteria.dueUntilUtc = dueUntilUtc;
    if (input.featured !== undefined) criteria.featured = input.featured;
    if (input.ticketed !== undefined) criteria.ticketed = input.ticketed;
    if (input.geoloc !== undefined) criteria.geoloc = input.geoloc;
    if (input.geoloc_lat !== undefined && input.geoloc_lng !== undefined) {
      criteria.nearVenueIds = await this.venuesNear(input.geoloc_lat, input.geoloc_lng, input.geoloc_radius ?? DEFAULT_RADIUS_KM);
    }
    if (input.include !== undefined) criteria.include = input.include;
    // §6.11: filters on fields a protected event's list item masks see the masked values, unless the caller may see it
    // unlocked (the rule of the search, §8.4).
    if (!atLeast(caller, 'editor')) {
      criteria.maskedFor = { authorId: caller.userId, password: input.password ?? null };
      if (lockedMatches(criteria) === null) delete criteria.maskedFor;
    }
    return { criteria, applied: window.applied };
  }

  /** §8.2: the six date parameters, strict dates and `include` → bounds; their problems join the others. */
  private dateWindow(input: EventListInput, problems: ParamProblem[]): DateWindow {
    try {
      const { start_date, end_date, starts_before, starts_after, ends_before, ends_after } = input;
      const sent = { start_date, end_date, starts_before, starts_after, ends_before, ends_after };
      const request = { ...sent, strict: input.strict_dates === true, include: input.include !== undefined };
      return computeDateWindow(request, this.clock.now(), this.config.calendarTimezone, this.config.timezoneMode);
    } catch (e) {
      if (!(e instanceof InvalidParamsError)) throw e;
      problems.push(...e.problems);
      return { mode: this.config.timezoneMode, bounds: [], applied: [] };
    }
  }

  /** §8.4: statuses, or `any`; anything but `publish` only for callers who may filter by status. */
  private statusFilter(input: EventListInput, caller: Caller, problems: ParamProblem[]): RecordStatus[] | 'any' | undefined {
    if (input.status === undefined) return undefined;
    const values = input.status.map((s) => s.toLowerCase());
    let requested: RecordStatus[] | 'any' | undefined;
    if (values.length === 1 && values[0] === 'any') requested = 'any';
    else if (values.length === 0 || values.some((v) => !(RECORD_STATUSES as readonly string[]).includes(v))) {
      problems.push({ param: 'status', detail: 'rest_not_in_enum', args: { values: [...RECORD_STATUSES, 'any'].join(', ') } });
    } else requested = values as RecordStatus[];
    const notAllowed = Policy.mayFilterNonPublishStatuses(caller) ? undefined : values.find((v) => v !== 'publish');
    if (notAllowed !== undefined && !problems.some((p) => p.param === 'status')) {
      problems.push({ param: 'status', detail: 'rest_not_allowed_value', args: { value: notAllowed } });
    }
    return requested;
  }

  /** `geoloc_lat` and `geoloc_lng` come together (unless one was refused for its type already). */
  private coordinatePair(input: EventListInput, problems: ParamProblem[]): void {
    const refused = new Set(problems.map((p) => p.param));
    if (refused.has('geoloc_lat') || refused.has('geoloc_lng')) return;
    if ((input.geoloc_lat === undefined) === (input.geoloc_lng === undefined)) return;
    const [param, other] = input.geoloc_lat === undefined ? ['geoloc_lng', 'geoloc_lat'] : ['geoloc_lat', 'geoloc_lng'];
    problems.push({ param, detail: 'rest_missing_pair', args: { other } });
  }

  /**
   * Terms (categories with their descendants), venues, organizers and the parent event must exist; a parent event the
   * caller may not see (§3.4) names nothing, so the filter tells nothing of drafts, private or trashed events (found by
   * a black-box probe, 2026-11-27: such an id answered 200 where an unused one answered 400).
   */
  private async references(input: EventListInput, caller: Caller, criteria: EventCriteria, problems: ParamProblem[]): Promise<void> {
    if (input.categories !== undefined) {
      const r = await this.linked.resolveTermFilter('category', 'categories', input.categories);
      if (r.problem) problems.push(r.problem);
      else {
        criteria.categoryIds = await this.linked.categoryDescendants(r.ids);
        const asked = [...new Set(r.ids)];
        if (asked.length === 1) criteria.categoryTree = asked[0];
      }
    }
    if (input.tags !== undefined) {
      const r = await this.linked.resolveTermFilter('tag', 'tags', input.tags);
      if (r.problem) problems.push(r.problem);
      else criteria.tagIds = r.ids;
    }
    if (input.venue !== undefined) {
      this.unknown(problems, 'venue', input.venue, await this.linked.existingVenueIds(input.venue));
      criteria.venueIds = input.venue;
    }
    if (input.organizer !== undefined) {
      this.unknown(problems, 'organizer', input.organizer, await this.linked.existingOrganizerIds(input.organizer));
      criteria.organizerIds = input.organizer;
    }
    if (input.post_parent !== undefined) {
      const parent = await this.repo.findById(input.post_parent);
      const nowUtc = utcWallClock(this.clock.now());
      if (!parent || !Policy.maySee(caller, { ...parent, status: shownStatus(parent.status, parent.dateUtc, nowUtc) })) {
        this.unknown(problems, 'post_parent', [input.post_parent], []);
      }
      criteria.postParent = input.post_parent;
    }
  }

  private unknown(problems: ParamProblem[], param: string, ids: number[], existing: number[]): void {
    const found = new Set(existing);
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length) problems.push({ param, detail: 'rest_unknown_reference', args: { values: unknown.join(', ') } });
  }

  private async venuesNear(lat: number, lng: number, radiusKm: number): Promise<number[]> {
    return (await this.repo.venueCoordinates()).filter((v) => distanceKm(lat, lng, v.lat, v.lng) <= radiusKm).map((v) => v.id);
  }
}
