import type { DataSource } from 'typeorm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { InFlightRequests } from '../http/in-flight-requests';

const LABELS = ['method', 'route', 'status', 'locale'] as const;
type Labels = Record<(typeof LABELS)[number], string>;

/** The mysql2 pool's counters, read defensively: they are internal fields and absent on SQLite. */
interface PoolInternals {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
  config?: { connectionLimit?: number };
}

function mysqlPool(dataSource: DataSource): PoolInternals | undefined {
  const pool = (dataSource.driver as unknown as { pool?: PoolInternals }).pool;
  return pool && pool._allConnections && pool._freeConnections ? pool : undefined;
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
    if (mysqlPool(dataSource)) this.registerPoolGauges(dataSource, registers);
    collectDefaultMetrics({ register: this.registry });
  }

  observe(labels: Labels, seconds: number): void {
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }

  private registerPoolGauges(dataSource: DataSource, registers: Registry[]): void {
    const read = (pick: (pool: PoolInternals) => number | undefined) =>
      function (this: Gauge) {
        const pool = mysqlPool(dataSource);
        const value = pool ? pick(pool) : undefined;
        if (value !== undefined) this.set(value);
      };
    new Gauge({ name: 'db_pool_size', help: 'Largest number of database connections', registers, collect: read((p) => p.config?.connectionLimit) });
    new Gauge({ name: 'db_pool_connections_open', help: 'Open database connections', registers, collect: read((p) => p._allConnections?.length) });
    new Gauge({ name: 'db_pool_connections_idle', help: 'Idle database connections', registers, collect: read((p) => p._freeConnections?.length) });
    new Gauge({ name: 'db_pool_waiting_requests', help: 'Queries waiting for a connection', registers, collect: read((p) => p._connectionQueue?.length) });
  }
}
