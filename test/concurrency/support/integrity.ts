import type { DataSource } from 'typeorm';

/**
 * What the database must look like after any mix of writes, whatever their interleaving: each link row carries its
 * event's status and start, each term's `event_count` is its number of published events, and the per-day list counts
 * equal a recount from the events table. Returns the differences found (empty when consistent).
 */
export async function inconsistencies(db: DataSource): Promise<unknown[]> {
  const found: unknown[] = [];
  for (const table of ['event_venues', 'event_organizers', 'event_terms']) {
    const stale = await db.query(
      `SELECT l.event_id FROM ${table} l LEFT JOIN events e ON e.id = l.event_id
        WHERE e.id IS NULL OR l.event_status <> e.status OR l.event_start_local <> e.start_local OR l.event_start_utc <> e.start_utc`,
    );
    if (stale.length) found.push({ table, staleOrOrphanLinks: stale });
  }
  for (const [table, column, parent] of [
    ['event_venues', 'venue_id', 'venues'],
    ['event_organizers', 'organizer_id', 'organizers'],
    ['event_terms', 'term_id', 'terms'],
  ]) {
    const dangling = await db.query(`SELECT l.${column} AS id FROM ${table} l LEFT JOIN ${parent} p ON p.id = l.${column} WHERE p.id IS NULL`);
    if (dangling.length) found.push({ table, linksToMissing: dangling });
  }
  const counts = await db.query(
    `SELECT t.id, t.event_count, (SELECT COUNT(*) FROM event_terms l JOIN events e ON e.id = l.event_id
        WHERE l.term_id = t.id AND e.status = 'publish') AS recount FROM terms t`,
  );
  const wrongCounts = counts.filter((r: any) => Number(r.event_count) !== Number(r.recount));
  if (wrongCounts.length) found.push({ wrongTermCounts: wrongCounts });
  for (const [clock, start, end] of [
    ['local', 'start_local', 'end_local'],
    ['utc', 'start_utc', 'end_utc'],
  ]) {
    // Day buckets (YYYY-MM-DD) and month buckets (YYYY-MM, issue 18), each recounted from the events.
    for (const [table, startKey, endKey, length, label] of [
      ['event_list_counts', 'start_day', 'end_day', 10, 'dayCounts'],
      ['event_list_month_counts', 'start_month', 'end_month', 7, 'monthCounts'],
    ] as const) {
      const kept = await db.query(`SELECT status, ${startKey} AS s, ${endKey} AS e, n FROM ${table} WHERE clock = ? AND n <> 0`, [clock]);
      const recount = await db.query(
        `SELECT status, SUBSTR(${start}, 1, ${length}) AS s, SUBSTR(${end}, 1, ${length}) AS e, COUNT(*) AS n FROM events
          WHERE hide_from_listings = 0 GROUP BY status, SUBSTR(${start}, 1, ${length}), SUBSTR(${end}, 1, ${length})`,
      );
      const key = (r: any) => `${r.status} ${r.s} ${r.e} ${Number(r.n)}`;
      const a = kept.map(key).sort();
      const b = recount.map(key).sort();
      if (JSON.stringify(a) !== JSON.stringify(b)) found.push({ clock, [label]: a, recount: b });
    }
  }
  found.push(...(await categoryCountInconsistencies(db)));
  found.push(...(await linkIdInconsistencies(db)));
  return found;
}

/** Each event's stored `link_ids` (issue 18) against its link rows: venues and organizers by position, terms by id. */
export async function linkIdInconsistencies(db: DataSource): Promise<unknown[]> {
  const expected = new Map<number, number[][]>();
  for (const e of (await db.query('SELECT id FROM events')) as any[]) expected.set(Number(e.id), [[], [], []]);
  const rows = (await db.query(
    'SELECT 0 AS k, event_id AS e, venue_id AS id, position AS p FROM event_venues UNION ALL SELECT 1, event_id, organizer_id, position FROM event_organizers ' +
      'UNION ALL SELECT 2, event_id, term_id, term_id FROM event_terms ORDER BY 1, 2, 4',
  )) as any[];
  for (const r of rows) expected.get(Number(r.e))?.[Number(r.k)].push(Number(r.id));
  const stored = (await db.query('SELECT id, link_ids FROM events')) as any[];
  return stored
    .filter((e) => e.link_ids !== JSON.stringify(expected.get(Number(e.id))))
    .map((e) => ({ event: Number(e.id), linkIds: e.link_ids, linkRows: JSON.stringify(expected.get(Number(e.id))) }));
}

