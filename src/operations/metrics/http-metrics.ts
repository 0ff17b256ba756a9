import type { DataSource } from 'typeorm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Counter as CounterChild, Histogram as HistogramChild } from 'prom-client';
import { mysqlPools, PoolInternals } from '../../database/mysql-pools';
import type { InFlightRequests } from '../http/in-flight-requests';

const LABELS = ['method', 'route', 'status', 'locale'] as const;

/** The series of one label set: prom-client's children, found once instead of hashing the labels with every request. */
interface Series {
  requests: CounterChild.Internal;
  duration: HistogramChild.Internal<(typeof LABELS)[number]>;
}

/**
 * The Prometheus metrics of CONTRACT §13.2, in a registry of this application (not prom-client's global one, so several
 * apps can live in one test process).
 */
export class HttpMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<(typeof LABELS)[number]>;
  private readonly duration: Histogram<(typeof LABELS)[number]>;
  readonly rateLimited: Counter;
  private readonly readCacheHits: CounterChild.Internal;
  private readonly readCacheMisses: CounterChild.Internal;
  /** Series by `method route status locale`: bounded, as each label is (routes are patterns, statuses are codes). */
  private readonly series = new Map<string, Series>();

  constructor(inFlight: InFlightRequests, dataSource: DataSource) {
    const registers = [this.registry];
    this.requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames: LABELS, registers });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to finishing its response',
      labelNames: LABELS,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    new Gauge({
      name: 'http_requests_in_flight',
      help: 'Requests being worked on',
      registers,
      collect() {
        this.set(inFlight.size);
      },
    });
    this.rateLimited = new Counter({
      name: 'rate_limited_requests_total',
      help: 'Requests answered 429 rest_too_many_requests',
      registers,
    });
    const readCache = new Counter({
      name: 'read_cache_lookups_total',
      help: 'Reads that could be answered from the read cache, by whether they were (hit) or went on to the database (miss)',
      labelNames: ['result'],
      registers,
    });
    this.readCacheHits = readCache.labels('hit');
    this.readCacheMisses = readCache.labels('miss');
    if (mysqlPools(dataSource).length > 0) this.registerPoolGauges(dataSource, registers);
    collectDefaultMetrics({ register: this.registry });
  }

  observe(method: string, route: string, status: number, locale: string, seconds: number): void {
    const key = `${method} ${route} ${status} ${locale}`;
    let series = this.series.get(key);
    if (series === undefined) {
      const labels = { method, route, status: String(status), locale };
      series = { requests: this.requests.labels(labels), duration: this.duration.labels(labels) };
      this.series.set(key, series);
    }
    series.requests.inc();
    series.duration.observe(seconds);
  }

  /** A read that takes part in the read cache was answered from it (`hit`) or not. */
  readCacheLookup(hit: boolean): void {
    (hit ? this.readCacheHits : this.readCacheMisses).inc();
  }

  /**
   * The MySQL pool gauges. With read replicas each server has its own pool and the gauges give the sum over the primary
   * and the replicas (`db_pool_size` = DB_POOL_SIZE × servers): the same series as without replicas, so dashboards keep
   * working; which server is in trouble shows in the logs (left / back in the rotation).
   */
  private registerPoolGauges(dataSource: DataSource, registers: Registry[]): void {
    const sum = (pick: (pool: PoolInternals) => number | undefined) =>
      function (this: Gauge) {
        const values = mysqlPools(dataSource)
          .map(pick)
          .filter((v): v is number => v !== undefined);
        if (values.length > 0) this.set(values.reduce((a, b) => a + b, 0));
      };
    new Gauge({ name: 'db_pool_size', help: 'Largest number of database connections', registers, collect: sum((p) => p.config?.connectionLimit) });
    new Gauge({ name: 'db_pool_connections_open', help: 'Open database connections', registers, collect: sum((p) => p._allConnections?.length) });
    new Gauge({ name: 'db_pool_connections_idle', help: 'Idle database connections', registers, collect: sum((p) => p._freeConnections?.length) });
    new Gauge({ name: 'db_pool_waiting_requests', help: 'Queries waiting for a connection', registers, collect: sum((p) => p._connectionQueue?.length) });
  }
}
