import { Controller, Get, Inject, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.token';
import { Clock } from '../shared/domain/clock';
import { NAMESPACE, type ApiRequest } from '../shared/http/api-request';
import { indexContext } from './discovery-context';
import { indexRoutes } from './namespace-index';
import { RouteCatalog } from './route-catalog';

const API_NAME = 'Calendar Events';
export const API_DESCRIPTION = 'Events, venues, organizers, event categories and event tags.';

/** `GET {API_PREFIX}/` (CONTRACT §12.1, extension): the discovery document naming the namespace and its routes. */
@ApiExcludeController()
@Controller()
export class ApiRootController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalog: RouteCatalog,
    private readonly clock: Clock,
  ) {}

  @Get()
  root(@Req() req: ApiRequest) {
    const ctx = indexContext(req, this.config, this.clock.now());
    return {
      name: API_NAME,
      description: ctx.translate(API_DESCRIPTION),
      url: this.config.publicUrl,
      namespaces: [NAMESPACE],
      routes: indexRoutes(this.catalog.routes, ctx),
    };
  }
}
