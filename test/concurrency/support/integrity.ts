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
    const kept = await db.query(`SELECT status, start_day, end_day, n FROM event_list_counts WHERE clock = ? AND n <> 0`, [clock]);
    const recount = await db.query(
      `SELECT status, SUBSTR(${start}, 1, 10) AS start_day, SUBSTR(${end}, 1, 10) AS end_day, COUNT(*) AS n FROM events
        WHERE hide_from_listings = 0 GROUP BY status, SUBSTR(${start}, 1, 10), SUBSTR(${end}, 1, 10)`,
    );
    const key = (r: any) => `${r.status} ${r.start_day} ${r.end_day} ${Number(r.n)}`;
    const a = kept.map(key).sort();
    const b = recount.map(key).sort();
    if (JSON.stringify(a) !== JSON.stringify(b)) found.push({ clock, dayCounts: a, recount: b });
    const keptMonths = await db.query(`SELECT status, start_month, end_month, n FROM event_list_month_counts WHERE clock = ? AND n <> 0`, [clock]);
    const monthRecount = await db.query(
      `SELECT status, SUBSTR(${start}, 1, 7) AS start_month, SUBSTR(${end}, 1, 7) AS end_month, COUNT(*) AS n FROM events
        WHERE hide_from_listings = 0 GROUP BY status, SUBSTR(${start}, 1, 7), SUBSTR(${end}, 1, 7)`,
    );
    const monthKey = (r: any) => `${r.status} ${r.start_month} ${r.end_month} ${Number(r.n)}`;
    const c = keptMonths.map(monthKey).sort();
    const d = monthRecount.map(monthKey).sort();
    if (JSON.stringify(c) !== JSON.stringify(d)) found.push({ clock, monthCounts: c, recount: d });
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
