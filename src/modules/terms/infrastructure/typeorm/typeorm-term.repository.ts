import { Injectable } from '@nestjs/common';
import { readEventAccessStamp } from '../../../../database/event-access-stamp';
import type { EventAccessStamp } from '../../../../shared/domain/event-links-access';
import { DataSource } from 'typeorm';
import { marks } from '../../../../database/raw-columns';
import { readRows } from '../../../../database/read-rows';
import { forUpdate, locksRows, managerOf } from '../../../../database/typeorm-unit-of-work';
import { TermRepository } from '../../application/term-repository';
import { NewTerm, Taxonomy, Term, termKey } from '../../domain/term';
import { TermOrmEntity } from './term.orm-entity';
import {
  CategoryTree,
  holdCategoryTree,
  readCategoryTree,
  EVERY_KIND,
  rebuildCategoryCounts,
  shareCategoryTree,
  subtreesOf,
} from '../../../events/infrastructure/typeorm/category-tree-counts';
import { LINK_TABLES, unlinkFromEvents } from '../../../events/infrastructure/typeorm/event-link-tables';

/** A term from its row (also read by the events read model). */
export const toTerm = (row: Pick<TermOrmEntity, 'id' | 'taxonomy' | 'name' | 'slug' | 'description' | 'parent'>): Term => ({
  id: Number(row.id),
  taxonomy: row.taxonomy as Taxonomy,
  name: row.name,
  slug: row.slug,
  description: row.description,
  parent: Number(row.parent),
});

/** What `toTerm` reads. */
const TERM_COLUMNS = 't.id AS id, t.taxonomy AS taxonomy, t.name AS name, t.slug AS slug, t.description AS description, t.parent AS parent';

const byNameThenId = (a: Term, b: Term) => {
  const ka = termKey(a.name);
  const kb = termKey(b.name);
  return ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
};

