import { INestApplication, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { TokenVerifier } from './shared/auth/token-verifier';
import { UserDirectory } from './shared/auth/user-directory';
import type { Clock } from './shared/domain/clock';
import { ContractExpressAdapter } from './shared/http/contract-express-adapter';
import { transportMiddleware } from './shared/http/transport.middleware';

export interface AppDependencies {
  dataSource: DataSource;
  clock?: Clock;
  logger?: LoggerService | false;
}

/** Builds the HTTP application on an open database: used by `main.ts` and by the e2e tests alike. */
export async function createApp(config: AppConfig, deps: AppDependencies): Promise<INestApplication> {
  const verifier = await TokenVerifier.create(config.auth);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot({ config, dataSource: deps.dataSource, verifier, clock: deps.clock }),
    new ContractExpressAdapter(),
    { bodyParser: false, logger: deps.logger ?? ['error', 'warn', 'log'] },
  );
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('case sensitive routing', false);
  app.set('strict routing', false);
  app.set('trust proxy', config.trustProxy);
  app.use(transportMiddleware(config));
  app.enableShutdownHooks();
  await app.init();
  await app.get(UserDirectory).remember(config.auth.users);
  return app;
}
