import type { ServerResponse } from 'node:http';

const HOOKS = Symbol('responseEndHooks');

type Hooked = ServerResponse & { [HOOKS]?: Array<() => void> };

/**
 * Runs `hook` once the response is over: written in full, or cut off by its connection closing first. A response emits
 * `close` in both cases (after `finish` when it was written), so the request log, the metrics and the in-flight set share
 * one listener per response instead of a `finish` and a `close` listener each (issue 18: per-request costs). Hooks run in
 * the order they were added.
 */
export function onResponseEnd(res: ServerResponse, hook: () => void): void {
  const hooked = res as Hooked;
  const hooks = hooked[HOOKS];
  if (hooks !== undefined) {
    hooks.push(hook);
    return;
  }
  const first: Array<() => void> = (hooked[HOOKS] = [hook]);
  res.once('close', () => {
    for (const run of first) run();
  });
}
