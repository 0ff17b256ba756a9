import { promiseHooksOn, trackAsyncLocalStorages } from '../support/promise-hooks';
import { TransientAsyncStore } from '../../src/database/transient-async-store';

describe('TransientAsyncStore', () => {
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  let tracked: ReturnType<typeof trackAsyncLocalStorages>;
  let hooksBefore: boolean;
  beforeEach(async () => {
    hooksBefore = await promiseHooksOn();
    tracked = trackAsyncLocalStorages();
  });
  afterEach(() => tracked.restore());

  it('shows its store to everything a run starts, across awaits, and nothing outside', async () => {
    const store = new TransientAsyncStore<string>();
    const seen = await store.run('tx', async () => {
      await tick();
      const nested = await Promise.all([(async () => (await tick(), store.getStore()))(), Promise.resolve().then(() => store.getStore())]);
      return [store.getStore(), ...nested];
    });
    expect(seen).toEqual(['tx', 'tx', 'tx']);
    expect(store.getStore()).toBeUndefined();
  });

  it('keeps a run going when an overlapping one ends, and turns the promise hooks off when the last one settles', async () => {
    const store = new TransientAsyncStore<string>();
    let releaseB!: () => void;
    const bWaits = new Promise<void>((resolve) => (releaseB = resolve));
    const b = store.run('b', async () => {
      await bWaits;
      return store.getStore();
    });
    await store.run('a', async () => tick());
    expect([tracked.enabled(), await promiseHooksOn()]).toEqual([1, true]); // b is still running
    releaseB();
    expect(await b).toBe('b');
    expect(tracked.enabled()).toBe(0);
    expect(await promiseHooksOn()).toBe(hooksBefore); // off, unless an earlier test file in this worker left some on
  });

  it('turns them off when a run fails too, and passes the failure on', async () => {
    const store = new TransientAsyncStore<string>();
    await expect(store.run('x', async () => Promise.reject(new Error('rolled back')))).rejects.toThrow('rolled back');
    expect(tracked.enabled()).toBe(0);
    expect(await promiseHooksOn()).toBe(hooksBefore);
    expect(await store.run('y', async () => (await tick(), store.getStore()))).toBe('y');
  });
});
