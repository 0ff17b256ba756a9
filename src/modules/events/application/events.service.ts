import { Injectable } from '@nestjs/common';
import { Caller } from '../../../shared/domain/caller';
import { Clock } from '../../../shared/domain/clock';
import type { IfMatch } from '../../../shared/domain/entity-tags';
import { DomainError, forbidden, gone, InvalidParamsError, notFound } from '../../../shared/domain/errors';
import { Policy } from '../../../shared/domain/policy';
import { RecordIds } from '../../../shared/domain/record-ids';
import { writeWithFreeSlug } from '../../../shared/domain/slug-allocation';
import { fold, slugify } from '../../../shared/domain/text';
import { asShown } from '../../../shared/domain/publication';
import { UnitOfWork } from '../../../shared/domain/unit-of-work';
import { utcWallClock } from '../../../shared/domain/wall-clock';
import { CalendarEvent, EventLinks, EventStamp, isProtected, stampOfEvent } from '../domain/calendar-event';
import type { EventCriteria, EventPageRequest } from '../domain/event-query';
import { EventRepository, LinkTargetsGoneError, ListedEvent, ReadEvent, ReadStamp } from '../domain/event.repository';
import { EventLinksGateway } from './event-links.gateway';
import { EventListCriteria, EventListInput } from './event-list-criteria';
import { EventEtags } from './event-etags';
import { KeptPage, ListReuse, pageKey } from './list-reuse';
import { EventView, EventViewReader } from './event-view';
import { EVENT_PARENTS_LOCK, EventWriteCheck, EventWritePlan } from './event-write-check';
import { ScheduledEvents } from './scheduled-events';
import type { EventWriteRequest, LinkRef } from './event-write.command';
import { maySeeUnlocked } from '../../../shared/domain/event-links-access';

export type { EventListInput } from './event-list-criteria';

export interface EventWithLinks {
  event: CalendarEvent;
  links: EventLinks;
}

/**
 * The outcome of a write: the event and its links, and its view read inside the write's unit of work — the answer
 * shows what this write stored, never a change another write committed after it (a term renamed meanwhile).
 */
export interface WrittenEvent extends EventWithLinks {
  view: EventView;
}

export interface EventListResult {
  /** The page in list order: every event read, or only the stamp of those the caller said it would reuse. */
  page: EventStamp[];
  /** The events of the page that were read, in list order (all of them unless `reuse` held some rendered). */
  rows: ListedEvent[];
  /** An event of `rows` with the texts its row left out, as the list shows it; null when it was deleted since. */
  whole: (e: ListedEvent) => Promise<CalendarEvent | null>;
  total: number;
  /** Effective date bounds for list links (site-zone wall clocks). */
  applied: Array<[string, string]>;
  /** Ids of protected items the caller may see unlocked. */
  unlocked: Set<number>;
}

export type EventTarget = { id: number } | { slug: string };

/** The key a target is stored under: slugs folded (the repository compares them ignoring case). */
const storedKey = (target: EventTarget): EventTarget => ('id' in target ? target : { slug: fold(target.slug) });

/**
 * Issue 16: the most events one calendar feed holds (an iCalendar answer of `GET /events` is the whole filtered window,
 * not a page; `total` still counts every matching event).
 */
export const FEED_MAX_EVENTS = 1000;

/**
 * Events: the use cases of CONTRACT §6–§9, orchestrated. A write runs in one unit of work that first takes the event
 * (`lock…`: no other write changes or deletes it meanwhile), then checks the write against that state (EventWriteCheck),
 * permissions and `If-Match`, then writes the event, its image, inline records, terms and links.
 */
@Injectable()
export class EventsService {
  constructor(
    private readonly repo: EventRepository,
    private readonly linked: EventLinksGateway,
    private readonly uow: UnitOfWork,
    private readonly ids: RecordIds,
    private readonly clock: Clock,
    private readonly listCriteria: EventListCriteria,
    private readonly writeCheck: EventWriteCheck,
    private readonly etags: EventEtags,
    private readonly scheduled: ScheduledEvents,
    private readonly views: EventViewReader,
  ) {}

  // ------------------------------------------------------------------------------------------------------------ reads

