import { startTestApp, TestApp } from '../../e2e/support/test-app';
import { inconsistencies } from './integrity';
import { CLIENTS, race, RaceAnswer, RaceRequest } from './race';

/** The dates of every event the races create (one day, so the per-day counts are exercised). */
export const RACE_DAY = { start_date: '2027-03-10 19:00', end_date: '2027-03-10 22:00' };

/**
 * The set-up every race file shares: one app per file (read cache off), an administrator's header, the database checked
 * after every test (`inconsistencies`), and `run`, which sends a race and insists each request had a socket of its own.
 * Call it at the top of a `describe`; `app.t` and `app.admin` are set once `beforeAll` ran.
 */
export function raceApp() {
  const app = {} as { t: TestApp; admin: string; run: (requests: RaceRequest[]) => Promise<RaceAnswer[]> };
  beforeAll(async () => {
    app.t = await startTestApp({ READ_CACHE_TTL_MS: '0' });
    app.admin = await app.t.auth('administrator');
  });
  afterAll(async () => app.t.close());
  afterEach(async () => expect(await inconsistencies(app.t.dataSource)).toEqual([]));
  app.run = async (requests) => {
    const { answers, sockets } = await race(app.t.server, requests);
    expect(sockets).toBe(requests.length);
    return answers;
  };
  return app;
}

/**
 * CLIENTS writes of one record carrying the same `If-Match`: PATCH, PUT, POST and DELETE in turn (the turn starts at
 * `round`, so every method gets to be first), each update with a value of its own.
 */
export function sameIfMatchWrites(url: string, headers: Record<string, string>, etag: string, round: number, change: (i: number) => object): RaceRequest[] {
  const methods = ['PATCH', 'PUT', 'POST', 'DELETE'] as const;
  return Array.from({ length: CLIENTS }, (_, i) => {
    const method = methods[(i + round) % methods.length];
    return { method, path: url, headers: { ...headers, 'If-Match': etag }, body: method === 'DELETE' ? undefined : change(i) };
  });
}
