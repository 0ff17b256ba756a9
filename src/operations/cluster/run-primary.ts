import * as cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/app-config';
import { openDatabase } from '../../database/database';
import { primaryOnly } from '../../database/typeorm-options';
import { InMemoryRateLimitStore } from '../rate-limit/in-memory-rate-limit.store';
import { answerWorkers, CLUSTER_METRICS, RATE_HIT, relayWriteNotices } from './cluster-ipc';
import { workerMetricsCollector } from './cluster-metrics';

const RESTART_DELAY_MS = 1000;

/**
 * The cluster primary for WORKERS > 1: applies the migrations once (so workers never race on a fresh schema), forks
 * the workers (they share the listening port through Node's cluster module), keeps the machine's rate-limit counters
 * and sums the workers' metrics, restarts a worker that dies, and on SIGTERM/SIGINT forwards the signal and exits once
 * every worker is gone (status 1 if any of them failed).
 */
export async function runClusterPrimary(config: AppConfig, log: Logger, workerEnv: Record<string, string>): Promise<void> {
  // Migrations only (no entity needed); the workers open the replicas themselves.
  const dataSource = await openDatabase(primaryOnly(config.db), undefined, undefined, { entities: [] });
  await dataSource.destroy();
  log.info({ workers: config.workers }, 'migrations applied; starting workers');

  const counters = new InMemoryRateLimitStore();
  const workerMetrics = workerMetricsCollector(log);
  answerWorkers({
    [RATE_HIT]: (payload) => {
      const { key, windowMs, now } = payload as { key: string; windowMs: number; now: number };
      return counters.hit(key, windowMs, now);
    },
    [CLUSTER_METRICS]: () => workerMetrics(),
  });
  relayWriteNotices();

  const primary = cluster.default;
  let stopping = false;
  let failed = false;
  // Scheduled jobs (publishing due records) run in one worker: the others get PUBLISH_DUE_INTERVAL_MS=0. When that
  // worker dies, its replacement takes them over.
  let jobsWorker: Worker | undefined;
  const fork = (): Worker => {
    const runsJobs = jobsWorker === undefined;
    const worker = primary.fork(runsJobs ? workerEnv : { ...workerEnv, PUBLISH_DUE_INTERVAL_MS: '0' });
    if (runsJobs) jobsWorker = worker;
    return worker;
  };
  for (let i = 0; i < config.workers; i++) fork();

  primary.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(primary.workers ?? {}).length === 0) {
        log.info({ exitCode: failed ? 1 : 0 }, 'all workers stopped');
        log.flush(() => process.exit(failed ? 1 : 0));
      }
      return;
    }
    log.error({ workerPid: worker.process.pid, code, signal }, 'worker died; starting a new one');
    if (worker === jobsWorker) jobsWorker = undefined;
    setTimeout(() => !stopping && fork(), RESTART_DELAY_MS);
  });

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutdown requested; stopping workers');
    for (const worker of Object.values(primary.workers ?? {})) worker?.process.kill(signal);
    if (Object.keys(primary.workers ?? {}).length === 0) process.exit(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
