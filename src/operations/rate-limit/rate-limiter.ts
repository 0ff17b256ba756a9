import { clientAddress } from '../http/client-address';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppConfig } from '../../config/app-config';
import { authorizationHeader } from '../../shared/auth/authorization-header';
import type { TokenVerifier } from '../../shared/auth/token-verifier';
import type { Clock } from '../../shared/domain/clock';
import { RateLimitStore, RateLimitVerdict, verdict, WindowHit } from '../domain/rate-limit-store';

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
  /** Counts the request under `key`; a promise only when the store answers later (Redis, the cluster primary). */
  const count = (key: string, res: Response): void | Promise<void> => {
    const now = clock.now().getTime();
    const settle = (hit: WindowHit) => {
      const result = verdict(hit, max, now);
      res.setHeader('RateLimit-Limit', String(result.limit));
      res.setHeader('RateLimit-Remaining', String(result.remaining));
      res.setHeader('RateLimit-Reset', String(result.resetSeconds));
      if (result.limited) res.locals[RATE_LIMITED] = result satisfies RateLimitedLocal;
    };
    const hit = store.hit(key, windowMs, now);
    if (!(hit instanceof Promise)) return settle(hit);
    return hit.then(settle);
  };
  /** The request counted, by its verified user or by its address. */
  const counted = (req: Request, res: Response): void | Promise<void> => {
    // Without a token the client is its address (Node keeps the first of several headers in `headers`): counted at once
    // when the store keeps its counters in this process — no promise, no turn of the event loop (issue 18: counting
    // made a cached read cost 1.14× its CPU without counting; about 1.07× once anonymous requests were counted at once).
    if (req.headers.authorization === undefined) return count(addressKey(req), res);
    return verifiedUserId(req, verifier).then((userId) => {
      if (userId !== null) res.locals.verifiedUserId = userId;
      return count(userId !== null ? `user:${userId}` : addressKey(req), res);
    });
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (max === 0 || !inScope((req.originalUrl ?? req.url).split('?')[0])) return next();
    let counting: void | Promise<void> = undefined;
    try {
      counting = counted(req, res);
    } catch (error) {
      onStoreError(error); // a broken counter store must not take the API down: let the request through
    }
    if (counting === undefined) return next();
    void counting.catch(onStoreError).then(() => next());
  };
}

const addressKey = (req: Request): string => `addr:${clientAddress(req) ?? 'unknown'}`;

async function verifiedUserId(req: Request, verifier: TokenVerifier): Promise<number | null> {
  try {
    const header = authorizationHeader(req);
    if (header === undefined || !verifier.enabled) return null;
    return (await verifier.verify(header)).userId;
  } catch {
    return null; // an invalid token (or several Authorization headers) is counted by address; the AuthGuard answers 401 later
  }
}
