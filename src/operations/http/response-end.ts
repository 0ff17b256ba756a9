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

/** The status logged and counted for a request whose connection closed before any answer was sent (nginx's usage). */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * The status a finished request is logged and counted with: the one sent, or 499 when the client went away before the
 * answer's headers left (`res.statusCode` would still say 200: a request nobody answered counted as a success).
 */
export const sentStatus = (res: ServerResponse): number => (res.headersSent ? res.statusCode : CLIENT_CLOSED_REQUEST);
