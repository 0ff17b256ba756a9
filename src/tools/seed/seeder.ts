import type { DataSource, QueryRunner } from 'typeorm';
import { RecordIdOrmEntity, UserOrmEntity } from '../../database/core.orm-entities';
import { toRow as eventRow } from '../../modules/events/infrastructure/typeorm/event.mapper';
import { EventOrmEntity } from '../../modules/events/infrastructure/typeorm/event.orm-entity';
import type { CalendarEvent } from '../../modules/events/domain/calendar-event';
import type { Organizer } from '../../modules/organizers/domain/organizer';
import { OrganizerOrmEntity } from '../../modules/organizers/infrastructure/typeorm/organizer.orm-entity';
import { toRow as organizerRow } from '../../modules/organizers/infrastructure/typeorm/typeorm-organizer.repository';
import { Term, termKey } from '../../modules/terms/domain/term';
import { TermOrmEntity } from '../../modules/terms/infrastructure/typeorm/term.orm-entity';
import type { Venue } from '../../modules/venues/domain/venue';
import { toRow as venueRow } from '../../modules/venues/infrastructure/typeorm/typeorm-venue.repository';
import { VenueOrmEntity } from '../../modules/venues/infrastructure/typeorm/venue.orm-entity';
import { adjustTermCounts, CARRIED_COLUMNS, carriedValuesOf } from '../../modules/events/infrastructure/typeorm/event-link-tables';
import { linkIdsText } from '../../modules/events/infrastructure/typeorm/stored-link-ids';
import { EVERY_KIND, readCategoryTree, rebuildCategoryCounts } from '../../modules/events/infrastructure/typeorm/category-tree-counts';
import { adjustListCounts, CountDelta, countedColumnsOf, countRow } from '../../modules/events/infrastructure/typeorm/event-list-counts';
import { SearchIndexBulkLoad } from '../../modules/events/infrastructure/typeorm/search/mysql-search-bulk-load';
import { BulkInsert } from './bulk-insert';
import { withIndexesBuiltAfterLoad } from './bulk-load-indexes';
import { raiseDataVersion } from '../../database/data-version';
import { makeEvent, makeOrganizers, makeTerms, makeVenues, SeedEvent, SeedSizes, SlugBook } from './dataset';
import { Random } from './random';

interface SeedOptions {
  /** The site timezone (venues' and organizers' `date` are site wall clocks). */
  siteZone: string;
  /** Called after each batch with the number of events written so far. */
  onProgress?: (eventsWritten: number) => void;
  /** Events generated and written per round (default 2,000); one transaction per round and lane. */
  batchSize?: number;
  /** Called when a slow phase starts (building indexes after the load). */
  onPhase?: (message: string) => void;
  /** Receives each round's events as written (tests compare API answers with them). */
  onEvents?: (events: SeedEvent[]) => void;
}

export interface SeedSummary {
  venues: Venue[];
  organizers: Organizer[];
  terms: Term[];
  /** Ids of the seeded events: `firstEventId` … `firstEventId + events - 1`. */
  firstEventId: number;
  events: number;
  links: { venues: number; organizers: number; terms: number };
}

/** The users the data set's authors are (the suite's 1 administrator … 5 subscriber). */
const SEED_USERS = [1, 2, 3, 4, 5];

async function maxId(ds: DataSource, table: string): Promise<number> {
  const [row] = (await ds.query(`SELECT COALESCE(MAX(id), 0) AS m FROM ${ds.driver.escape(table)}`)) as Array<{ m: unknown }>;
  return Number(row.m);
}

async function existingSlugs(ds: DataSource, table: string, where = ''): Promise<Set<string>> {
  const rows = (await ds.query(`SELECT slug FROM ${ds.driver.escape(table)}${where}`)) as Array<{ slug: string }>;
  return new Set(rows.map((r) => r.slug));
}

/** The event id and the event columns every link row carries (see event-link-tables.ts). */
const carriedOf = (event: CalendarEvent): Record<string, unknown> => {
  const values = carriedValuesOf(event);
  return Object.fromEntries([['event_id', event.id], ...CARRIED_COLUMNS.map((c, i) => [c.link, values[i]])]);
};

/** A connection with its own transaction, committed every round (MySQL runs two lanes in parallel). */
class Lane {
  private constructor(readonly runner: QueryRunner) {}

