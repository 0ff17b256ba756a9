import type { Page } from '../../../../shared/domain/page';
import { offsetOf } from '../../../../shared/domain/page';
import { fold } from '../../../../shared/domain/text';
import { fieldMatchesAll, isOrganizerDuplicate, Organizer, OrganizerDuplicateProbe, ORGANIZER_SEARCH_FIELDS } from '../../domain/organizer';
import { OrganizerListCriteria, OrganizerRepository } from '../../domain/organizer.repository';

/** In-memory adapter for unit tests. Event links are kept in `links` (event id → organizer ids); `events` holds event facts. */
export class InMemoryOrganizerRepository extends OrganizerRepository {
  readonly organizers = new Map<number, Organizer>();
  readonly links = new Map<number, number[]>();
  readonly events = new Map<number, { status: string; startUtc: string; hidden: boolean; authorId: number }>();

  async findPage(c: OrganizerListCriteria): Promise<Page<Organizer>> {
    const linkedEvents = (id: number) => [...this.links.entries()].filter(([, v]) => v.includes(id)).map(([e]) => e);
    const all = [...this.organizers.values()].filter((v) => {
      if (!c.statuses.includes(v.status)) return false;
      if (c.restrictNonPublishToAuthor !== null && v.status !== 'publish' && v.authorId !== c.restrictNonPublishToAuthor) return false;
      if (c.fragments.length > 0 && !ORGANIZER_SEARCH_FIELDS.some((f) => fieldMatchesAll(v[f], c.fragments))) return false;
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
    const v = this.organizers.get(id);
    return v ? { ...v } : null;
  }
  async findByIds(ids: number[]) {
    return ids.map((id) => this.organizers.get(id)).filter((v): v is Organizer => !!v).map((v) => ({ ...v }));
  }
  async findForEvents(eventIds: number[]) {
    return new Map(
      eventIds.map((e) => [e, (this.links.get(e) ?? []).map((id) => this.organizers.get(id)).filter((o): o is Organizer => !!o).map((o) => ({ ...o }))]),
    );
  }
  async findBySlug(slug: string) {
    const key = fold(slug);
    for (const v of this.organizers.values()) if (v.slug === key) return { ...v };
    return null;
  }
  async slugTaken(slug: string, exceptId?: number) {
    return [...this.organizers.values()].some((v) => v.slug === slug && v.id !== exceptId);
  }
  async findDuplicate(probe: OrganizerDuplicateProbe) {
    const found = [...this.organizers.values()].filter((v) => isOrganizerDuplicate(v, probe)).sort((a, b) => a.id - b.id)[0];
    return found ? { ...found } : null;
  }
  async eventExists(eventId: number) {
    return this.events.has(eventId);
  }
  async publishDue(nowUtc: string) {
    for (const [id, r] of this.organizers) if (r.status === 'future' && r.dateUtc <= nowUtc) this.organizers.set(id, { ...r, status: 'publish' });
  }
  async save(organizer: Organizer) {
    this.organizers.set(organizer.id, { ...organizer });
  }
  async trash(id: number, modifiedUtc: string) {
    const v = this.organizers.get(id);
    if (v) this.organizers.set(id, { ...v, status: 'trash', modifiedUtc });
  }
  async remove(id: number) {
    this.organizers.delete(id);
  }
  async unlinkFromAllEvents(id: number) {
    for (const [e, ids] of this.links) this.links.set(e, ids.filter((v) => v !== id));
  }
}
