import { shownStatus } from '../../../../shared/domain/publication';
import { CalendarEvent, EventLinks, EventStamp, isProtected, searchableKeyOf, stampOfEvent as stampOf } from '../../domain/calendar-event';
import { inSlugFamily } from '../../../../shared/domain/text';
import { matchesDateWindow } from '../../domain/event-date-window';
import { EventCriteria, EventPageRequest, lockedMatches } from '../../domain/event-query';
import { SlugConflictError } from '../../../../shared/domain/slug-allocation';
import { asListed, EventRepository, ListedEvent, ReadEvent, ReadStamp } from '../../domain/event.repository';


/** ADAPTER for unit tests: the same predicates as the SQL adapter (matchesDateWindow for dates). */
export class InMemoryEventRepository extends EventRepository {
  /** Stamps first, as on SQLite: the path with more steps is the one the unit tests should walk. */
  readonly pagesCarryRows = false;
  private readonly events = new Map<number, CalendarEvent>();
  private readonly links = new Map<number, EventLinks>();
  /** Venue coordinates known to this fake (tests set them). */
  readonly venueCoords = new Map<number, { lat: number; lng: number }>();

  private linksOf(id: number): EventLinks {
    return this.links.get(id) ?? { venueIds: [], organizerIds: [], termIds: [] };
  }

  private matches(e: CalendarEvent, c: EventCriteria): boolean {
    if (e.hideFromListings) return false;
    const status = c.dueUntilUtc === undefined ? e.status : shownStatus(e.status, e.dateUtc, c.dueUntilUtc);
    if (!c.statuses.includes(status)) return false;
    if (c.restrictNonPublishToAuthor !== null && status !== 'publish' && e.authorId !== c.restrictNonPublishToAuthor) return false;
    if (!matchesDateWindow({ mode: c.mode, bounds: c.bounds, applied: [] }, e)) return false;
    const key = searchableKeyOf(e, c.protectedTextReader ?? { authorId: null, password: null });
    if ((c.searchWords ?? []).some((w) => !key.includes(w))) return false;
    if ((c.excludedWords ?? []).some((w) => key.includes(w))) return false;
    const locked = lockedMatches(c);
    if (locked !== null && isProtected(e) && e.authorId !== c.maskedFor!.authorId && e.postPassword !== c.maskedFor!.password) {
      // §6.11: filters on masked fields see the masked values; the other filters were checked above or below.
      if (locked === 'never') return false;
      return (c.include === undefined || c.include.includes(e.id)) && (c.postParent === undefined || e.postParent === c.postParent);
    }
    const l = this.linksOf(e.id);
    const any = (ids: number[] | undefined, have: number[]) => ids === undefined || ids.some((id) => have.includes(id));
    if (!any(c.categoryIds, l.termIds) || !any(c.tagIds, l.termIds)) return false;
    if (!any(c.venueIds, l.venueIds) || !any(c.organizerIds, l.organizerIds) || !any(c.nearVenueIds, l.venueIds)) return false;
    if (c.featured !== undefined && e.featured !== c.featured) return false;
    if (c.ticketed !== undefined && e.ticketed !== c.ticketed) return false;
    if (c.geoloc !== undefined && l.venueIds.some((v) => this.venueCoords.has(v)) !== c.geoloc) return false;
    if (c.include !== undefined && !c.include.includes(e.id)) return false;
    if (c.postParent !== undefined && e.postParent !== c.postParent) return false;
    return true;
  }

  async findPage(c: EventCriteria, page: EventPageRequest): Promise<{ rows: ListedEvent[]; total: number; dataVersion: number }> {
    const { ids, total } = this.pageIds(c, page);
    return { rows: await this.findByIds(ids), total, dataVersion: 0 };
  }

  async findPageStamps(c: EventCriteria, page: EventPageRequest): Promise<{ stamps: EventStamp[]; total: number; dataVersion: number }> {
    const { rows, total } = await this.findPage(c, page);
    return { stamps: rows.map(stampOf), total, dataVersion: 0 };
  }

  async findByIds(ids: number[]): Promise<ListedEvent[]> {
    return ids.flatMap((id) => {
      const e = this.events.get(id);
      return e ? [asListed({ ...e })] : [];
    });
  }

