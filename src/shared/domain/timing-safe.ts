import { createHash, timingSafeEqual as equalBuffers } from 'node:crypto';

/** Constant-time string comparison (hashes first so lengths do not leak). */
export function timingSafeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return equalBuffers(ha, hb) && a === b;
}
