import { AsyncLocalStorage, executionAsyncResource } from 'node:async_hooks';

/**
 * Whether Node's promise hooks are on (some AsyncLocalStorage is enabled): with them, each promise continuation runs in
 * its own async resource; without them, continuations share the resource of the callback that started them. The hooks
 * are per process, and jest runs many test files in one worker: an earlier file's store can leave them on, so compare
 * with the state a test found (or use `trackAsyncLocalStorages`) rather than expect `false`.
 */
export async function promiseHooksOn(): Promise<boolean> {
  await null;
  const first = executionAsyncResource();
  await null;
  return executionAsyncResource() !== first;
}

/**
 * Counts the AsyncLocalStorage instances enabled (by `run` or `enterWith`) and not disabled since the call, whoever
 * made them: what a test's own code leaves on, whatever earlier test files in the worker did. `restore()` undoes it.
 */
export function trackAsyncLocalStorages(): { enabled: () => number; restore: () => void } {
  const proto = AsyncLocalStorage.prototype;
  const { run, enterWith, disable } = proto;
  const enabled = new Set<AsyncLocalStorage<unknown>>();
  proto.run = function (this: AsyncLocalStorage<unknown>, ...args: Parameters<typeof run>) {
    enabled.add(this);
    return run.apply(this, args);
  } as typeof run;
  proto.enterWith = function (this: AsyncLocalStorage<unknown>, store: unknown) {
    enabled.add(this);
    return enterWith.call(this, store);
  };
  proto.disable = function (this: AsyncLocalStorage<unknown>) {
    enabled.delete(this);
    return disable.call(this);
  };
  return { enabled: () => enabled.size, restore: () => Object.assign(proto, { run, enterWith, disable }) };
}
