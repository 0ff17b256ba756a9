import type { DataSource } from 'typeorm';
import { ReadinessProbe } from './readiness-probe';

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
});
