import { executionAsyncResource } from 'node:async_hooks';

/**
 * Whether Node's promise hooks are on (some AsyncLocalStorage is enabled): with them, each promise continuation runs in
 * its own async resource; without them, continuations share the resource of the callback that started them.
 */
export async function promiseHooksOn(): Promise<boolean> {
  await null;
  const first = executionAsyncResource();
  await null;
  return executionAsyncResource() !== first;
}
