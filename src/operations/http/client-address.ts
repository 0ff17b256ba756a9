import { isIP } from 'node:net';
import type { Request } from 'express';

/**
 * The client's address (CONTRACT §13.3, §13.5): `req.ip`, which honours TRUST_PROXY, when it is an IP address; else the
 * socket's peer (`peer`: read earlier by a caller that may run after the socket closed). An IPv4 address mapped into
 * IPv6 (`::ffff:10.0.0.1`) is written as IPv4 and letters in lower case, so one client has one spelling. Behind a
 * gateway that appends to a client's own `X-Forwarded-For` instead of replacing it, any text could otherwise become a
 * rate-limit key and a log field (found by a probe, 2026-11-26).
 */
export function clientAddress(req: Request, peer = req.socket?.remoteAddress): string | null {
  const forwarded = req.ip;
  const address = forwarded !== undefined && isIP(forwarded) ? forwarded : (peer ?? null);
  if (address === null) return null;
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}
