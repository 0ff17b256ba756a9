import { DynamicModule, Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppConfig } from './config/app-config';
import { APP_CONFIG } from './config/config.token';
import { TypeOrmRecordIds, TypeOrmUserDirectory } from './database/typeorm-core-adapters';
import { TypeOrmUnitOfWork } from './database/typeorm-unit-of-work';
import { TokenVerifier } from './shared/auth/token-verifier';
import { UserDirectory } from './shared/auth/user-directory';
import { Clock, SystemClock } from './shared/domain/clock';
import { RecordIds } from './shared/domain/record-ids';
import { UnitOfWork } from './shared/domain/unit-of-work';
import { FragmentCache, LinkedRecordCache, VersionedFragmentCache, VersionedPageCache } from './shared/http/read-cache/fragment-cache';
import { ResponseCache } from './shared/http/read-cache/response-cache';
import { DEFAULT_WORKER_FILE, OffLoopTextCleaning } from './shared/text/off-loop-text-cleaning';

export interface CoreModuleOptions {
  config: AppConfig;
  dataSource: DataSource;
  verifier: TokenVerifier;
  clock?: Clock;
  /** The compiled worker that cleans long rich texts; null cleans them on the event loop. Default: the one in dist/. */
  textCleaningWorker?: string | null;
}

/**
 * Providers every aggregate needs: config, clock, database, transactions, record ids, users, token verification, the worker
 * that cleans long rich texts, and the read cache with its record fragments (used by the read-cache middleware and the presenters of lists).
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(options: CoreModuleOptions): DynamicModule {
    const { readCache } = options.config;
    const providers = [
      { provide: APP_CONFIG, useValue: options.config },
      { provide: DataSource, useValue: options.dataSource },
      { provide: Clock, useValue: options.clock ?? new SystemClock() },
      { provide: TokenVerifier, useValue: options.verifier },
      { provide: UnitOfWork, useFactory: (ds: DataSource) => new TypeOrmUnitOfWork(ds, options.config.db.lockWaitSeconds), inject: [DataSource] },
      { provide: OffLoopTextCleaning, useFactory: () => new OffLoopTextCleaning(options.textCleaningWorker === undefined ? DEFAULT_WORKER_FILE : options.textCleaningWorker) },
      { provide: RecordIds, useFactory: (ds: DataSource) => new TypeOrmRecordIds(ds), inject: [DataSource] },
      { provide: UserDirectory, useFactory: (ds: DataSource) => new TypeOrmUserDirectory(ds), inject: [DataSource] },
      { provide: ResponseCache, useFactory: (clock: Clock) => new ResponseCache(readCache.ttlMs, readCache.maxBytes, clock), inject: [Clock] },
      {
        provide: FragmentCache,
        useFactory: (responses: ResponseCache, clock: Clock) => new FragmentCache(responses, readCache.ttlMs, readCache.maxBytes / 2, clock),
        inject: [ResponseCache, Clock],
      },
      {
        provide: VersionedFragmentCache,
        useFactory: (responses: ResponseCache, clock: Clock) => new VersionedFragmentCache(responses, readCache.ttlMs > 0, readCache.maxBytes / 4, clock),
        inject: [ResponseCache, Clock],
      },
      {
        provide: LinkedRecordCache,
        useFactory: (responses: ResponseCache, clock: Clock) => new LinkedRecordCache(responses, readCache.ttlMs, readCache.maxBytes / 8, clock),
        inject: [ResponseCache, Clock],
      },
      {
        provide: VersionedPageCache,
        useFactory: (responses: ResponseCache, clock: Clock) => new VersionedPageCache(responses, readCache.ttlMs > 0, readCache.maxBytes / 8, clock),
        inject: [ResponseCache, Clock],
      },
    ];
    return { module: CoreModule, providers, exports: providers.map((p) => p.provide) };
  }
}
