import { INestApplication, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger as PinoLogger } from 'pino';
import type { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { OpenApiDocument } from './discovery/openapi/openapi-document';
import type { AppConfig } from './config/app-config';
import { TokenVerifier } from './shared/auth/token-verifier';
import { UserDirectory } from './shared/auth/user-directory';
import { ContractExpressAdapter } from './shared/http/contract-express-adapter';
import { transportMiddleware } from './shared/http/transport.middleware';
import { writeRequestsOnPrimary } from './database/write-requests-on-primary.middleware';
import { installOperations } from './operations/install-operations';
import { HttpMetrics } from './operations/metrics/http-metrics';
import { createRootLogger } from './operations/logging/root-logger';
import { nestLoggerOn, withQuietRouteMapping } from './operations/logging/nest-json-logs';
import { WriteNotices } from './operations/write-notices';
import { Clock } from './shared/domain/clock';
import { readCacheMiddleware } from './shared/http/read-cache/read-cache.middleware';
import { ResponseCache } from './shared/http/read-cache/response-cache';
import { responsePrototypeOf } from './shared/http/response-prototype';

export interface AppDependencies {
  dataSource: DataSource;
  clock?: Clock;
  logger?: LoggerService | false;
  /** The process' JSON logger (main.ts); by default one is made at LOG_LEVEL, or silent when `logger` is false. */
  log?: PinoLogger;
  /** True in a worker of WORKERS > 1 (rate-limit counters and metrics then live in the cluster primary). */
  clusterWorker?: boolean;
  /** See CoreModuleOptions: the tests that run from the sources name a compiled worker (or none). */
  textCleaningWorker?: string | null;
}

/** Builds the HTTP application on an open database: used by `main.ts` and by the e2e tests alike. */
export async function createApp(config: AppConfig, deps: AppDependencies): Promise<INestApplication> {
  const verifier = await TokenVerifier.create(config.auth);
  const log = deps.log ?? createRootLogger(deps.logger === false ? 'silent' : config.logLevel);
  const operations = { config, log, clusterWorker: deps.clusterWorker ?? false };
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot({ config, dataSource: deps.dataSource, verifier, clock: deps.clock, textCleaningWorker: deps.textCleaningWorker, operations }),
    new ContractExpressAdapter(config),
    { bodyParser: false, logger: deps.logger ?? ['error', 'warn', 'log'], bufferLogs: deps.logger === undefined },
  );
  if (deps.logger === undefined) app.useLogger(withQuietRouteMapping(nestLoggerOn(log)));
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('case sensitive routing', false);
  app.set('strict routing', false);
  app.set('trust proxy', config.trustProxy);
  installOperations(app, config); // request id, logs, metrics, headers, CORS preflight, rate-limit counting: first
  app.use(transportMiddleware(config));
  if (config.readCache.ttlMs > 0) {
    const cache = app.get(ResponseCache); // shared with the record fragments (FragmentCache)
    // Other workers (WORKERS > 1) and other instances (REDIS_URL) are told about writes, and tell this process.
    const notices = app.get(WriteNotices);
    notices.onPeerWrite(() => cache.invalidate());
    const metrics = config.metricsEnabled ? app.get(HttpMetrics) : null;
    app.use(
      readCacheMiddleware(cache, {
        apiPrefix: config.apiPrefix,
        onWrite: notices.hasPeers ? () => notices.tellPeers() : undefined,
        onLookup: metrics ? (hit) => metrics.readCacheLookup(hit) : undefined,
        responses: responsePrototypeOf(app),
      }),
    );
  }
  // With read replicas: a write request reads from the primary throughout. Only then: its async context costs every
  // request's promises a hook (TransientAsyncStore).
  if (config.db.type === 'mysql' && config.db.replicas.length > 0) app.use(writeRequestsOnPrimary);
  // No enableShutdownHooks(): main.ts shuts down gracefully itself (CONTRACT §13.7; Nest's hook re-raises the signal).
  await app.init();
  app.get(OpenApiDocument).generate(app); // /doc: scanned once the routes exist (CONTRACT §12.2)
  await app.get(UserDirectory).remember(config.auth.users);
  return app;
}
