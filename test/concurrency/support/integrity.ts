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