  /**
   * One page of the list. With `reuse` (issue 18: a request whose answer the read cache may keep), the page is taken
   * from one kept at the current data version when there is one, and the events held rendered (`hasFragment`) are left
   * out of `rows` — and not read at all unless the repository reads whole rows with the page (`pagesCarryRows`).
   */
  async list(input: EventListInput, caller: Caller, reuse?: ListReuse): Promise<EventListResult> {
    const { criteria, applied } = await this.listCriteria.plan(input, caller);
    const pageRequest = { offset: (input.page - 1) * input.perPage, limit: input.perPage };
    const due = criteria.dueUntilUtc;
    const shown = <T extends EventStamp>(e: T): T => (due === undefined ? e : asShown(e, due));
    const locked = (e: EventStamp) => isProtected(e) && !this.mayUnlock(e, caller, input.password);
    let page: EventStamp[];
    let rows: ListedEvent[];
    let total: number;
    if (reuse === undefined) {
      const found = await this.repo.findPage(criteria, pageRequest);
      page = rows = found.rows.map(shown);
      total = found.total;
    } else {
      const { kept, carried } = await this.keptPage(criteria, pageRequest, reuse);
      const stamps = kept.stamps.map(shown);
      total = kept.total;
      const reused = new Set(stamps.filter((e) => reuse.hasFragment(e, locked(e))).map((e) => e.id));
      const unread = <T extends EventStamp>(events: T[]) => events.filter((e) => !reused.has(e.id));
      rows = (carried ? unread(carried) : await this.repo.findByIds(unread(stamps).map((e) => e.id))).map(shown);
      const read = new Set(rows.map((e) => e.id));
      page = stamps.filter((e) => reused.has(e.id) || read.has(e.id)); // an event deleted meanwhile is left out
    }
    const unlocked = new Set(page.filter((e) => isProtected(e) && !locked(e)).map((e) => e.id));
    const whole = async (e: ListedEvent) => {
      if (e.textsLeftOut === undefined) return e;
      const found = await this.repo.findById(e.id);
      return found === null ? null : shown(found);
    };
    return { page, rows, total, applied, unlocked, whole };
  }

  /**
   * The page `reuse` kept under this key if the data version is still the one it was read at; else the page read now
   * (with its rows where the repository carries them: `carried`), kept under the version read with it. A page never
   * asked for before is read at once: only a kept one costs the version's read first.
   */
  private async keptPage(c: EventCriteria, pageRequest: EventPageRequest, reuse: ListReuse): Promise<{ kept: KeptPage; carried?: ListedEvent[] }> {
    const key = pageKey(c, pageRequest);
    const last = reuse.page(key);
    if (last !== undefined && last.dataVersion === (await this.repo.currentDataVersion())) return { kept: last.page };
    if (this.repo.pagesCarryRows) {
      const { rows, total, dataVersion } = await this.repo.findPage(c, pageRequest);
      const kept = { stamps: rows.map(stampOfEvent), total };
      reuse.keepPage(key, dataVersion, kept);
      return { kept, carried: rows };
    }
    const { stamps, total, dataVersion } = await this.repo.findPageStamps(c, pageRequest);
    const kept = { stamps, total };
    reuse.keepPage(key, dataVersion, kept);
    return { kept };
  }

  /**
   * Issue 16: the list's filters and visibility, without paging: the first FEED_MAX_EVENTS matching events in list
   * order (§7.4), and how many match in all.
   */
  feed(input: Omit<EventListInput, 'page' | 'perPage'>, caller: Caller): Promise<EventListResult> {
    return this.list({ ...input, page: 1, perPage: FEED_MAX_EVENTS }, caller);
  }

  /** May the caller see this protected event unlocked (§6.11)? The rule the `event` filter of other lists follows too. */
  mayUnlock(e: EventStamp, caller: Caller, password: string | undefined): boolean {
    return maySeeUnlocked(e, caller, password);
  }

  /** A single read: the event as shown now, and the data version it was read at (for kept renderings of it). */
  async get(target: EventTarget, caller: Caller, password?: string): Promise<ReadEvent> {
    const found = await this.repo.findWithDataVersion(storedKey(target));
    if (!found) throw await this.notFoundError(target);
    return { event: this.readable(found.event, caller, password), dataVersion: found.dataVersion };
  }

