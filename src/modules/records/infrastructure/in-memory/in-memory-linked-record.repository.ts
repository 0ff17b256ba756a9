import type { EventAccessStamp } from '../../../../shared/domain/event-links-access';
import type { RecordStatus } from '../../../../shared/domain/policy';
import { shownStatus } from '../../../../shared/domain/publication';
import type { Page } from '../../../../shared/domain/page';
import { offsetOf } from '../../../../shared/domain/page';
import { fold } from '../../../../shared/domain/text';
import { fieldMatchesAll, LinkedRecord } from '../../domain/linked-record';
import { DuplicateViewer, LinkedRecordListCriteria, LinkedRecordRepository } from '../../domain/linked-record.repository';

/** §3.4 as lists and duplicate searches apply it: shown as `publish`, or the restricted-to author's own. */
function visibleTo(v: LinkedRecord, c: DuplicateViewer): boolean {
  return c.restrictNonPublishToAuthor === null || shownStatus(v.status, v.dateUtc, c.dueUntilUtc) === 'publish' || v.authorId === c.restrictNonPublishToAuthor;
}

/** What the in-memory adapter knows of an event (the facts the list filters read). */
interface InMemoryEventFacts {
  status: string;
  startUtc: string;
  hidden: boolean;
  authorId: number;
  /** Publication date (UTC), default long past; password, default none. */
  dateUtc?: string;
  postPassword?: string;
}

/**
 * In-memory adapter for unit and contract tests, shared by venues and organizers: `records` by id, event links in
 * `links` (event id → record ids) and event facts in `events`. Each aggregate names its searchable fields and its
 * duplicate rule (the domain's pure matcher, which the SQL adapter implements in SQL).
 */
export class InMemoryLinkedRecordRepository<T extends LinkedRecord, Probe> extends LinkedRecordRepository<T, Probe> {
  readonly records = new Map<number, T>();
  readonly links = new Map<number, number[]>();
  readonly events = new Map<number, InMemoryEventFacts>();

  constructor(
    private readonly searchFields: readonly (keyof T & string)[],
    private readonly isDuplicate: (record: T, probe: Probe) => boolean,
  ) {
    super();
  }

  async findPage(c: LinkedRecordListCriteria): Promise<Page<T>> {
    const linkedEvents = (id: number) => [...this.links.entries()].filter(([, v]) => v.includes(id)).map(([e]) => e);
    const all = [...this.records.values()].filter((v) => {
      if (!c.statuses.includes(shownStatus(v.status, v.dateUtc, c.dueUntilUtc)) || !visibleTo(v, c)) return false;
      if (c.fragments.length > 0 && !this.searchFields.some((f) => fieldMatchesAll(String(v[f]), c.fragments))) return false;
      const events = linkedEvents(v.id);
      if (c.eventId !== undefined && !events.includes(c.eventId)) return false;
      if (c.hasEvents === true && !events.some((e) => !['draft', 'pending', 'trash'].includes(this.events.get(e)?.status ?? 'trash'))) return false;
      if (c.hasEvents === false && events.length > 0) return false;
      if (c.upcomingAfterUtc !== undefined) {
        const ok = events.some((e) => {
          const ev = this.events.get(e);
          if (!ev || ev.hidden || ev.startUtc < c.upcomingAfterUtc! || ev.status === 'trash') return false;
          const locked = !!ev.postPassword && !c.viewer.seesAll && ev.authorId !== c.viewer.userId && ev.postPassword !== c.viewer.password;
          if (locked) return false; // §6.11: no venue or organizer in its list item
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
    const v = this.records.get(id);
    return v ? { ...v } : null;
  }
  async findByIds(ids: number[]) {
    return ids.map((id) => this.records.get(id)).filter((v): v is T => !!v).map((v) => ({ ...v }));
  }
  async findBySlug(slug: string) {
    const key = fold(slug);
    for (const v of this.records.values()) if (v.slug === key) return { ...v };
    return null;
  }
  lockById(id: number) {
    return this.findById(id);
  }
  lockBySlug(slug: string) {
    return this.findBySlug(slug);
  }
  async slugTaken(slug: string, exceptId?: number) {
    return [...this.records.values()].some((v) => v.slug === slug && v.id !== exceptId);
  }
  async findDuplicate(probe: Probe, seenBy: DuplicateViewer) {
    const found = [...this.records.values()].filter((v) => this.isDuplicate(v, probe) && visibleTo(v, seenBy)).sort((a, b) => a.id - b.id)[0];
    return found ? { ...found } : null;
  }
  async eventAccessStamp(eventId: number): Promise<EventAccessStamp | null> {
    const e = this.events.get(eventId);
    return e ? { authorId: e.authorId, status: e.status as RecordStatus, dateUtc: e.dateUtc ?? '2000-01-01 00:00:00', postPassword: e.postPassword ?? '' } : null;
  }
  async anyDue(nowUtc: string) {
    return [...this.records.values()].some((r) => r.status === 'future' && r.dateUtc <= nowUtc);
  }
  async publishDue(nowUtc: string) {
    let published = 0;
    for (const [id, r] of this.records) {
      if (r.status !== 'future' || r.dateUtc > nowUtc) continue;
      this.records.set(id, { ...r, status: 'publish' });
      published++;
    }
    return published;
  }
  async insert(record: T) {
    if (this.records.has(record.id)) throw new Error(`record ${record.id} exists`);
    this.records.set(record.id, { ...record });
  }
  async update(record: T) {
    if (!this.records.has(record.id)) throw new Error(`record ${record.id} does not exist`);
    this.records.set(record.id, { ...record });
  }
  async trash(id: number, modifiedUtc: string) {
    const v = this.records.get(id);
    if (v) this.records.set(id, { ...v, status: 'trash', modifiedUtc });
  }
  async remove(id: number) {
    this.records.delete(id);
  }
  async unlinkFromAllEvents(id: number) {
    for (const [e, ids] of this.links) this.links.set(e, ids.filter((v) => v !== id));
  }
}
