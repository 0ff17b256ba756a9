import type { NextFunction, Request, RequestHandler, Response } from 'express';

const CORS_ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, If-Match, If-None-Match, X-Request-Id, X-HTTP-Method-Override';
const CORS_EXPOSE_HEADERS =
  'X-TEC-Total, X-TEC-TotalPages, ETag, Location, X-Request-Id, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset';

/** A CORS preflight: OPTIONS carrying Access-Control-Request-Method. Any other OPTIONS is answered by the routes. */
const isPreflight = (req: Request) =>
  req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;

/**
 * CORS per CONTRACT §13.4, first in the pipeline: `*` allows every origin; a list echoes a matching `Origin` (with
 * `Vary: Origin`, so caches keep the variants apart); an empty list sends no CORS headers. Preflights are answered here
 * with 204 and go no further (no routing, no rate limit, no authentication). No credentials mode: tokens travel in a
 * header.
 */
export function corsMiddleware(origins: '*' | string[]): RequestHandler {
  const allowed = origins === '*' ? null : new Set(origins.map((o) => o.toLowerCase()));
  return (req: Request, res: Response, next: NextFunction) => {
    let allowOrigin: string | undefined;
    if (allowed === null) allowOrigin = '*';
    else if (allowed.size > 0) {
      res.vary('Origin');
      const origin = req.headers.origin;
      if (typeof origin === 'string' && allowed.has(origin.toLowerCase())) allowOrigin = origin;
    }
    if (allowOrigin) {
      res.setHeader('Access-Control-Allow-Origin', allowOrigin);
      res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
    }
    if (!isPreflight(req)) {
      next();
      return;
    }
    if (allowOrigin) {
      res.setHeader('Access-Control-Allow-Methods', CORS_ALLOW_METHODS);
      res.setHeader('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
    }
    res.status(204).end();
  };
}
