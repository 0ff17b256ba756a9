import type { Page } from '../../../../shared/domain/page';
import { offsetOf } from '../../../../shared/domain/page';
import { fold } from '../../../../shared/domain/text';
import { fieldMatchesAll, isVenueDuplicate, Venue, VenueDuplicateProbe, VENUE_SEARCH_FIELDS } from '../../domain/venue';
import { VenueListCriteria, VenueRepository } from '../../domain/venue.repository';

/** In-memory adapter for unit tests. Event links are kept in `links` (event id → venue ids); `events` holds event facts. */
export class InMemoryVenueRepository extends VenueRepository {
  readonly venues = new Map<number, Venue>();
  readonly links = new Map<number, number[]>();
  readonly events = new Map<number, { status: string; startUtc: string; hidden: boolean; authorId: number }>();

  async findPage(c: VenueListCriteria): Promise<Page<Venue>> {
    const linkedEvents = (id: number) => [...this.links.entries()].filter(([, v]) => v.includes(id)).map(([e]) => e);
    const all = [...this.venues.values()].filter((v) => {
      if (!c.statuses.includes(v.status)) return false;
      if (c.restrictNonPublishToAuthor !== null && v.status !== 'publish' && v.authorId !== c.restrictNonPublishToAuthor) return false;
      if (c.fragments.length > 0 && !VENUE_SEARCH_FIELDS.some((f) => fieldMatchesAll(v[f], c.fragments))) return false;
      const events = linkedEvents(v.id);
      if (c.eventId !== undefined && !events.includes(c.eventId)) return false;
      if (c.hasEvents === true && !events.some((e) => !['draft', 'pending', 'trash'].includes(this.events.get(e)?.status ?? 'trash'))) return false;
      if (c.hasEvents === false && events.length > 0) return false;
      if (c.upcomingAfterUtc !== undefined) {
        const ok = events.some((e) => {
          const ev = this.events.get(e);
          if (!ev || ev.hidden || ev.startUtc < c.upcomingAfterUtc! || ev.status === 'trash') return false;
          return ev.status === 'publish' || c.viewer.seesAll || (c.viewer.userId !== null && ev.authorId === c.viewer.userId);
        });
        if (!ok) return false;
      }
      return true;
    });
    all.sort((a, b) => (a.dateUtc === b.dateUtc ? b.id - a.id : a.dateUtc < b.dateUtc ? 1 : -1));
    const start = offsetOf(c.page);
    return { items: all.slice(start, start + c.page.perPage).map((v) => ({ ...v })), total: all.length };
  }
  async findById(id: number) {
    const v = this.venues.get(id);
    return v ? { ...v } : null;
  }
  async findByIds(ids: number[]) {
    return ids.map((id) => this.venues.get(id)).filter((v): v is Venue => !!v).map((v) => ({ ...v }));
  }
  async findForEvents(eventIds: number[]) {
    return new Map(eventIds.map((e) => [e, (this.links.get(e) ?? []).map((id) => this.venues.get(id)).filter((v): v is Venue => !!v).map((v) => ({ ...v }))]));
  }
  async findBySlug(slug: string) {
    const key = fold(slug);
    for (const v of this.venues.values()) if (v.slug === key) return { ...v };
    return null;
  }
  async slugTaken(slug: string, exceptId?: number) {
    return [...this.venues.values()].some((v) => v.slug === slug && v.id !== exceptId);
  }
  async findDuplicate(probe: VenueDuplicateProbe) {
    const found = [...this.venues.values()].filter((v) => isVenueDuplicate(v, probe)).sort((a, b) => a.id - b.id)[0];
    return found ? { ...found } : null;
  }
  async eventExists(eventId: number) {
    return this.events.has(eventId);
  }
  async publishDue(nowUtc: string) {
    for (const [id, r] of this.venues) if (r.status === 'future' && r.dateUtc <= nowUtc) this.venues.set(id, { ...r, status: 'publish' });
  }
  async save(venue: Venue) {
    this.venues.set(venue.id, { ...venue });
  }
  async trash(id: number, modifiedUtc: string) {
    const v = this.venues.get(id);
    if (v) this.venues.set(id, { ...v, status: 'trash', modifiedUtc });
  }
  async remove(id: number) {
    this.venues.delete(id);
  }
  async unlinkFromAllEvents(id: number) {
    for (const [e, ids] of this.links) this.links.set(e, ids.filter((v) => v !== id));
  }
}
