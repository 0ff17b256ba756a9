import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import { UserDirectory } from '../../../shared/auth/user-directory';
import type { Caller } from '../../../shared/domain/caller';
import { Clock } from '../../../shared/domain/clock';
import { InvalidParamsError, ParamProblem } from '../../../shared/domain/errors';
import { Policy, RecordStatus, resolveWriteStatus } from '../../../shared/domain/policy';
import { slugify } from '../../../shared/domain/text';
import { cleanPlainText, cleanRichTextParam } from '../../../shared/domain/text-cleaning';
import { utcWallClock } from '../../../shared/domain/wall-clock';
import type { CalendarEvent, EventChanges } from '../domain/calendar-event';
import { ParsedDate, parseDateInput, toZone } from '../../../shared/domain/time/date-input';
import { EventSchedule, isWallClockYear, publicationAfter, scheduleAfter } from '../domain/event-schedule';
import { EventRepository } from '../domain/event.repository';
import { CheckedImage, EventLinksGateway } from './event-links.gateway';
import type { EventWriteCommand, LinkRef } from './event-write.command';

/**
 * The `write_locks` row an event update that names a parent holds (before it takes its event) while it checks and
 * writes it: such updates run one at a time, each walking the ancestors the previous one committed. Creates need not
 * take it (a new event has no descendants), nor do writes clearing a parent or deleting an event (no edge is added).
 */
export const EVENT_PARENTS_LOCK = 'event-parents';

/** A checked write: the event's changes and what must still be written beside it (links, terms, image, slug). */
export interface EventWritePlan {
  changes: Omit<EventChanges, 'imageId'>;
  /** A slug asked for (§9.4), before it is made unique; undefined = keep (update) or derive from the title (create). */
  slugBase?: string;
  image?: CheckedImage;
  venues?: LinkRef[];
  organizers?: LinkRef[];
  categories?: string[];
  tags?: string[];
}

/** What the rules of one write share: the command, who writes, the event as it is (null on create), the moment. */
interface WriteContext {
  command: EventWriteCommand;
  caller: Caller;
  current: CalendarEvent | null;
  now: Date;
  /** The zone the event's dates are read in: the one sent, else the event's, else the site's. */
  zone: string;
  problems: ParamProblem[];
}

/**
 * Step 5 of CONTRACT §4.4 for event writes: every value and reference rule, one small rule per field, no writes. The
 * types and formats were checked at the edge; their refusals arrive as `invalid` and are named together with these
 * (§4.3). Then inline venues and organizers (§9.5), which are checked only once everything else holds.
 */
@Injectable()
export class EventWriteCheck {
  constructor(
    private readonly repo: EventRepository,
    private readonly linked: EventLinksGateway,
    private readonly users: UserDirectory,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'calendarTimezone'>,
  ) {}

  async check(command: EventWriteCommand, invalid: readonly ParamProblem[], caller: Caller, current: CalendarEvent | null): Promise<EventWritePlan> {
    const site = this.config.calendarTimezone;
    const zone = command.timezone === undefined ? (current?.timezone ?? site) : (command.timezone ?? site);
    const ctx: WriteContext = { command, caller, current, now: this.clock.now(), zone, problems: [...invalid] };
    const texts = this.texts(ctx);
    const dates = this.dates(ctx);
    await this.author(ctx);
    const postParent = await this.parent(ctx);
    await this.linkIds(ctx, 'venue', command.venues);
    await this.linkIds(ctx, 'organizer', command.organizers);
    const image = await this.image(ctx);
    await this.terms(ctx);
    if (ctx.problems.length > 0) throw new InvalidParamsError(ctx.problems);
    await this.inlineRecords(ctx);

    const nowUtc = utcWallClock(ctx.now);
    const publication = publicationAfter(current && { local: current.dateLocal, utc: current.dateUtc }, dates.publication, zone, nowUtc);
    const status = resolveWriteStatus(caller, command.status, current?.status, publication.utc > nowUtc) as RecordStatus;
    const plan: EventWritePlan = {
      changes: {
        ...texts,
        authorId: command.author,
        status,
        schedule: dates.schedule as EventSchedule,
        publication,
        costInput: command.cost,
        website: command.website,
        postPassword: command.postPassword,
        postParent,
        flags: command.flags,
        lineage: command.lineage,
      },
      slugBase: command.slug === undefined ? undefined : slugify(command.slug),
      image,
      venues: command.venues,
      organizers: command.organizers,
      categories: command.categories,
      tags: command.tags,
    };
    return plan;
  }

  /** Plain text (title) and cleaned HTML (description, excerpt, §1.7); a title that cleans to nothing is empty. */
  private texts({ command, problems }: WriteContext): Pick<EventChanges, 'title' | 'description' | 'excerpt'> {
    const title = command.title === undefined ? undefined : cleanPlainText(command.title);
    if (title === '') problems.push({ param: 'title', detail: 'rest_empty_value' });
    const rich = (param: string, value: string | null | undefined) =>
      value === undefined ? undefined : cleanRichTextParam(param, value ?? '', problems);
    return { title, description: rich('description', command.description), excerpt: rich('excerpt', command.excerpt) };
  }

