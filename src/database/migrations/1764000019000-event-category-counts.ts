import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { intColumn, isMysql, stringColumn } from '../schema-helpers';
import { CATEGORY_TREE_LOCK } from '../../modules/categories/domain/category-tree';
import { rebuildCategoryCounts } from '../../modules/events/infrastructure/typeorm/category-tree-counts';

/**
 * Issue 18: the total of a category with its sub-categories (`categories=music`: five terms, ~100,000 link rows in the
 * default window at 1,000,000 events) was `COUNT(DISTINCT event_id)` over all their link rows, 45–50 ms of a request.
 *
 * - `event_category_counts`, `event_category_month_counts`: the buckets of `event_list_counts` and
 *   `event_list_month_counts` per category, counting the distinct events linked to the category or a descendant (see
 *   `category-tree-counts.ts`). Backfilled here.
 * - The `write_locks` row `category-tree`, held in share mode by the event writes that count into these tables and
 *   exclusively by a move or deletion of a category (it must exist: a missing row takes no lock under READ COMMITTED).
 */
export class EventCategoryCounts1764000019000 implements MigrationInterface {
  name = 'EventCategoryCounts1764000019000';

  async up(q: QueryRunner): Promise<void> {
    // Binary keys on MySQL, as migration 1764000018000.
    const key = (name: string, length: number) => ({
      ...stringColumn(name, length),
      isPrimary: true,
      ...(isMysql(q) ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
    });
    const termKey = { ...intColumn('term_id'), isPrimary: true };
    await q.createTable(
      new Table({
        name: 'event_category_counts',
        columns: [termKey, key('clock', 5), key('status', 16), key('start_day', 10), key('end_day', 10), intColumn('n', false, 0)],
      }),
    );
    await q.createTable(
      new Table({
        name: 'event_category_month_counts',
        columns: [termKey, key('clock', 5), key('status', 16), key('start_month', 7), key('end_month', 7), intColumn('n', false, 0)],
      }),
    );
    await q.query('CREATE INDEX event_category_counts_by_end ON event_category_counts (term_id, clock, status, end_day, start_day, n)');
    await q.query('INSERT INTO write_locks (name) VALUES (?)', [CATEGORY_TREE_LOCK]);
    const rows = (await q.query("SELECT id, parent FROM terms WHERE taxonomy = 'category'")) as Array<{ id: unknown; parent: unknown }>;
    const tree = new Map(rows.map((r) => [Number(r.id), Number(r.parent)]));
    await rebuildCategoryCounts(q.manager, tree, tree.keys());
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM write_locks WHERE name = ?', [CATEGORY_TREE_LOCK]);
    await q.dropTable('event_category_month_counts');
    await q.dropTable('event_category_counts');
  }
}
