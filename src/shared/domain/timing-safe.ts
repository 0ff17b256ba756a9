import { createHash, timingSafeEqual as equalBuffers } from 'node:crypto';

/** Constant-time string comparison (hashes first so lengths do not leak). */
export function timingSafeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  // Stryker disable next-line LogicalOperator,ConditionalExpression: equivalent, equal SHA-256 digests mean equal strings (the second test only guards against a collision)
  return equalBuffers(ha, hb) && a === b;
}
