import { DynamicModule, Module, Provider, Type } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { RateLimitStore } from './domain/rate-limit-store';
import { TerminusModule } from '@nestjs/terminus';
import { DatabaseHealthIndicator } from './health/database.health-indicator';
import { HealthController } from './health/health.controller';
import { ReadinessCheck } from './health/readiness-check';
import { ReadinessProbe } from './health/readiness-probe';
import { ShutdownState } from './health/shutdown-state';
import { InFlightRequests } from './http/in-flight-requests';
import { HttpMetrics } from './metrics/http-metrics';
import { MetricsController } from './metrics/metrics.controller';
import { ClusterMetricsSource, LocalMetricsSource, MetricsSource } from './metrics/metrics-source';
import { ClusterRateLimitStore } from './rate-limit/cluster-rate-limit.store';
import { InMemoryRateLimitStore } from './rate-limit/in-memory-rate-limit.store';
import { clusterWriteNotices } from './cluster/cluster-ipc';
import { redisProviders } from './redis/redis-providers';
import { RedisWriteNotices } from './redis/redis-write-notices';
import { WriteNotices } from './write-notices';

export interface OperationsOptions {
  config: AppConfig;
  /** The process' JSON logger (CONTRACT §13.3). */
  log: Logger;
  /** True in a worker of WORKERS > 1: counters and metrics are then kept by the cluster primary. */
  clusterWorker: boolean;
}

/** DI token of the root pino logger. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * Operating the service behind a gateway (CONTRACT §13): health, metrics, JSON logs, rate-limit counters, shutdown
 * state. The HTTP steps that must run before routing are installed by `installOperations` (see install-operations.ts).
 */
@Module({})
export class OperationsModule {
  static forRoot(options: OperationsOptions): DynamicModule {
    const { config, log, clusterWorker } = options;
    const controllers: Type[] = [HealthController, ...(config.metricsEnabled ? [MetricsController] : [])];
    const providers: Provider[] = [
      { provide: ROOT_LOGGER, useValue: log },
      { provide: ShutdownState, useValue: new ShutdownState() },
      { provide: InFlightRequests, useValue: new InFlightRequests() },
      { provide: ReadinessProbe, useFactory: (ds: DataSource) => new ReadinessProbe(ds), inject: [DataSource] },
      DatabaseHealthIndicator,
      ReadinessCheck,
      {
        provide: HttpMetrics,
        useFactory: (inFlight: InFlightRequests, ds: DataSource) => new HttpMetrics(inFlight, ds),
        inject: [InFlightRequests, DataSource],
      },
      {
        provide: MetricsSource,
        useFactory: (metrics: HttpMetrics) =>
          clusterWorker ? new ClusterMetricsSource(metrics.registry) : new LocalMetricsSource(metrics.registry),
        inject: [HttpMetrics],
      },
    ];
    // This machine's counters: the only ones without REDIS_URL, the fallback while Redis is unusable with it.
    const localStore = clusterWorker ? new ClusterRateLimitStore() : new InMemoryRateLimitStore();
    if (config.redis) {
      providers.push(...redisProviders(config.redis, log, localStore), {
        provide: WriteNotices,
        useFactory: (redis: RedisWriteNotices) => new WriteNotices([...(clusterWorker ? [clusterWriteNotices] : []), redis]),
        inject: [RedisWriteNotices],
      });
    } else {
      providers.push(
        { provide: RateLimitStore, useValue: localStore },
        { provide: WriteNotices, useValue: new WriteNotices(clusterWorker ? [clusterWriteNotices] : []) },
      );
    }
    return {
      module: OperationsModule,
      global: true, // the metrics and stores serve other modules' middleware too (OPTIONS answers count their 429s)
      imports: [TerminusModule.forRoot({ logger: false })], // readiness is logged by the request log, at debug
      controllers,
      providers,
      exports: providers.map((p) => (typeof p === 'function' ? p : p.provide)),
    };
  }
}