  /** Start, end and publication dates read in the event's zone (`dateUtc` in UTC) at this moment, then the schedule rules. */
  private dates(ctx: WriteContext) {
    const { command, current, problems, zone, now } = ctx;
    const parse = (param: string, value: string | number | undefined, z: string): ParsedDate | undefined => {
      if (value === undefined) return undefined;
      const parsed = parseDateInput(value, z, now);
      if (!parsed) problems.push({ param, detail: 'rest_invalid_date' });
      return parsed ?? undefined;
    };
    const start = parse('start_date', command.startDate, zone);
    const end = parse('end_date', command.endDate, zone);
    const publication = { local: parse('date', command.date, zone), utc: parse('date_utc', command.dateUtc, 'UTC') };
    // date_utc alone gives the local date: in a zone ahead of UTC, 9999-12-31 23:00 UTC is already year 10000 there.
    if (publication.utc && !publication.local && !problems.some((p) => p.param === 'timezone') && !isWallClockYear(toZone(publication.utc.wallClock, zone))) {
      problems.push({ param: 'date_utc', detail: 'rest_invalid_date' });
    }
    const refused = problems.some((p) => p.param === 'start_date' || p.param === 'end_date' || p.param === 'timezone');
    const currentSchedule = current && { zone: current.timezone, startLocal: current.startLocal, endLocal: current.endLocal, allDay: current.allDay };
    const { schedule, problem } = scheduleAfter(
      currentSchedule,
      { zone, startLocal: start?.wallClock, endLocal: end?.wallClock, allDay: command.allDay },
      refused,
    );
    if (problem) problems.push(problem);
    return { schedule, publication };
  }

  private async author({ command, problems }: WriteContext): Promise<void> {
    if (command.author !== undefined && !(await this.users.isKnown(command.author))) {
      problems.push({ param: 'author', detail: 'rest_unknown_reference', args: { values: String(command.author) } });
    }
  }

  /**
   * `post_parent`: 0, or an existing event that is neither this one nor one of its descendants (no cycles). The parent
   * is held until the write commits, so a permanent deletion of it either commits first (400 here) or waits and then
   * cuts this event loose (§9.10). The ancestors are walked under EVENT_PARENTS_LOCK, which an update naming a parent
   * took before its event (EventsService.update): concurrent changes of parents cannot close a cycle between them.
   */
  private async parent({ command, current, problems }: WriteContext): Promise<number | undefined> {
    const id = command.postParent;
    if (id === undefined || id === 0) return id;
    if (current && id === current.id) return void problems.push({ param: 'post_parent', detail: 'rest_invalid_parent' });
    const parent = await this.repo.shareById(id);
    if (!parent) return void problems.push({ param: 'post_parent', detail: 'rest_unknown_reference', args: { values: String(id) } });
    if (current && (await this.descendsFrom(parent, current.id))) return void problems.push({ param: 'post_parent', detail: 'rest_invalid_parent' });
    return id;
  }

  /** Is `event` the event `ancestorId` or one of its descendants? */
  private async descendsFrom(event: CalendarEvent, ancestorId: number): Promise<boolean> {
    const seen = new Set<number>();
    let node: CalendarEvent | null = event;
    while (node && !seen.has(node.id)) {
      if (node.id === ancestorId) return true;
      seen.add(node.id);
      node = node.postParent ? await this.repo.findById(node.postParent) : null;
    }
    return false;
  }

  /** Venue and organizer ids must name existing records (any status); inline objects are checked once all else holds. */
  private async linkIds({ problems }: WriteContext, param: 'venue' | 'organizer', refs: LinkRef[] | undefined): Promise<void> {
    const byId = (refs ?? []).flatMap((r) => (r.kind === 'id' ? [r] : []));
    if (byId.length === 0) return;
    const ids = [...new Set(byId.map((r) => r.id))];
    const found = new Set(param === 'venue' ? await this.linked.existingVenueIds(ids) : await this.linked.existingOrganizerIds(ids));
    const unknown = [...new Set(byId.filter((r) => !found.has(r.id)).map((r) => (r.id === 0 ? (r.sent ?? '0') : String(r.id))))];
    if (unknown.length) problems.push({ param, detail: 'rest_unknown_reference', args: { values: unknown.join(', ') } });
  }

  private async image({ command, caller, problems }: WriteContext): Promise<CheckedImage | undefined> {
    if (command.image === undefined) return undefined;
    try {
      return await this.linked.checkImage(command.image, caller);
    } catch (e) {
      if (!(e instanceof InvalidParamsError)) throw e;
      problems.push(...e.problems);
      return undefined;
    }
  }

  /** Categories and tags: unknown ids, and new names the caller may not create (terms are created at write time). */
  private async terms({ command, caller, problems }: WriteContext): Promise<void> {
    for (const [taxonomy, param, items] of [['category', 'categories', command.categories], ['tag', 'tags', command.tags]] as const) {
      const problem = items === undefined ? null : await this.linked.checkTerms(taxonomy, param, items, caller);
      if (problem) problems.push(problem);
    }
  }

  /** Inline venues and organizers are checked as a whole before anything is written (400 could-not-create-*). */
  private async inlineRecords({ command, caller }: WriteContext): Promise<void> {
    for (const ref of command.venues ?? []) if (ref.kind === 'inline') await this.linked.checkInlineVenue(ref.input, caller);
    for (const ref of command.organizers ?? []) if (ref.kind === 'inline') await this.linked.checkInlineOrganizer(ref.input, caller);
  }

  /** Step 7 of §4.4 (`Policy.assertMayNameAuthor`). */
  assertMaySetAuthor(plan: EventWritePlan, caller: Caller, current: CalendarEvent | null): void {
    Policy.assertMayNameAuthor(caller, plan.changes.authorId, current?.authorId ?? null);
  }
}
