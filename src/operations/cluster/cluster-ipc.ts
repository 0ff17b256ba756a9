import * as cluster from 'node:cluster';
import type { WriteNoticeChannel } from '../write-notices';

/**
 * Request/reply between a worker and the cluster primary over Node's IPC channel. The primary owns what must be shared by
 * all workers of one machine (rate-limit counters, the metrics aggregation).
 */
interface IpcRequest {
  type: string;
  id: number;
  payload: unknown;
}
interface IpcReply {
  type: string;
  id: number;
  result?: unknown;
  error?: string;
}

const replyType = (type: string) => `${type}:reply`;
let nextId = 0;
const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
let listening = false;

export function askPrimary<T>(type: string, payload: unknown, timeoutMs = 5000): Promise<T> {
  if (!process.send) return Promise.reject(new Error('not a cluster worker'));
  if (!listening) {
    listening = true;
    process.on('message', (message: IpcReply) => {
      if (!message || typeof message.type !== 'string' || !message.type.endsWith(':reply')) return;
      const waiter = pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id);
      clearTimeout(waiter.timer);
      if (message.error !== undefined) waiter.reject(new Error(message.error));
      else waiter.resolve(message.result);
    });
  }
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error(`cluster primary did not answer ${type}`));
    }, timeoutMs);
    timer.unref();
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
    process.send!({ type, id, payload } satisfies IpcRequest);
  });
}

/** In the primary: answers workers' requests of the given types. */
export function answerWorkers(handlers: Record<string, (payload: unknown) => unknown | Promise<unknown>>): void {
  cluster.default.on('message', (worker, message: IpcRequest) => {
    const handler = message && typeof message.type === 'string' ? handlers[message.type] : undefined;
    if (!handler) return;
    Promise.resolve()
      .then(() => handler(message.payload))
      .then(
        (result) => worker.isConnected() && worker.send({ type: replyType(message.type), id: message.id, result } satisfies IpcReply),
        (error: unknown) =>
          worker.isConnected() &&
          worker.send({ type: replyType(message.type), id: message.id, error: String(error) } satisfies IpcReply),
      );
  });
}

export const RATE_HIT = 'calendar:rate-limit-hit';
export const CLUSTER_METRICS = 'calendar:cluster-metrics';
const READ_CACHE_CLEAR = 'calendar:read-cache-clear';

/** A worker tells its peers (through the primary) that it wrote: their read caches must forget what they hold. */
function tellPeersAboutWrite(): void {
  if (process.send && process.connected) process.send({ type: READ_CACHE_CLEAR });
}

/** In a worker: runs `clear` whenever a peer wrote. */
function onPeerWrite(clear: () => void): void {
  process.on('message', (message: { type?: unknown }) => {
    if (message && message.type === READ_CACHE_CLEAR) clear();
  });
}

/** Write notices between the workers of one machine, relayed by the primary. */
export const clusterWriteNotices: WriteNoticeChannel = { publish: tellPeersAboutWrite, onPeerWrite };

/** In the primary: passes a worker's write notice on to every other worker. */
export function relayWriteNotices(): void {
  cluster.default.on('message', (sender, message: { type?: unknown }) => {
    if (!message || message.type !== READ_CACHE_CLEAR) return;
    for (const worker of Object.values(cluster.default.workers ?? {})) {
      if (worker && worker !== sender && worker.isConnected()) worker.send({ type: READ_CACHE_CLEAR });
    }
  });
}
