import { DynamicModule, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { DiscoveryModule, RouterModule } from '@nestjs/core';
import type { AppConfig } from '../config/app-config';
import { NAMESPACE } from '../shared/http/api-request';
import { ApiRootController } from './api-root.controller';
import { ExplorerController } from './explorer/explorer.controller';
import { NamespaceController } from './namespace.controller';
import { OpenApiDocument } from './openapi/openapi-document';
import { OptionsMiddleware } from './options.middleware';
import { RouteCatalog } from './route-catalog';

/** The route catalog and the OpenAPI document, shared by the index, `OPTIONS` answers and /doc. */
@Module({
  imports: [DiscoveryModule],
  providers: [RouteCatalog, OpenApiDocument, OptionsMiddleware],
  exports: [RouteCatalog, OpenApiDocument, OptionsMiddleware],
})
class RouteCatalogModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(OptionsMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.OPTIONS });
  }
}

/** `{api}` and `{api}/doc`: routes of the namespace, so they are listed in the index like every other route. */
@Module({ imports: [RouteCatalogModule], controllers: [NamespaceController] })
class NamespaceDiscoveryModule {}

/** `{API_PREFIX}/`: the API root, outside the namespace. */
@Module({ imports: [RouteCatalogModule], controllers: [ApiRootController] })
class ApiRootModule {}

/** `/docs` and `/es/docs`: the Swagger explorer, outside the API prefix. */
@Module({ controllers: [ExplorerController] })
class ExplorerModule {}

/**
 * Discovery and documentation (CONTRACT §12): the namespace index, the API root, `OPTIONS` answers, /doc and the
 * Swagger explorer. Everything is generated from the metadata the controllers and DTOs declare.
 */
@Module({})
export class ApiDocumentationModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiDocumentationModule,
      imports: [
        RouteCatalogModule,
        NamespaceDiscoveryModule,
        ApiRootModule,
        ExplorerModule,
        RouterModule.register([
          { path: `${config.apiPrefix}/${NAMESPACE}`, module: NamespaceDiscoveryModule },
          { path: config.apiPrefix, module: ApiRootModule },
        ]),
      ],
    };
  }
}