  private pageIds(c: EventCriteria, page: EventPageRequest): { ids: number[]; total: number } {
    const field = c.mode === 'site' ? 'startUtc' : 'startLocal';
    const all = [...this.events.values()]
      .filter((e) => this.matches(e, c))
      .sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : a.id - b.id));
    return { ids: all.slice(page.offset, page.offset + page.limit).map((e) => e.id), total: all.length };
  }

  async findById(id: number): Promise<CalendarEvent | null> {
    const e = this.events.get(id);
    return e ? { ...e } : null;
  }

  async findBySlug(slug: string): Promise<CalendarEvent | null> {
    const s = slug.toLowerCase();
    const e = [...this.events.values()].find((x) => x.slug === s);
    return e ? { ...e } : null;
  }

  /** Unit tests' storage counts no versions (always 0): the kept renderings are the database adapters' concern. */
  async findWithDataVersion(target: { id: number } | { slug: string }): Promise<ReadEvent | null> {
    const event = 'id' in target ? await this.findById(target.id) : await this.findBySlug(target.slug);
    return event ? { event, dataVersion: 0 } : null;
  }

  async findStampWithDataVersion(target: { id: number } | { slug: string }): Promise<ReadStamp | null> {
    const found = await this.findWithDataVersion(target);
    return found ? { stamp: stampOf(found.event), dataVersion: 0 } : null;
  }

  async currentDataVersion(): Promise<number> {
    return 0;
  }

  lockById(id: number): Promise<CalendarEvent | null> {
    return this.findById(id);
  }

  shareById(id: number): Promise<CalendarEvent | null> {
    return this.findById(id);
  }

  lockBySlug(slug: string): Promise<CalendarEvent | null> {
    return this.findBySlug(slug);
  }

  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const s = slug.toLowerCase();
    return [...this.events.values()].some((x) => x.slug === s && x.id !== exceptId);
  }

  async slugFamily(base: string, exceptId?: number): Promise<Set<string>> {
    const lower = base.toLowerCase();
    const slugs = [...this.events.values()].filter((x) => x.id !== exceptId && inSlugFamily(lower, x.slug)).map((x) => x.slug);
    return new Set(slugs);
  }

  async insert(event: CalendarEvent): Promise<void> {
    if (this.events.has(event.id)) throw new Error(`event ${event.id} exists`);
    if (await this.slugTaken(event.slug, event.id)) throw new SlugConflictError();
    this.events.set(event.id, { ...event });
  }

  async update(event: CalendarEvent): Promise<void> {
    if (!this.events.has(event.id)) throw new Error(`event ${event.id} does not exist`);
    if (await this.slugTaken(event.slug, event.id)) throw new SlugConflictError();
    this.events.set(event.id, { ...event });
  }

  async saveLinks(eventId: number, links: Partial<EventLinks>): Promise<void> {
    const current = this.linksOf(eventId);
    this.links.set(eventId, {
      venueIds: links.venueIds ? [...new Set(links.venueIds)] : current.venueIds,
      organizerIds: links.organizerIds ? [...new Set(links.organizerIds)] : current.organizerIds,
      termIds: links.termIds ? [...new Set(links.termIds)].sort((a, b) => a - b) : current.termIds,
    });
  }

  async remove(id: number): Promise<void> {
    this.events.delete(id);
    this.links.delete(id);
    for (const e of this.events.values()) if (e.postParent === id) e.postParent = 0;
  }

  async loadLinks(eventIds: number[]): Promise<Map<number, EventLinks>> {
    const out = new Map<number, EventLinks>();
    for (const id of eventIds) {
      const l = this.linksOf(id);
      out.set(id, { venueIds: [...l.venueIds], organizerIds: [...l.organizerIds], termIds: [...l.termIds] });
    }
    return out;
  }

  async childIds(id: number): Promise<number[]> {
    return [...this.events.values()].filter((e) => e.postParent === id).map((e) => e.id);
  }

  async publishDue(nowUtc: string): Promise<number> {
    const due = [...this.events.values()].filter((e) => e.status === 'future' && e.dateUtc <= nowUtc);
    for (const e of due) e.status = 'publish';
    return due.length;
  }

  async earliestScheduledUtc(): Promise<string | null> {
    const scheduled = [...this.events.values()].filter((e) => e.status === 'future').map((e) => e.dateUtc);
    return scheduled.length ? scheduled.reduce((a, b) => (a < b ? a : b)) : null;
  }

  async venueCoordinates(): Promise<Array<{ id: number; lat: number; lng: number }>> {
    return [...this.venueCoords.entries()].map(([id, c]) => ({ id, ...c }));
  }
}