/** ADAPTER: terms in the `terms` table (with their maintained `event_count`); event links in `event_terms`. */
@Injectable()
export class TypeOrmTermRepository extends TermRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get repo() {
    return managerOf(this.dataSource).getRepository(TermOrmEntity);
  }

  /** Reads in plain SQL (issue 18): TypeORM's query building and hydration cost more CPU than the queries. */
  private async rowsWhere(condition: string, params: unknown[], tail = ''): Promise<Term[]> {
    const rows = await readRows<TermOrmEntity>(managerOf(this.dataSource), `SELECT ${TERM_COLUMNS} FROM terms t WHERE ${condition}${tail}`, params);
    return rows.map(toTerm);
  }

  async insert(term: NewTerm): Promise<Term> {
    const saved = await this.repo.save(
      this.repo.create({
        taxonomy: term.taxonomy,
        name: term.name,
        nameKey: termKey(term.name),
        slug: term.slug,
        slugKey: termKey(term.slug),
        description: term.description,
        parent: term.parent,
      }),
    );
    return toTerm(saved);
  }

  async update(term: Term): Promise<void> {
    const manager = managerOf(this.dataSource);
    const [stored] =
      term.taxonomy === 'category' ? ((await manager.query('SELECT parent FROM terms WHERE id = ?', [term.id])) as Array<{ parent: unknown }>) : [];
    const moved = stored !== undefined && Number(stored.parent) !== term.parent;
    const before = moved ? await this.heldCategoryTree() : null;
    await this.repo.update(
      { id: term.id },
      {
        name: term.name,
        nameKey: termKey(term.name),
        slug: term.slug,
        slugKey: termKey(term.slug),
        description: term.description,
        parent: term.parent,
      },
    );
    if (before) {
      // The subtrees that lost or gained the category's: its ancestors before and after (its own and its
      // descendants' subtrees are unchanged).
      const after = await readCategoryTree(manager);
      const ancestors = (tree: CategoryTree) => subtreesOf(tree, [tree.get(term.id) ?? 0]);
      await rebuildCategoryCounts(manager, after, [...ancestors(before), ...ancestors(after)], EVERY_KIND);
    }
  }

  async delete(term: Term): Promise<void> {
    const manager = managerOf(this.dataSource);
    const before = term.taxonomy === 'category' ? await this.heldCategoryTree() : null;
    await unlinkFromEvents(manager, LINK_TABLES.term, term.id);
    await this.repo.update({ parent: term.id, taxonomy: term.taxonomy }, { parent: term.parent });
    await this.repo.delete({ id: term.id });
    // The category's own buckets go; its ancestors lose the events it alone linked (its children move up to its
    // parent, inside the same subtrees).
    if (before) await rebuildCategoryCounts(manager, await readCategoryTree(manager), subtreesOf(before, [term.id]), EVERY_KIND);
  }

  /** The category tree, held exclusively (usually already by the service, before it took any category). */
  private async heldCategoryTree(): Promise<CategoryTree> {
    const manager = managerOf(this.dataSource);
    await holdCategoryTree(manager);
    return readCategoryTree(manager);
  }

  async findById(taxonomy: Taxonomy, id: number): Promise<Term | null> {
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const [term] = await this.rowsWhere('t.id = ? AND t.taxonomy = ?', [id, taxonomy]);
    return term ?? null;
  }

  async lockById(taxonomy: Taxonomy, id: number): Promise<Term | null> {
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const row = await this.locked(this.repo.createQueryBuilder('t').where('t.id = :id AND t.taxonomy = :taxonomy', { id, taxonomy })).getOne();
    return row ? toTerm(row) : null;
  }

  async lockByIds(taxonomy: Taxonomy, ids: number[]): Promise<Term[]> {
    const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
    if (wanted.length === 0) return [];
    const manager = managerOf(this.dataSource);
    await shareCategoryTree(manager); // as every event write: the tree before any term (category-tree-counts.ts)
    return this.rowsWhere(`t.id IN (${marks(wanted.length)}) AND t.taxonomy = ?`, [...wanted, taxonomy], ` ORDER BY t.id${forUpdate(manager)}`);
  }

  async lockAll(taxonomy: Taxonomy): Promise<Term[]> {
    const q = this.repo.createQueryBuilder('t').where('t.taxonomy = :taxonomy', { taxonomy }).orderBy('t.id', 'ASC');
    return (await this.locked(q).getMany()).map(toTerm);
  }

  private locked<Q extends { setLock(mode: 'pessimistic_write'): Q }>(q: Q): Q {
    return locksRows(managerOf(this.dataSource)) ? q.setLock('pessimistic_write') : q;
  }

  async findByIds(taxonomy: Taxonomy | null, ids: number[]): Promise<Term[]> {
    const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
    if (wanted.length === 0) return [];
    const inTaxonomy = taxonomy ? ' AND t.taxonomy = ?' : '';
    return this.rowsWhere(`t.id IN (${marks(wanted.length)})${inTaxonomy}`, taxonomy ? [...wanted, taxonomy] : wanted, ' ORDER BY t.id');
  }

  async findBySlug(taxonomy: Taxonomy, slug: string): Promise<Term | null> {
    const [term] = await this.rowsWhere('t.taxonomy = ? AND t.slug_key = ?', [taxonomy, termKey(slug)], ' LIMIT 1');
    return term ?? null;
  }

  async findByName(taxonomy: Taxonomy, name: string, parent?: number): Promise<Term | null> {
    const where = { taxonomy, nameKey: termKey(name), ...(parent !== undefined ? { parent } : {}) };
    const row = await this.repo.findOne({ where, order: { id: 'ASC' } });
    return row ? toTerm(row) : null;
  }

  async all(taxonomy: Taxonomy): Promise<Term[]> {
    return this.rowsWhere('t.taxonomy = ?', [taxonomy], ' ORDER BY t.id');
  }

  // Counts are `terms.event_count`, maintained by the event write transactions (events/infrastructure/typeorm/
  // event-link-tables.ts): counting a term's published events per request costs its whole link range at 1M events.

  async counts(taxonomy: Taxonomy): Promise<Map<number, number>> {
    return this.countsWhere('t.taxonomy = ?', [taxonomy]);
  }

  async countsOf(termIds: number[]): Promise<Map<number, number>> {
    const ids = [...new Set(termIds)];
    if (ids.length === 0) return new Map();
    return this.countsWhere(`t.id IN (${marks(ids.length)})`, ids);
  }

  /** term id → count, terms without published events left out (as the port says). */
  private async countsWhere(condition: string, params: unknown[]): Promise<Map<number, number>> {
    const sql = `SELECT t.id AS term_id, t.event_count AS n FROM terms t WHERE ${condition} AND t.event_count > 0`;
    const rows = (await managerOf(this.dataSource).query(sql, params)) as Array<{ term_id: unknown; n: unknown }>;
    return new Map(rows.map((r) => [Number(r.term_id), Number(r.n)]));
  }

  eventAccessStamp(eventId: number): Promise<EventAccessStamp | null> {
    return readEventAccessStamp(managerOf(this.dataSource), eventId);
  }

  async termsOfEvents(eventIds: number[]): Promise<Map<number, Term[]>> {
    const ids = [...new Set(eventIds)];
    const out = new Map<number, Term[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return out;
    // One join: the page's links and their terms together.
    const { entities, raw } = await this.repo
      .createQueryBuilder('t')
      .innerJoin('event_terms', 'et', 'et.term_id = t.id')
      .addSelect('et.event_id', 'link_event_id')
      .where('et.event_id IN (:...ids)', { ids })
      .getRawAndEntities<{ link_event_id: unknown; t_id: unknown }>();
    const terms = new Map(entities.map((e) => [Number(e.id), toTerm(e)]));
    for (const link of raw) {
      const term = terms.get(Number(link.t_id));
      if (term) out.get(Number(link.link_event_id))?.push({ ...term });
    }
    for (const list of out.values()) list.sort(byNameThenId);
    return out;
  }
}
