import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.token';
import { Clock } from '../shared/domain/clock';
import type { ApiRequest } from '../shared/http/api-request';
import { sendJson } from '../shared/http/json-response';
import { apiRootUrl, indexContext } from './discovery-context';
import { indexRoute, IndexRoute } from './namespace-index';
import { RouteCatalog } from './route-catalog';

/**
 * `OPTIONS` on an API route (CONTRACT §1.3): 200 with the route's index entry and an `Allow` header. A CORS preflight
 * (it carries `Access-Control-Request-Method`) is left to the CORS layer, and an unknown path to the router (404).
 */
@Injectable()
export class OptionsMiddleware implements NestMiddleware {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalog: RouteCatalog,
    private readonly clock: Clock,
  ) {}

  use(req: ApiRequest, res: Response, next: NextFunction): void {
    if (req.method !== 'OPTIONS' || req.headers['access-control-request-method'] !== undefined) return next();
    const path = req.url.split('?')[0];
    if (path === this.config.apiPrefix || path === `${this.config.apiPrefix}/`) return this.answer(res, req, this.rootEntry(req));
    if (!path.startsWith(`${this.config.apiPrefix}/`)) return next();
    const route = this.catalog.match(path.slice(this.config.apiPrefix.length));
    if (!route) return next();
    this.answer(res, req, indexRoute(route, indexContext(req, this.config, this.clock.now())));
  }

  /** The API root (§1.2, §12.1) is an API route too, though outside the namespace: GET only, no parameters. */
  private rootEntry(req: ApiRequest): IndexRoute {
    return { namespace: '', methods: ['GET'], endpoints: [{ methods: ['GET'], args: {} }], _links: { self: [{ href: apiRootUrl(req, this.config) }] } };
  }

  private answer(res: Response, req: ApiRequest, entry: IndexRoute): void {
    const allow = [...entry.methods, ...(entry.methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
    res.setHeader('Allow', allow.join(', '));
    sendJson(req, res, 200, entry);
  }
}
