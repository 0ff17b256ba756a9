import type { EventAccessStamp } from '../../../../shared/domain/event-links-access';
import type { RecordStatus } from '../../../../shared/domain/policy';
import { TermRepository } from '../../application/term-repository';
import { NewTerm, Taxonomy, Term, termKey } from '../../domain/term';

/**
 * ADAPTER for unit and contract tests: terms in a map. Events are represented only by what terms need (status and
 * term links); `linkEvent` plays the part of the events module's writes.
 */
export class InMemoryTermRepository extends TermRepository {
  private lastId = 0;
  private readonly terms = new Map<number, Term>();
  private readonly events = new Map<number, { status: string; termIds: number[] }>();

  /** Test seam: an event with this status carrying these terms (replaces any earlier links of that event). */
  linkEvent(eventId: number, status: string, termIds: number[]): void {
    this.events.set(eventId, { status, termIds: [...termIds] });
  }

  async insert(term: NewTerm): Promise<Term> {
    const stored = { ...term, id: ++this.lastId };
    this.terms.set(stored.id, stored);
    return { ...stored };
  }

  async update(term: Term): Promise<void> {
    if (this.terms.has(term.id)) this.terms.set(term.id, { ...term });
  }

  async delete(term: Term): Promise<void> {
    for (const event of this.events.values()) event.termIds = event.termIds.filter((id) => id !== term.id);
    for (const t of this.terms.values()) if (t.parent === term.id && t.taxonomy === term.taxonomy) t.parent = term.parent;
    this.terms.delete(term.id);
  }

  async findById(taxonomy: Taxonomy, id: number): Promise<Term | null> {
    const t = this.terms.get(id);
    return t && t.taxonomy === taxonomy ? { ...t } : null;
  }

  lockById(taxonomy: Taxonomy, id: number): Promise<Term | null> {
    return this.findById(taxonomy, id);
  }

  lockByIds(taxonomy: Taxonomy, ids: number[]): Promise<Term[]> {
    return this.findByIds(taxonomy, ids);
  }

  lockAll(taxonomy: Taxonomy): Promise<Term[]> {
    return this.all(taxonomy);
  }

  async findByIds(taxonomy: Taxonomy | null, ids: number[]): Promise<Term[]> {
    return [...new Set(ids)]
      .sort((a, b) => a - b)
      .map((id) => this.terms.get(id))
      .filter((t): t is Term => t !== undefined && (taxonomy === null || t.taxonomy === taxonomy))
      .map((t) => ({ ...t }));
  }

  async findBySlug(taxonomy: Taxonomy, slug: string): Promise<Term | null> {
    const key = termKey(slug);
    const t = [...this.terms.values()].find((x) => x.taxonomy === taxonomy && termKey(x.slug) === key);
    return t ? { ...t } : null;
  }

  async findByName(taxonomy: Taxonomy, name: string, parent?: number): Promise<Term | null> {
    const key = termKey(name);
    const t = [...this.terms.values()]
      .sort((a, b) => a.id - b.id)
      .find((x) => x.taxonomy === taxonomy && termKey(x.name) === key && (parent === undefined || x.parent === parent));
    return t ? { ...t } : null;
  }

  async all(taxonomy: Taxonomy): Promise<Term[]> {
    return [...this.terms.values()].filter((t) => t.taxonomy === taxonomy).sort((a, b) => a.id - b.id).map((t) => ({ ...t }));
  }

  async counts(taxonomy: Taxonomy): Promise<Map<number, number>> {
    const ids = [...this.terms.values()].filter((t) => t.taxonomy === taxonomy).map((t) => t.id);
    return this.countsOf(ids);
  }

  async countsOf(termIds: number[]): Promise<Map<number, number>> {
    const wanted = new Set(termIds);
    const out = new Map<number, number>();
    for (const event of this.events.values()) {
      if (event.status !== 'publish') continue;
      for (const id of new Set(event.termIds)) if (wanted.has(id)) out.set(id, (out.get(id) ?? 0) + 1);
    }
    return out;
  }

  async eventAccessStamp(eventId: number): Promise<EventAccessStamp | null> {
    const e = this.events.get(eventId);
    return e ? { authorId: 0, status: e.status as RecordStatus, dateUtc: '2000-01-01 00:00:00', postPassword: '' } : null;
  }

  async termsOfEvents(eventIds: number[]): Promise<Map<number, Term[]>> {
    const out = new Map<number, Term[]>();
    for (const eventId of new Set(eventIds)) {
      const ids = this.events.get(eventId)?.termIds ?? [];
      const terms = ids.map((id) => this.terms.get(id)).filter((t): t is Term => t !== undefined).map((t) => ({ ...t }));
      terms.sort((a, b) => (termKey(a.name) < termKey(b.name) ? -1 : termKey(a.name) > termKey(b.name) ? 1 : a.id - b.id));
      out.set(eventId, terms);
    }
    return out;
  }
}
