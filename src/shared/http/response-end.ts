import type { ServerResponse } from 'node:http';

const HOOKS = Symbol('responseEndHooks');

type Hooked = ServerResponse & { [HOOKS]?: Array<() => void> };

/**
 * Runs `hook` once the response is over: written in full, cut off by its connection closing first, or left queued
 * behind a pipelined response when the connection went. Node 20 emits the response's `close` in the first two cases
 * only: a response queued behind another on a connection that dies never emits anything, so its connection's `close`
 * ends it too (otherwise it stays counted in flight and its body in memory for ever). The request log, the metrics and
 * the in-flight set share these two listeners per response; hooks run once, in the order they were added.
 */
export function onResponseEnd(res: ServerResponse, hook: () => void): void {
  const hooked = res as Hooked;
  const hooks = hooked[HOOKS];
  if (hooks !== undefined) {
    hooks.push(hook);
    return;
  }
  const first: Array<() => void> = (hooked[HOOKS] = [hook]);
  const connection = res.req?.socket;
  const end = () => {
    res.off('close', end);
    connection?.off('close', end);
    for (const run of first) run();
    first.length = 0;
  };
  res.once('close', end);
  if (connection && !connection.destroyed) connection.once('close', end);
  else if (connection) queueMicrotask(end); // the connection went before the request was seen
}

/** The status logged and counted for a request whose connection closed before any answer was sent (nginx's usage). */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * The status a finished request is logged and counted with: the one sent, or 499 when the client went away before the
 * answer's headers left (`res.statusCode` would still say 200: a request nobody answered counted as a success).
 */
export const sentStatus = (res: ServerResponse): number => (res.headersSent ? res.statusCode : CLIENT_CLOSED_REQUEST);

/**
 * Whether the response can no longer reach its client: its connection is gone (a handler still working on it should
 * stop, and must not wait for `drain`).
 */
export const connectionGone = (res: ServerResponse): boolean => res.destroyed || res.req?.socket?.destroyed === true;
