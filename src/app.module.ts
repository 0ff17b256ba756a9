import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, RouterModule } from '@nestjs/core';
import { API_MODULES } from './modules/api-modules';
import { PublishingModule } from './modules/publishing/publishing.module';
import { ApiDocumentationModule } from './discovery/api-documentation.module';
import { NAMESPACE } from './shared/http/api-request';
import { AuthGuard } from './shared/http/auth.guard';
import { LongTextGuard } from './shared/http/long-text.guard';
import { CoreModule, CoreModuleOptions } from './core.module';
import { ContractErrorFilter } from './shared/http/error.filter';
import { OperationsModule, OperationsOptions } from './operations/operations.module';
import { RateLimitGuard } from './operations/rate-limit/rate-limit.guard';

interface AppModuleOptions extends CoreModuleOptions {
  operations: OperationsOptions;
}

/** The assembled application. The caller opens the database and builds the token verifier, then passes them in. */
@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(options),
        OperationsModule.forRoot(options.operations),
        ...API_MODULES,
        PublishingModule,
        RouterModule.register([{ path: `${options.config.apiPrefix}/${NAMESPACE}`, children: API_MODULES }]),
        ApiDocumentationModule.forRoot(options.config),
      ],
      providers: [
        { provide: APP_FILTER, useClass: ContractErrorFilter },
        { provide: APP_GUARD, useClass: RateLimitGuard }, // before AuthGuard: 429 comes before 401 (§4.4)
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: LongTextGuard }, // never refuses: long rich texts cleaned off the loop
      ],
    };
  }
}