/**
 * The per-category buckets (issue 18) against a recount: each listable event counts once for every ancestor-or-self
 * of its categories, in both clocks, by day and by month; the protected events' buckets the same for those alone.
 */
export async function categoryCountInconsistencies(db: DataSource): Promise<unknown[]> {
  const parents = new Map<number, number>(
    ((await db.query("SELECT id, parent FROM terms WHERE taxonomy = 'category'")) as any[]).map((r) => [Number(r.id), Number(r.parent)]),
  );
  const subtrees = new Map<number, Set<number>>();
  for (const r of (await db.query('SELECT event_id, term_id FROM event_terms')) as any[]) {
    const event = Number(r.event_id);
    for (let id = Number(r.term_id); parents.has(id) && !subtrees.get(event)?.has(id); id = parents.get(id) as number) {
      subtrees.set(event, (subtrees.get(event) ?? new Set()).add(id));
    }
  }
  const events = (await db.query('SELECT id, status, start_local, end_local, start_utc, end_utc, post_password FROM events WHERE hide_from_listings = 0')) as any[];
  const found: unknown[] = [];
  for (const [table, startKey, endKey, length, protectedOnly] of [
    ['event_category_counts', 'start_day', 'end_day', 10, false],
    ['event_category_month_counts', 'start_month', 'end_month', 7, false],
    ['event_category_protected_counts', 'start_day', 'end_day', 10, true],
    ['event_category_protected_month_counts', 'start_month', 'end_month', 7, true],
  ] as const) {
    const expected = new Map<string, number>();
    for (const e of events.filter((row) => !protectedOnly || String(row.post_password) !== '')) {
      for (const root of subtrees.get(Number(e.id)) ?? []) {
        for (const [clock, start, end] of [
          ['local', e.start_local, e.end_local],
          ['utc', e.start_utc, e.end_utc],
        ]) {
          const key = `${root} ${clock} ${e.status} ${String(start).slice(0, length)} ${String(end).slice(0, length)}`;
          expected.set(key, (expected.get(key) ?? 0) + 1);
        }
      }
    }
    const kept = (await db.query(`SELECT term_id, clock, status, ${startKey} AS s, ${endKey} AS e, n FROM ${table} WHERE n <> 0`)) as any[];
    const a = kept.map((r) => `${Number(r.term_id)} ${r.clock} ${r.status} ${r.s} ${r.e} ${Number(r.n)}`).sort();
    const b = [...expected].map(([key, n]) => `${key} ${n}`).sort();
    if (JSON.stringify(a) !== JSON.stringify(b)) found.push({ [table]: a.filter((x) => !b.includes(x)), recount: b.filter((x) => !a.includes(x)) });
  }
  return found;
}

/** Rows left anywhere for a record id: its own row and every link row naming it. */
export async function rowsOf(db: DataSource, kind: 'event' | 'venue' | 'organizer' | 'term', id: number): Promise<Record<string, number>> {
  const tables: Record<typeof kind, [string, string][]> = {
    event: [
      ['events', 'id'],
      ['event_venues', 'event_id'],
      ['event_organizers', 'event_id'],
      ['event_terms', 'event_id'],
    ],
    venue: [
      ['venues', 'id'],
      ['event_venues', 'venue_id'],
    ],
    organizer: [
      ['organizers', 'id'],
      ['event_organizers', 'organizer_id'],
    ],
    term: [
      ['terms', 'id'],
      ['event_terms', 'term_id'],
    ],
  };
  const rows: Record<string, number> = {};
  for (const [table, column] of tables[kind]) {
    const [{ n }] = await db.query(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ?`, [id]);
    rows[table] = Number(n);
  }
  return rows;
}
