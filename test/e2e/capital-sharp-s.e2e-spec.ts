import { RefoldCapitalSharpS1764000021000 } from '../../src/database/migrations/1764000021000-refold-capital-sharp-s';
import { indexEvent, storedEvents } from '../../src/modules/events/infrastructure/typeorm/search/mysql-search-index';
import { startTestApp, TestApp } from './support/test-app';

/**
 * CONTRACT §1.7: comparisons ignore letter case. `fold` made `ß` into `ss` but the capital `ẞ` only into `ß`, so text
 * written in capitals (`STRAẞE`) was found by no spelling of its word (a black-box probe, 2026-11-26). Keys stored with
 * the old fold are refolded by migration 1764000021000. Runs on SQLite and (npm run test:mysql) on MariaDB.
 */
describe('the capital sharp s (ẞ) folds like ß', () => {
  let t: TestApp;
  let admin: string;
  let category: { id: number };
  const when = { start_date: '2027-04-01 10:00', end_date: '2027-04-01 12:00' };
  const window = { start_date: '2027-01-01', end_date: '2027-12-31' };

  beforeAll(async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '0' });
    admin = await t.auth('administrator');
    category = (await t.http().post(`${t.api}/categories`).set('Authorization', admin).send({ name: 'GROẞE Bühne' })).body;
    await t.createEvent({ ...when, title: 'STRAẞENFEST', description: 'Im Hof', categories: [category.id] }, admin);
    await t.createEvent({ ...when, title: 'Hoffest' }, admin);
    expect((await t.http().post(`${t.api}/venues`).set('Authorization', admin).send({ venue: 'Halle Nord', city: 'GIEẞEN' })).status).toBe(201);
    expect((await t.http().post(`${t.api}/organizers`).set('Authorization', admin).send({ organizer: 'WEIẞ Kultur' })).status).toBe(201);
  });
  afterAll(async () => t.close());

  const eventTitles = async (search: string) =>
    ((await t.http().get(`${t.api}/events`).query({ ...window, search })).body.events ?? []).map((e: { title: string }) => e.title);
  const found = async (kind: 'venues' | 'organizers', search: string) => (await t.http().get(`${t.api}/${kind}`).query({ search })).body.total ?? 0;

  const expectEverySpellingFinds = async () => {
    for (const search of ['strassenfest', 'straßenfest', 'STRAẞENFEST', 'ẞ']) expect([search, await eventTitles(search)]).toEqual([search, ['STRAẞENFEST']]);
    for (const search of ['giessen', 'gießen', 'GIEẞEN']) expect([search, await found('venues', search)]).toEqual([search, 1]);
    for (const search of ['weiss', 'weiß', 'WEIẞ']) expect([search, await found('organizers', search)]).toEqual([search, 1]);
    // A category named in another spelling is the same category (its name key), not a new one.
    const linked = await t.createEvent({ ...when, title: 'Linked', categories: ['grosse bühne'] }, admin);
    expect(linked.categories.map((c: { id: number }) => c.id)).toEqual([category.id]);
  };

  it('every spelling finds events, venues, organizers and terms written with ẞ', expectEverySpellingFinds);

  it('migration 1764000021000 refolds keys stored with the old fold (ẞ kept as ß)', async () => {
    const oldKeys: Array<[string, string]> = [
      ['events', 'search_key'],
      ['venues', 'city_key'],
      ['organizers', 'name_key'],
      ['terms', 'name_key'],
    ];
    const old: Record<string, string> = { strassenfest: 'straßenfest', giessen: 'gießen', weiss: 'weiß', grosse: 'große' };
    const mysql = t.dataSource.options.type === 'mysql';
    const indexed = mysql ? await storedEvents(t.dataSource.manager, '1 = 1', []) : [];
    for (const [table, column] of oldKeys) {
      for (const [now, before] of Object.entries(old)) await t.dataSource.query(`UPDATE ${table} SET ${column} = REPLACE(${column}, ?, ?)`, [now, before]);
    }
    // MySQL: the search tokens as the old keys made them.
    for (const previous of indexed) await indexEvent(t.dataSource.manager, (await storedEvents(t.dataSource.manager, 'id = ?', [previous.id]))[0], previous);
    expect(await eventTitles('strassenfest')).toEqual([]); // the old keys are really in place
    expect(await found('venues', 'giessen')).toBe(0);

    const runner = t.dataSource.createQueryRunner();
    try {
      await new RefoldCapitalSharpS1764000021000().up(runner);
    } finally {
      await runner.release();
    }
    await expectEverySpellingFinds();
    const [{ n }] = await t.dataSource.query("SELECT COUNT(*) AS n FROM events WHERE search_key LIKE '%ß%'");
    expect(Number(n)).toBe(0);
  });
});
