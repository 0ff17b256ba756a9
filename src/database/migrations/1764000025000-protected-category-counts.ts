import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { intColumn, isMysql, stringColumn } from '../schema-helpers';
import { noPadBinaryCollation } from './1764000022000-no-pad-binary-keys';
import { PROTECTED_EVENTS, rebuildCategoryCounts } from '../../modules/events/infrastructure/typeorm/category-tree-counts';

/**
 * Issue 18: the total of a category with its sub-categories for an anonymous reader leaves out the protected events
 * (§6.11: the filter sees their masked, empty categories). It was the category's buckets less a
 * `COUNT(DISTINCT event_id)` over the category's link rows restricted to the protected ids — about half of a large
 * category's 40–54 ms at 1,000,000 events. `event_category_protected_counts` and
 * `event_category_protected_month_counts` are the same buckets counting the protected events alone (a password set),
 * kept in the same write transactions (`category-tree-counts.ts`), so that total is two sums of buckets. Backfilled
 * here from the protected events (the `events_protected` range).
 */
export class ProtectedCategoryCounts1764000025000 implements MigrationInterface {
  name = 'ProtectedCategoryCounts1764000025000';

  async up(q: QueryRunner): Promise<void> {
    // The keys as those of `event_category_counts` now are: NO PAD binary on MySQL (1764000022000).
    const collation = isMysql(q) ? await noPadBinaryCollation(q) : undefined;
    const key = (name: string, length: number) => ({
      ...stringColumn(name, length),
      isPrimary: true,
      ...(collation ? { charset: 'utf8mb4', collation } : {}),
    });
    const termKey = { ...intColumn('term_id'), isPrimary: true };
    await q.createTable(
      new Table({
        name: PROTECTED_EVENTS.days,
        columns: [termKey, key('clock', 5), key('status', 16), key('start_day', 10), key('end_day', 10), intColumn('n', false, 0)],
      }),
    );
    await q.createTable(
      new Table({
        name: PROTECTED_EVENTS.months,
        columns: [termKey, key('clock', 5), key('status', 16), key('start_month', 7), key('end_month', 7), intColumn('n', false, 0)],
      }),
    );
    await q.query(`CREATE INDEX ${PROTECTED_EVENTS.days}_by_end ON ${PROTECTED_EVENTS.days} (term_id, clock, status, end_day, start_day, n)`);
    const rows = (await q.query("SELECT id, parent FROM terms WHERE taxonomy = 'category'")) as Array<{ id: unknown; parent: unknown }>;
    const tree = new Map(rows.map((r) => [Number(r.id), Number(r.parent)]));
    await rebuildCategoryCounts(q.manager, tree, tree.keys(), [PROTECTED_EVENTS]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable(PROTECTED_EVENTS.months);
    await q.dropTable(PROTECTED_EVENTS.days);
  }
}
