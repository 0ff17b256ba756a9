import { TypeOrmEventRepository } from '../../src/modules/events/infrastructure/typeorm/typeorm-event.repository';
import { captureQueries, SEED_ANCHOR, SeededApp, startSeededApp } from './support/seeded-app';

/**
 * Issue 18: a list filtered by several terms (a category with its sub-categories, several tags) has two page plans —
 * the terms' link rows read first (`e.id IN (…)`), or each walked event's links probed by key — chosen by an estimate
 * that only large databases tip towards probing. Both must give the same answers: here every request is answered
 * with probing forced and without, and the bodies compared (the `IN` plan is the one the repository contract sweep
 * checks against its own reference). Runs on SQLite, and on MySQL in the MySQL tier.
 */
describe('several-term list pages: probing plan and link-reading plan answer alike', () => {
  let s: SeededApp;
  beforeAll(async () => {
    s = await startSeededApp({ events: 1_500, categories: 12, tags: 15 });
  }, 120_000);
  afterAll(async () => s.t.close());

  const probing = async <T>(work: () => Promise<T>): Promise<T> => {
    const usual = TypeOrmEventRepository.probeCostInLinkRows;
    TypeOrmEventRepository.probeCostInLinkRows = 0; // probing always looks cheaper
    try {
      return await work();
    } finally {
      TypeOrmEventRepository.probeCostInLinkRows = usual;
    }
  };

  it('gives the same pages and totals for categories with sub-categories and several tags, any window, page and caller', async () => {
    const categories = s.summary.terms.filter((t) => t.taxonomy === 'category');
    const parents = categories.filter((c) => categories.some((o) => o.parent === c.id)).slice(0, 3);
    const tags = s.summary.terms.filter((t) => t.taxonomy === 'tag');
    expect(parents.length).toBeGreaterThan(0);
    const editor = await s.t.auth('editor');
    const filters = [...parents.map((p) => ({ categories: p.slug })), { tags: `${tags[0].slug},${tags[1].slug}` }, { categories: parents[0].slug, tags: `${tags[2].slug},${tags[3].slug}` }];
    const day = (offset: number) => new Date(Date.parse(`${SEED_ANCHOR}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    let compared = 0;
    for (const filter of filters) {
      for (const start of [day(-90), day(0), day(45)]) {
        for (const [page, perPage] of [[1, 10], [2, 3], [4, 7]]) {
          for (const auth of [undefined, editor]) {
            const query = { ...filter, start_date: start, page, per_page: perPage, ...(auth ? { status: 'publish,draft,private' } : {}) };
            const get = () => {
              const req = s.t.http().get(`${s.t.api}/events`).query(query);
              return auth ? req.set('Authorization', auth) : req;
            };
            const reading = await get();
            const probed = await probing(get);
            expect({ query, status: probed.status, body: probed.body }).toEqual({ query, status: reading.status, body: reading.body });
            if (reading.status === 200 && reading.body.events.length > 0) compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(30);
    // …and the probing plan was really taken.
    const queries = await probing(() => captureQueries(s.t.dataSource, () => s.t.http().get(`${s.t.api}/events`).query(filters[0])));
    expect(queries.some((q) => /\(SELECT COUNT\(\*\) FROM event_terms lc WHERE lc\.event_id = /.test(q.sql))).toBe(true);
  });
});
