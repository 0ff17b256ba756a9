import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.token';
import { DomainError } from '../../shared/domain/errors';
import { NAMESPACE, type ApiRequest } from '../../shared/http/api-request';
import { IgnoresAuthentication } from '../../shared/http/auth.guard';
import { toSpanish } from '../../shared/i18n/documentation-texts';
import { explorerCsp, EXPLORER_SCRIPT, EXPLORER_TITLE, explorerHtml } from './explorer-page';

/** swagger-ui-dist ships with @nestjs/swagger: resolve it from there, so it is found however npm lays out node_modules. */
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json', { paths: [require.resolve('@nestjs/swagger')] }));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=UTF-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=UTF-8',
  'favicon-32x32.png': 'image/png',
};

const assetCache = new Map<string, Buffer>();

/** An explorer asset's bytes, read once (about 1.5 MB for all three). */
function assetBytes(name: string): Buffer {
  let bytes = assetCache.get(name);
  if (!bytes) {
    bytes = fs.readFileSync(path.join(SWAGGER_UI_DIR, name));
    assetCache.set(name, bytes);
  }
  return bytes;
}

/** `GET /docs` and `GET /es/docs` (CONTRACT §12.3): the Swagger explorer, every asset served by the service itself. */
@ApiExcludeController()
@IgnoresAuthentication()
@Controller('docs')
export class ExplorerController {
  private readonly publicPath: string;
  private readonly csp: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.publicPath = new URL(config.publicUrl).pathname.replace(/\/+$/, '');
    this.csp = explorerCsp(config.publicUrl);
  }

  @Get()
  page(@Req() req: ApiRequest, @Res() res: Response): void {
    const es = req.state.locale === 'es';
    const html = explorerHtml({
      lang: es ? 'es' : 'en',
      title: es ? toSpanish(EXPLORER_TITLE) : EXPLORER_TITLE,
      assetBase: `${this.publicPath}/docs`,
      specUrl: `${this.publicPath}${es ? '/es' : ''}${this.config.apiPrefix}/${NAMESPACE}/doc`,
    });
    this.send(res, 'text/html; charset=UTF-8', html);
  }

  @Get('explorer.js')
  script(@Res() res: Response): void {
    this.send(res, 'text/javascript; charset=UTF-8', EXPLORER_SCRIPT);
  }

  @Get(':asset')
  asset(@Param('asset') name: string, @Res() res: Response): void {
    const type = ASSETS[name];
    if (!type) throw new DomainError('not-found', 'rest_no_route');
    res.setHeader('Content-Security-Policy', this.csp);
    res.type(type);
    // Whole, from memory: `sendFile` answered a Range it could not satisfy or a failed If-Match with an error the
    // filter could only call a 500 (found by a probe, 2026-11-26). Ignoring Range and preconditions is allowed here.
    res.send(assetBytes(name));
  }

  /** The docs pages replace the API's `default-src 'none'` policy with one that lets the explorer run. */
  private send(res: Response, type: string, body: string): void {
    res.setHeader('Content-Security-Policy', this.csp);
    res.setHeader('Content-Type', type);
    res.send(body);
  }
}