  /** `get` on the event's stamp alone, with the same answers and errors: a body kept at the version needs no more. */
  async getStamp(target: EventTarget, caller: Caller, password?: string): Promise<ReadStamp> {
    const found = await this.repo.findStampWithDataVersion(storedKey(target));
    if (!found) throw await this.notFoundError(target);
    return { stamp: this.readable(found.stamp, caller, password), dataVersion: found.dataVersion };
  }

  /** The event as a single read shows it now (§3.5: due and not yet published by the job), if the caller may read it. */
  private readable<E extends EventStamp>(found: E, caller: Caller, password: string | undefined): E {
    const event = this.shownNow(found);
    if (event.status === 'trash') throw forbidden('event-no-longer-available');
    if (!Policy.maySee(caller, event)) throw forbidden('event-not-accessible');
    if (!this.mayUnlock(event, caller, password)) throw forbidden('event-password-protected');
    return event;
  }

  /**
   * The event as a GET shows it now: due and still `future` → `publish` (§3.5). A write's If-Match is compared with the
   * tag of this form, the one its GET gave (a probe found every conditional write of a due event refused until the job ran).
   */
  private shownNow<E extends EventStamp>(event: E): E {
    return asShown(event, utcWallClock(this.clock.now()));
  }

  // ----------------------------------------------------------------------------------------------------------- writes

  async create({ command, invalid }: EventWriteRequest, caller: Caller): Promise<WrittenEvent> {
    return this.written(async () => {
      const plan = await this.writeCheck.check(command, invalid, caller, null);
      this.writeCheck.assertMaySetAuthor(plan, caller, null);
      const id = await this.ids.next('event');
      return this.write(plan, caller, null, id);
    });
  }

  async update(target: EventTarget, { command, invalid }: EventWriteRequest, caller: Caller, ifMatch?: IfMatch): Promise<WrittenEvent> {
    return this.written(async () => {
      // §4.4: validation (step 5), then existence (6), then the record permission (7), then If-Match (8) — all against
      // the event as this write holds it. A new parent is checked under the parents' lock, taken first (no cycles).
      if (command.postParent) await this.uow.hold(EVENT_PARENTS_LOCK);
      const current = await this.lockOrNull(target);
      const plan = await this.writeCheck.check(command, invalid, caller, current);
      if (!current) throw await this.notFoundError(target);
      if (!Policy.mayEdit(caller, current)) throw forbidden();
      this.writeCheck.assertMaySetAuthor(plan, caller, current);
      if (plan.changes.status === 'trash' && !Policy.mayDelete(caller, current)) throw forbidden();
      await this.etags.assertIfMatch(ifMatch, this.shownNow(current));
      return this.write(plan, caller, current, current.id);
    });
  }

  /**
   * §9.10: trash (410 when trashed already) or, with `force`, delete for good. Answers the event as it was, with the
   * links it had (a permanent delete removed them).
   */
  async delete(target: EventTarget, force: boolean, caller: Caller, ifMatch?: IfMatch): Promise<WrittenEvent> {
    return this.written(async () => {
      const current = await this.lockOrNull(target);
      if (!current) throw await this.notFoundError(target);
      if (!Policy.mayDelete(caller, current)) throw forbidden();
      await this.etags.assertIfMatch(ifMatch, this.shownNow(current));
      const before = await this.withLinks(current);
      if (force) {
        await this.repo.remove(current.id);
        return { ...before, view: await this.views.viewWithLinks(current, before.links) };
      }
      if (current.status === 'trash') throw gone('event-is-in-trash');
      const trashed = CalendarEvent.trashed(current, utcWallClock(this.clock.now()));
      await this.repo.update(trashed);
      return { event: trashed, links: before.links, view: await this.views.viewWithLinks(trashed, before.links) };
    });
  }

  // -------------------------------------------------------------------------------------------------------- internals

