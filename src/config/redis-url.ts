/**
 * REDIS_URL (issue 17): `redis://[[user]:password@]host[:port][/db]`, or `rediss://…` for TLS. Only the configuration
 * reads it; the Redis adapters receive the parsed form.
 */
export interface RedisConfig {
  host: string;
  port: number;
  db: number;
  /** Redis 6 ACL user; absent for the classic `requirepass` password alone (`redis://:password@host`). */
  username?: string;
  password?: string;
  tls: boolean;
  /** Put before every key and the pub/sub channel, so deployments can share one Redis server (REDIS_KEY_PREFIX). */
  keyPrefix: string;
  /** The address without its credentials, for logs. */
  display: string;
}

export const REDIS_URL_SHAPE = 'redis://[[user]:password@]host[:port][/db] or rediss://… (TLS)';

/** The parsed URL, or null when it is not a usable Redis URL. */
export function parseRedisUrl(value: string, keyPrefix: string): RedisConfig | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') return null;
  if (!url.hostname || url.search || url.hash) return null;
  const dbText = url.pathname.replace(/^\//, '');
  if (dbText !== '' && !/^\d{1,5}$/.test(dbText)) return null;
  const tls = url.protocol === 'rediss:';
  const port = url.port ? Number(url.port) : 6379;
  const db = dbText === '' ? 0 : Number(dbText);
  const username = url.username ? decodeURIComponent(url.username) : undefined;
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1'); // an IPv6 literal without its brackets
  return { host, port, db, username, password, tls, keyPrefix, display: `${url.protocol}//${url.host}/${db}` };
}
