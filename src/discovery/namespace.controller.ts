import { Controller, Get, Inject, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.token';
import { Clock } from '../shared/domain/clock';
import { NAMESPACE, type ApiRequest } from '../shared/http/api-request';
import { Input } from '../shared/http/params/input';
import { apiRootUrl, indexContext } from './discovery-context';
import { indexRoutes } from './namespace-index';
import { NamespaceIndexParams } from './namespace-index.params';
import { OpenApiDocument } from './openapi/openapi-document';
import { RouteCatalog } from './route-catalog';

/** `GET {api}` (the namespace index, CONTRACT §12.1) and `GET {api}/doc` (the OpenAPI document, §12.2). */
@ApiTags('discovery')
@Controller()
export class NamespaceController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalog: RouteCatalog,
    private readonly openApi: OpenApiDocument,
    private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Namespace index: every route with its methods and arguments' })
  index(@Input(NamespaceIndexParams) _input: NamespaceIndexParams, @Req() req: ApiRequest) {
    return {
      namespace: NAMESPACE,
      routes: indexRoutes(this.catalog.routes, indexContext(req, this.config, this.clock.now())),
      _links: { up: [{ href: apiRootUrl(req, this.config) }] },
    };
  }

  @Get('doc')
  @ApiOperation({ summary: 'This OpenAPI document' })
  doc(@Req() req: ApiRequest) {
    return this.openApi.document(req.state.apiBase, req.state.locale, this.clock.now(), this.config.calendarTimezone);
  }
}
