import * as cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Logger } from 'pino';

/** How long the primary waits for the workers' metrics; those that did not answer by then are left out of the scrape. */
const WORKER_METRICS_TIMEOUT_MS = 2000;

// prom-client's own messages: each worker's ClusterMetricsSource answers them (AggregatorRegistry's worker side).
const REQUEST = 'prom-client:getMetricsReq';
const RESPONSE = 'prom-client:getMetricsRes';

interface Response {
  type?: unknown;
  requestId?: unknown;
  metrics?: object[][];
  error?: string;
}

/**
 * In the primary: the workers' metrics, summed, from those that answered within `timeoutMs`. prom-client's
 * `clusterMetrics()` fails the whole scrape (a 500) when one worker does not answer in 5 s (found by a probe: one
 * SIGSTOPped worker); here that worker is logged and left out, and `/metrics` still answers with the others.
 */
export function workerMetricsCollector(log: Logger, timeoutMs = WORKER_METRICS_TIMEOUT_MS): () => Promise<string> {
  let nextId = 0;
  const waiting = new Map<number, (workerId: number, message: Response) => void>();
  cluster.default.on('message', (worker, message: Response) => {
    if (message && message.type === RESPONSE && typeof message.requestId === 'number') waiting.get(message.requestId)?.(worker.id, message);
  });

  return () =>
    new Promise((resolve) => {
      const requestId = nextId++;
      const workers = Object.values(cluster.default.workers ?? {}).filter((w) => w !== undefined && w.isConnected());
      const pending = new Map(workers.map((w) => [w!.id, w!.process.pid]));
      const answers: object[] = [];
      const finish = () => {
        clearTimeout(timer);
        waiting.delete(requestId);
        if (pending.size > 0) {
          log.warn({ workerPids: [...pending.values()], timeoutMs }, 'metrics: some workers did not answer in time; /metrics shows the others');
        }
        resolve(AggregatorRegistry.aggregate(answers).metrics());
      };
      const timer = setTimeout(finish, timeoutMs);
      waiting.set(requestId, (workerId, message) => {
        if (!pending.delete(workerId)) return;
        if (message.error !== undefined) log.warn({ workerId, err: message.error }, 'metrics: a worker failed to collect its metrics');
        else answers.push(...(message.metrics ?? []));
        if (pending.size === 0) finish();
      });
      for (const worker of workers) worker!.send({ type: REQUEST, requestId });
      if (pending.size === 0) finish();
    });
}
