import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../../config/app-config';
import type { ShutdownState } from '../health/shutdown-state';

/** The JSON default; the `/docs` pages replace it with their own policy. */
const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * `no-cache` (revalidate, ETags make that cheap) for successful anonymous GET/HEAD; `no-store` for everything else,
 * so nothing a token unlocked and no error is ever kept by a shared cache (CONTRACT §13.6).
 */
function cacheControlFor(method: string, status: number, headers: IncomingHttpHeaders): string {
  const read = method === 'GET' || method === 'HEAD';
  const successful = (status >= 200 && status < 300) || status === 304;
  return read && successful && headers.authorization === undefined ? 'no-cache' : 'no-store';
}

/** What the API discovery link needs to know (CONTRACT §1.2, §2.1). */
type DiscoveryLinkConfig = Pick<AppConfig, 'publicUrl' | 'apiPrefix' | 'locales'>;

/**
 * The plugin's API discovery header, `Link: <{PUBLIC_URL}{API_PREFIX}/>; rel="https://api.w.org/"` (CONTRACT §7.1), so
 * that a client can find the API root from any answer. A request to the Spanish base address (`/es…`, when `es` is
 * served) is pointed at the Spanish root `{PUBLIC_URL}/es{API_PREFIX}/`, as every other link back into the API (§1.2)
 * and the namespace index's `up` link are.
 */
export function discoveryLinkFor(config: DiscoveryLinkConfig): (url: string) => string {
  const english = `<${config.publicUrl}${config.apiPrefix}/>; rel="https://api.w.org/"`;
  const spanish = config.locales.includes('es') ? `<${config.publicUrl}/es${config.apiPrefix}/>; rel="https://api.w.org/"` : english;
  return (url) => (url === '/es' || url.startsWith('/es/') || url.startsWith('/es?') ? spanish : english);
}

/**
 * Security headers of CONTRACT §13.6 and the discovery `Link` (§7.1) on every response. Helmet sets the standard
 * headers; Cache-Control and `Connection: close` are decided when the status is known (`decideAtWriteHead`).
 */
export function responseHeadersMiddleware(config: DiscoveryLinkConfig): RequestHandler[] {
  const publicUrl = config.publicUrl;
  const discoveryLink = discoveryLinkFor(config);
  const headers = helmet({
    contentSecurityPolicy: false, // set below in the contract's exact spelling
    crossOriginResourcePolicy: false, // an API read cross-origin through CORS
    crossOriginOpenerPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: publicUrl.startsWith('https') ? { maxAge: 31536000, includeSubDomains: false } : false,
  });
  const ownHeaders = (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Content-Security-Policy', DEFAULT_CSP);
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('Link', discoveryLink(req.url)); // before the transport step strips `/es` from the URL
    next();
  };
  return [headers as unknown as RequestHandler, ownHeaders];
}

/**
 * Cache-Control (unless a handler chose its own) and, once shutdown has begun, `Connection: close` (§13.7), set right
 * before a response's headers are written, when its status is known. Installed once on the prototype every response
 * of the app shares (`responsePrototypeOf`).
 */
export function decideAtWriteHead(responsePrototype: ServerResponse, shutdown: ShutdownState): void {
  const writeHead = responsePrototype.writeHead;
  responsePrototype.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) {
      const status = typeof args[0] === 'number' ? args[0] : this.statusCode;
      if (!this.hasHeader('Cache-Control') && !headerArgumentHas(args, 'cache-control')) {
        this.setHeader('Cache-Control', cacheControlFor(this.req.method ?? '', status, this.req.headers));
      }
      if (shutdown.shuttingDown) this.setHeader('Connection', 'close');
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof responsePrototype.writeHead;
}

/** Whether writeHead(status, [message], headers) itself names the header. */
function headerArgumentHas(args: unknown[], name: string): boolean {
  const candidate = args.find((a) => a !== null && typeof a === 'object') as OutgoingHttpHeaders | unknown[] | undefined;
  if (!candidate) return false;
  if (Array.isArray(candidate)) return candidate.some((v, i) => i % 2 === 0 && String(v).toLowerCase() === name);
  return Object.keys(candidate).some((k) => k.toLowerCase() === name);
}