  static async open(ds: DataSource): Promise<Lane> {
    const runner = ds.createQueryRunner();
    await runner.connect();
    // Bulk load: the seeder's ids and slugs are unique by construction and it writes no foreign keys.
    if (ds.options.type === 'mysql') await runner.query('SET SESSION unique_checks = 0, foreign_key_checks = 0');
    await runner.startTransaction();
    return new Lane(runner);
  }

  async commit(): Promise<void> {
    await this.runner.commitTransaction();
    await this.runner.startTransaction();
  }

  async close(ok: boolean): Promise<void> {
    if (this.runner.isTransactionActive) await (ok ? this.runner.commitTransaction() : this.runner.rollbackTransaction());
    await this.runner.release();
  }
}

/**
 * Writes the data set with multi-row INSERTs in transactions: record ids (the shared sequence), venues, organizers,
 * terms, events and their link tables. Ids continue after the ones in the database; slugs avoid the existing ones, so
 * seeding a database that already has data adds to it.
 */
export async function seedDatabase(ds: DataSource, sizes: SeedSizes, options: SeedOptions): Promise<SeedSummary> {
  const r = new Random(sizes.seed);
  const batchSize = options.batchSize ?? 5_000;
  const mysql = ds.options.type === 'mysql';

  await ds.createQueryBuilder().insert().into(UserOrmEntity).values(SEED_USERS.map((id) => ({ id }))).orIgnore().execute();
  const firstRecordId = (await maxId(ds, 'record_ids')) + 1;
  const firstTermId = (await maxId(ds, 'terms')) + 1;
  const venues = makeVenues(r, sizes, firstRecordId, options.siteZone, new SlugBook(await existingSlugs(ds, 'venues')));
  const organizers = makeOrganizers(r, sizes, firstRecordId + venues.length, options.siteZone, new SlugBook(await existingSlugs(ds, 'organizers')));
  const terms = makeTerms(
    r,
    sizes,
    firstTermId,
    new SlugBook(await existingSlugs(ds, 'terms', " WHERE taxonomy = 'category'")),
    new SlugBook(await existingSlugs(ds, 'terms', " WHERE taxonomy = 'tag'")),
  );
  const firstEventId = firstRecordId + venues.length + organizers.length;
  const eventSlugs = new SlugBook(await existingSlugs(ds, 'events'));
  const refs = {
    venueIds: venues.filter((v) => v.status === 'publish').map((v) => v.id),
    organizerIds: organizers.filter((o) => o.status === 'publish').map((o) => o.id),
    categoryIds: terms.filter((t) => t.taxonomy === 'category').map((t) => t.id),
    tagIds: terms.filter((t) => t.taxonomy === 'tag').map((t) => t.id),
  };

  // Empty tables get their secondary indexes after the load (MySQL; see bulk-load-indexes.ts).
  const loadedTables = ['events', 'event_venues', 'event_organizers', 'event_terms'];
  const summaryLinks = await withIndexesBuiltAfterLoad(ds, loadedTables, async () => {
    // MySQL writes on four connections at once: record ids and events; term links; venue and organizer links; the
    // search index (SQLite's is written by triggers on events).
    const main = await Lane.open(ds);
    const side = mysql ? await Lane.open(ds) : main;
    const places = mysql ? await Lane.open(ds) : main;
    const search = mysql ? await Lane.open(ds) : null;
    // The token dictionary's unique index must be checked: INSERT IGNORE relies on it.
    if (search) await search.runner.query('SET SESSION unique_checks = 1');
    const searchIndex = search ? await SearchIndexBulkLoad.over(search.runner) : null;
    const links = { venues: 0, organizers: 0, terms: 0 };
    let ok = false;
    try {
      const ids = BulkInsert.forEntity(main.runner, ds, RecordIdOrmEntity);
      const kinds = [...venues.map(() => 'venue'), ...organizers.map(() => 'organizer')];
      for (let i = 0; i < kinds.length; i++) await ids.add({ id: firstRecordId + i, kind: kinds[i] });
      await ids.flush();
      const venueRows = BulkInsert.forEntity(main.runner, ds, VenueOrmEntity);
      for (const v of venues) await venueRows.add(venueRow(v));
      await venueRows.flush();
      const organizerRows = BulkInsert.forEntity(main.runner, ds, OrganizerOrmEntity);
      for (const o of organizers) await organizerRows.add(organizerRow(o));
      await organizerRows.flush();
      const termRows = BulkInsert.forEntity(main.runner, ds, TermOrmEntity);
      for (const t of terms) await termRows.add({ ...t, nameKey: termKey(t.name), slugKey: termKey(t.slug) });
      await termRows.flush();
      await main.commit();

      const eventRows = BulkInsert.forEntity(main.runner, ds, EventOrmEntity);
      // Link rows carry their event's listing columns; published links count for their term.
      const carried = CARRIED_COLUMNS.map((c) => c.link);
      const eventVenues = BulkInsert.forColumns(places.runner, 'event_venues', ['event_id', 'venue_id', 'position', ...carried]);
      const eventOrganizers = BulkInsert.forColumns(places.runner, 'event_organizers', ['event_id', 'organizer_id', 'position', ...carried]);
      const eventTerms = BulkInsert.forColumns(side.runner, 'event_terms', ['event_id', 'term_id', ...carried]);
      const termCounts = new Map<number, number>();
      const listCounts: CountDelta = new Map();
      for (let done = 0; done < sizes.events; ) {
        const count = Math.min(batchSize, sizes.events - done);
        const batch: SeedEvent[] = [];
        for (let i = 0; i < count; i++) batch.push(makeEvent(r, sizes, firstEventId + done + i, refs, eventSlugs));
        const rows = batch.map(({ event, links: l }) => ({ ...eventRow(event), linkIds: linkIdsText(l) }));
        const writeEvents = async () => {
          for (const { event } of batch) await ids.add({ id: event.id, kind: 'event' });
          await ids.flush();
          for (const [i, { event }] of batch.entries()) {
            await eventRows.add(rows[i]);
            countRow(listCounts, countedColumnsOf(event), 1);
          }
          await eventRows.flush();
          await main.commit();
        };
        const writeTermLinks = async () => {
          for (const { event, links: l } of batch) {
            for (const term_id of l.termIds) {
              await eventTerms.add({ ...carriedOf(event), term_id });
              if (event.status === 'publish') termCounts.set(term_id, (termCounts.get(term_id) ?? 0) + 1);
            }
            links.terms += l.termIds.length;
          }
          await eventTerms.flush();
          if (side !== main) await side.commit();
        };
        const writePlaceLinks = async () => {
          for (const { event, links: l } of batch) {
            const of = carriedOf(event);
            for (const [position, venue_id] of l.venueIds.entries()) await eventVenues.add({ ...of, venue_id, position });
            for (const [position, organizer_id] of l.organizerIds.entries()) await eventOrganizers.add({ ...of, organizer_id, position });
            links.venues += l.venueIds.length;
            links.organizers += l.organizerIds.length;
          }
          await eventVenues.flush();
          await eventOrganizers.flush();
          if (places !== main) await places.commit();
        };
        const writeSearchIndex = async () => {
          if (!search || !searchIndex) return;
          await searchIndex.add(rows);
          await search.commit();
        };
        if (side === main) {
          await writeTermLinks();
          await writePlaceLinks();
          await writeEvents();
        } else await Promise.all([writeEvents(), writeTermLinks(), writePlaceLinks(), writeSearchIndex()]);
        done += count;
        options.onEvents?.(batch);
        options.onProgress?.(done);
      }
      await adjustTermCounts(main.runner.manager, termCounts);
      await adjustListCounts(main.runner.manager, listCounts);
      ok = true;
      return links;
    } finally {
      await main.close(ok);
      if (side !== main) await side.close(ok);
      if (places !== main) await places.close(ok);
      if (search) await search.close(ok);
    }
  }, options.onPhase);
  options.onPhase?.('counting events per category subtree');
  const tree = await readCategoryTree(ds.manager);
  await rebuildCategoryCounts(ds.manager, tree, tree.keys(), EVERY_KIND);
  await raiseDataVersion(ds.manager); // a service already running on this database drops its kept single bodies
  // Fresh statistics for the planner (InnoDB would recompute them later by itself).
  if (mysql) await ds.query('ANALYZE TABLE events, event_venues, event_organizers, event_terms, search_tokens, event_search_tokens');
  return { venues, organizers, terms, firstEventId, events: sizes.events, links: summaryLinks };
}
