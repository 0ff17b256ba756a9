import { Inject, Injectable, Logger, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.token';
import { Clock } from '../shared/domain/clock';
import type { ApiRequest } from '../shared/http/api-request';
import { authorizationHeader } from '../shared/auth/authorization-header';
import { invalidToken, TokenVerifier } from '../shared/auth/token-verifier';
import { UserDirectory } from '../shared/auth/user-directory';
import { handleError } from '../shared/http/error.filter';
import { sendJson } from '../shared/http/json-response';
import { apiRootUrl, indexContext } from './discovery-context';
import { indexRoute, IndexRoute } from './namespace-index';
import { RouteCatalog } from './route-catalog';
import { HttpMetrics } from '../operations/metrics/http-metrics';
import { refuseOverLimit } from '../operations/rate-limit/rate-limit.guard';

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
    private readonly verifier: TokenVerifier,
    private readonly users: UserDirectory,
    private readonly metrics: HttpMetrics,
  ) {}

  private readonly logger = new Logger('Options');

  async use(req: ApiRequest, res: Response, next: NextFunction): Promise<void> {
    if (req.method !== 'OPTIONS' || req.headers['access-control-request-method'] !== undefined) return next();
    const path = req.url.split('?')[0];
    let entry: IndexRoute;
    if (path === this.config.apiPrefix || path === `${this.config.apiPrefix}/`) {
      entry = this.rootEntry(req);
      res.locals.routePattern = this.config.apiPrefix;
    } else {
      const route = path.startsWith(`${this.config.apiPrefix}/`) ? this.catalog.match(path.slice(this.config.apiPrefix.length)) : undefined;
      if (!route) return next();
      entry = indexRoute(route, indexContext(req, this.config, this.clock.now()));
      res.locals.routePattern = route.expressPath; // the metrics' and log's `route` (§13.2): answered here, not by Nest's router
    }
    try {
      refuseOverLimit(res, this.metrics); // §4.4 step 3: 429 before 401, as the guard answers on the other methods
      await this.rejectInvalidToken(req);
    } catch (error) {
      return handleError(error, req, res, this.logger);
    }
    this.answer(res, req, entry);
  }

  /** Step 3 of §4.4 holds here too: a bad token is 401 rest_invalid_token on every route, never anonymous. */
  private async rejectInvalidToken(req: ApiRequest): Promise<void> {
    const header = authorizationHeader(req);
    if (header === undefined) return;
    if (!this.verifier.enabled) throw invalidToken('signature');
    const caller = await this.verifier.verify(header);
    await this.users.remember([caller.userId as number]); // a valid token's user becomes known, as on any route (§3.2)
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
