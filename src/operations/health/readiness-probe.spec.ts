import type { DataSource } from 'typeorm';
import { ABANDONED_PING_MS, ReadinessProbe } from './readiness-probe';

/** A data source whose primary connection answers `SELECT 1` with `query`; it records the modes asked for. */
function fakeDataSource(query: () => Promise<unknown>): DataSource & { calls: number; modes: string[]; released: number } {
  const ds = {
    isInitialized: true,
    calls: 0,
    released: 0,
    modes: [] as string[],
    createQueryRunner: (mode: string) => {
      ds.modes.push(mode);
      return {
        query: () => {
          ds.calls += 1;
          return query();
        },
        release: async () => {
          ds.released += 1;
        },
      };
    },
  };
  return ds as unknown as DataSource & { calls: number; modes: string[]; released: number };
}

/** Lets promise chains run to the end (timers are fake, so no setImmediate). */
async function settleMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

describe('ReadinessProbe', () => {
  afterEach(() => jest.useRealTimers());

  it('reports a working database, pinging the primary (never a read replica) and giving the connection back', async () => {
    const ds = fakeDataSource(async () => [{ 1: 1 }]);
    expect(await new ReadinessProbe(ds).databaseReachable()).toBe(true);
    expect(ds.modes).toEqual(['master']);
    expect(ds.released).toBe(1);
  });

  it('reports a failing ping as unreachable', async () => {
    expect(await new ReadinessProbe(fakeDataSource(() => Promise.reject(new Error('ECONNREFUSED')))).databaseReachable()).toBe(false);
  });

  it('gives up on a ping that takes longer than 2 seconds, and concurrent probes share one ping', async () => {
    jest.useFakeTimers();
    const ds = fakeDataSource(() => new Promise(() => undefined));
    const probe = new ReadinessProbe(ds);
    const first = probe.databaseReachable();
    const second = probe.databaseReachable();
    jest.advanceTimersByTime(1999);
    let settled = false;
    void first.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await first).toBe(false);
    expect(await second).toBe(false);
    expect(ds.calls).toBe(1);
  });
  it('sends no second query while a ping is still unanswered: later probes answer false at once, until the database answers', async () => {
    jest.useFakeTimers();
    // The first ping hangs until the database "resumes"; any later one answers at once.
    let resume!: () => void;
    const stuck = new Promise<void>((resolve) => (resume = resolve));
    const ds = fakeDataSource(() => (ds.calls === 1 ? stuck : Promise.resolve([{ 1: 1 }])));
    const probe = new ReadinessProbe(ds);
    const first = probe.databaseReachable();
    jest.advanceTimersByTime(2000);
    expect(await first).toBe(false);

    // More probe rounds during the hang: answered from the stuck ping, no new query that would hold another connection.
    expect(await probe.databaseReachable()).toBe(false);
    expect(await probe.databaseReachable()).toBe(false);
    expect(ds.calls).toBe(1);

    // The database answers the stuck ping at last: the next probe pings afresh.
    resume();
    await settleMicrotasks();
    expect(await probe.databaseReachable()).toBe(true);
    expect(ds.calls).toBe(2);
  });

  it('abandons a ping unanswered for 30 s, so one lost without an error cannot keep the instance unready', async () => {
    jest.useFakeTimers();
    const ds = fakeDataSource(() => new Promise(() => undefined));
    const probe = new ReadinessProbe(ds);
    void probe.databaseReachable();
    jest.advanceTimersByTime(ABANDONED_PING_MS - 1);
    void probe.databaseReachable();
    expect(ds.calls).toBe(1);
    jest.advanceTimersByTime(1);
    void probe.databaseReachable();
    expect(ds.calls).toBe(2);
  });
});
