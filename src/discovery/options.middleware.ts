import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.token';
import { Clock } from '../shared/domain/clock';
import type { ApiRequest } from '../shared/http/api-request';
import { sendJson } from '../shared/http/json-response';
import { indexContext } from './discovery-context';
import { indexRoute } from './namespace-index';
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
    if (!path.startsWith(`${this.config.apiPrefix}/`)) return next();
    const route = this.catalog.match(path.slice(this.config.apiPrefix.length));
    if (!route) return next();
    const entry = indexRoute(route, indexContext(req, this.config, this.clock.now()));
    const allow = [...entry.methods, ...(entry.methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
    res.setHeader('Allow', allow.join(', '));
    sendJson(req, res, 200, entry);
  }
}
