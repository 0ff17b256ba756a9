import { DynamicModule, Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.token';
import { TypeOrmRecordIds, TypeOrmUserDirectory } from '../database/typeorm-core-adapters';
import { TypeOrmUnitOfWork } from '../database/typeorm-unit-of-work';
import { TokenVerifier } from './auth/token-verifier';
import { UserDirectory } from './auth/user-directory';
import { Clock, SystemClock } from './domain/clock';
import { RecordIds } from './domain/record-ids';
import { UnitOfWork } from './domain/unit-of-work';

export interface CoreModuleOptions {
  config: AppConfig;
  dataSource: DataSource;
  verifier: TokenVerifier;
  clock?: Clock;
}

/** Providers every aggregate needs: config, clock, database, transactions, record ids, users, token verification. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(options: CoreModuleOptions): DynamicModule {
    const providers = [
      { provide: APP_CONFIG, useValue: options.config },
      { provide: DataSource, useValue: options.dataSource },
      { provide: Clock, useValue: options.clock ?? new SystemClock() },
      { provide: TokenVerifier, useValue: options.verifier },
      { provide: UnitOfWork, useFactory: (ds: DataSource) => new TypeOrmUnitOfWork(ds, options.config.db.lockWaitSeconds), inject: [DataSource] },
      { provide: RecordIds, useFactory: (ds: DataSource) => new TypeOrmRecordIds(ds), inject: [DataSource] },
      { provide: UserDirectory, useFactory: (ds: DataSource) => new TypeOrmUserDirectory(ds), inject: [DataSource] },
    ];
    return { module: CoreModule, providers, exports: providers.map((p) => p.provide) };
  }
}
