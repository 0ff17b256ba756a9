import type { NextFunction, Request, Response } from 'express';
import { readingFromPrimary } from './read-routing-data-source';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * With read replicas, every query of a write request (POST, PUT, PATCH, DELETE, also through X-HTTP-Method-Override)
 * goes to the primary: the checks it makes before its transaction and the record it answers with must include what it
 * or an earlier write just committed, which a lagging replica may not have yet. Reads go to the replicas. Installed
 * after the body is read: the primary is remembered through the async context, which stream events do not carry.
 */
export function writeRequestsOnPrimary(req: Request, _res: Response, next: NextFunction): void {
  if (READS.has(req.method)) next();
  else readingFromPrimary(next);
}
