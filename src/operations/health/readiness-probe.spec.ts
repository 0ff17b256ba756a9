import type { DataSource } from 'typeorm';
import { ReadinessProbe } from './readiness-probe';

function fakeDataSource(query: () => Promise<unknown>): DataSource & { calls: number } {
  const ds = {
    isInitialized: true,
    calls: 0,
    query: () => {
      ds.calls += 1;
      return query();
    },
  };
  return ds as unknown as DataSource & { calls: number };
}

describe('ReadinessProbe', () => {
  afterEach(() => jest.useRealTimers());

  it('reports a working database', async () => {
    expect(await new ReadinessProbe(fakeDataSource(async () => [{ 1: 1 }])).databaseReachable()).toBe(true);
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
