import type { Request, Response } from 'express';

/**
 * Notes the pattern of the route that matched (`/wp-json/calendar/events/v1/events/:id`). Called once a Nest route
 * has matched (by the first global guard): `req.route` alone cannot be trusted at the end of a request, since
 * catch-all middleware routes also set it.
 */
export function noteMatchedRoute(req: Request, res: Response): void {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string' && res.locals.routePattern === undefined) res.locals.routePattern = pattern;
}

/**
 * The `route` label of CONTRACT §13.2: the matched route pattern without the API prefix
 * (`/calendar/events/v1/events/:id`), or `unmatched`, never the raw path (which would explode the label's cardinality).
 * A handler outside Nest's routes may name its pattern in `res.locals.routePattern` itself.
 */
export function routeLabel(res: Response, apiPrefix: string): string {
  const pattern: unknown = res.locals?.routePattern;
  if (typeof pattern !== 'string') return 'unmatched';
  if (pattern === apiPrefix) return '/';
  return pattern.startsWith(`${apiPrefix}/`) ? pattern.slice(apiPrefix.length) : pattern;
}