  /** Runs a write in one unit of work; afterwards reads look again for due events (it may have scheduled one). */
  private async written<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.uow.run(work);
    } finally {
      this.scheduled.forget();
    }
  }

  /** Slugs in paths are compared ignoring case and accents (§1.3, §1.7); stored slugs are folded ASCII already. */
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

  private async withLinks(event: CalendarEvent): Promise<EventWithLinks> {
    const links = (await this.repo.loadLinks([event.id])).get(event.id) ?? { venueIds: [], organizerIds: [], termIds: [] };
    return { event, links };
  }

  /**
   * Writes a checked plan inside the unit of work: image, event row (with a free slug), inline records, terms, links;
   * then reads the written event's view there.
   */
  private async write(plan: EventWritePlan, caller: Caller, current: CalendarEvent | null, id: number): Promise<WrittenEvent> {
    const nowUtc = utcWallClock(this.clock.now());
    const imageId = plan.image !== undefined ? await this.linked.applyImage(plan.image, caller) : undefined;
    const changes = { ...plan.changes, imageId };
    const event = current ? CalendarEvent.withChanges(current, changes, nowUtc) : CalendarEvent.create(id, caller.userId ?? 0, changes, nowUtc);
    const { links, categoryIds } = await this.linksOf(plan, caller, current);
    if (current && plan.slugBase === undefined) await this.repo.update(event);
    else {
      // §9.4: the slug asked for, else the title's, else the id; made unique with -2, -3, …
      const base = (plan.slugBase ?? slugify(event.title)) || String(id);
      event.slug = await writeWithFreeSlug(this.repo, base.toLowerCase(), id, async (slug) => {
        event.slug = slug;
        await (current ? this.repo.update(event) : this.repo.insert(event));
      });
    }
    await this.saveLinks(id, links, categoryIds);
    const [view] = await this.views.viewsOf([event]);
    return { ...(await this.withLinks(event)), view };
  }

  /** The links the plan replaces: venue and organizer ids (inline objects created or reused) and category/tag ids. */
  private async linksOf(plan: EventWritePlan, caller: Caller, current: CalendarEvent | null) {
    const links: Partial<EventLinks> = {};
    if (plan.venues !== undefined) links.venueIds = await this.linkIds('venue', plan.venues, caller);
    if (plan.organizers !== undefined) links.organizerIds = await this.linkIds('organizer', plan.organizers, caller);
    if (plan.categories === undefined && plan.tags === undefined) return { links, categoryIds: [] };
    // A kind not sent keeps the event's current terms of that kind.
    const currentTerms = current ? ((await this.repo.loadLinks([current.id])).get(current.id)?.termIds ?? []) : [];
    const kept = currentTerms.length ? await this.linked.splitTerms(currentTerms) : { category: [], tag: [] };
    const categoryIds = plan.categories !== undefined ? await this.linked.resolveTerms('category', 'categories', plan.categories, caller) : kept.category;
    const tagIds = plan.tags !== undefined ? await this.linked.resolveTerms('tag', 'tags', plan.tags, caller) : kept.tag;
    links.termIds = [...categoryIds, ...tagIds];
    return { links, categoryIds };
  }

  private async linkIds(param: 'venue' | 'organizer', refs: LinkRef[], caller: Caller): Promise<number[]> {
    const out: number[] = [];
    for (const ref of refs) {
      if (ref.kind === 'id') out.push(ref.id);
      else if (param === 'venue') out.push(await this.linked.createOrReuseVenue(ref.input, caller));
      else out.push(await this.linked.createOrReuseOrganizer(ref.input, caller));
    }
    return [...new Set(out)];
  }

  /** A record checked above but deleted by a write that committed meanwhile is answered as if it never existed. */
  private async saveLinks(id: number, links: Partial<EventLinks>, categoryIds: number[]): Promise<void> {
    if (Object.keys(links).length === 0) return;
    try {
      await this.repo.saveLinks(id, links);
    } catch (e) {
      if (!(e instanceof LinkTargetsGoneError)) throw e;
      const param = e.kind === 'term' ? (e.ids.some((t) => categoryIds.includes(t)) ? 'categories' : 'tags') : e.kind;
      throw new InvalidParamsError([{ param, detail: 'rest_unknown_reference', args: { values: e.ids.join(', ') } }]);
    }
  }
}
