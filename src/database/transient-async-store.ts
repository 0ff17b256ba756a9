import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * An AsyncLocalStorage that is enabled only while one of its runs is in progress.
 *
 * Why: Node 20 carries async context with promise hooks, and once any AsyncLocalStorage is enabled they run for every
 * promise the process makes, whoever makes it, until it is disabled. Only writes open a unit of work, yet a store
 * enabled by the first write (or the first scheduled publishing) taxed every read after it: 0.94 of the CPU per
 * distinct list without the hooks (bench/compare-builds.js, 10 pairs). Disabled when its last run settles, the hooks
 * are on only while a transaction is.
 */
export class TransientAsyncStore<T> {
  private readonly storage = new AsyncLocalStorage<T>();
  private running = 0;

  /** The store of the run this code was started from, or undefined outside every run. */
  getStore(): T | undefined {
    return this.storage.getStore();
  }

  /** Runs `work` with `store` visible to everything it starts, until the promise it returns settles. */
  async run<R>(store: T, work: () => Promise<R>): Promise<R> {
    this.running++;
    try {
      return await this.storage.run(store, work);
    } finally {
      // A continuation left behind by a finished run reads no store after this: its transaction is over anyway.
      if (--this.running === 0) this.storage.disable();
    }
  }
}
