import { clientAddress } from '../http/client-address';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppConfig } from '../../config/app-config';
import { authorizationHeader } from '../../shared/auth/authorization-header';
import type { TokenVerifier } from '../../shared/auth/token-verifier';
import type { Clock } from '../../shared/domain/clock';
import { RateLimitStore, RateLimitVerdict, verdict } from '../domain/rate-limit-store';

/** What the counting step leaves for the guard: set only when the request is over the limit. */
export const RATE_LIMITED = 'rateLimited';
export type RateLimitedLocal = RateLimitVerdict;

/**
 * Counting step of CONTRACT §13.5, before routing so that every request to either API base address counts, unmatched
 * ones too. The client is the verified token's user id, otherwise the client address (`req.ip`, which honours
 * `TRUST_PROXY`). It only counts and sets the RateLimit-* headers; the 429 itself comes from RateLimitGuard after the
 * route matched (CONTRACT §4.4: 404 first, then 429, then 401).
 */
export function rateLimitMiddleware(
  config: AppConfig,
  store: RateLimitStore,
  verifier: TokenVerifier,
  clock: Clock,
  onStoreError: (error: unknown) => void,
): RequestHandler {
  const max = config.rateLimitMax;
  const windowMs = config.rateLimitWindowSeconds * 1000;
  const bases = [config.apiPrefix, ...(config.locales.includes('es') ? [`/es${config.apiPrefix}`] : [])];
  const inScope = (path: string) => bases.some((b) => path === b || path.startsWith(`${b}/`));
  return async (req: Request, res: Response, next: NextFunction) => {
    if (max === 0 || !inScope((req.originalUrl ?? req.url).split('?')[0])) {
      next();
      return;
    }
    try {
      const userId = await verifiedUserId(req, verifier);
      if (userId !== null) res.locals.verifiedUserId = userId;
      const key = userId !== null ? `user:${userId}` : `addr:${clientAddress(req) ?? 'unknown'}`;
      const now = clock.now().getTime();
      const result = verdict(await store.hit(key, windowMs, now), max, now);
      res.setHeader('RateLimit-Limit', String(result.limit));
      res.setHeader('RateLimit-Remaining', String(result.remaining));
      res.setHeader('RateLimit-Reset', String(result.resetSeconds));
      if (result.limited) res.locals[RATE_LIMITED] = result satisfies RateLimitedLocal;
    } catch (error) {
      onStoreError(error); // a broken counter store must not take the API down: let the request through
    }
    next();
  };
}

async function verifiedUserId(req: Request, verifier: TokenVerifier): Promise<number | null> {
  try {
    const header = authorizationHeader(req);
    if (header === undefined || !verifier.enabled) return null;
    return (await verifier.verify(header)).userId;
  } catch {
    return null; // an invalid token (or several Authorization headers) is counted by address; the AuthGuard answers 401 later
  }
}
