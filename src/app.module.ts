import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, RouterModule } from '@nestjs/core';
import { API_MODULES } from './modules/api-modules';
import { NAMESPACE } from './shared/http/api-request';
import { AuthGuard } from './shared/http/auth.guard';
import { CoreModule, CoreModuleOptions } from './shared/core.module';
import { ContractErrorFilter } from './shared/http/error.filter';

/** The assembled application. The caller opens the database and builds the token verifier, then passes them in. */
@Module({})
export class AppModule {
  static forRoot(options: CoreModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(options),
        ...API_MODULES,
        RouterModule.register([{ path: `${options.config.apiPrefix}/${NAMESPACE}`, children: API_MODULES }]),
      ],
      providers: [
        { provide: APP_FILTER, useClass: ContractErrorFilter },
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
    };
  }
}
