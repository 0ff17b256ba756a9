/**
 * The typed, validated configuration (CONTRACT §2). `loadConfig` is the only code that reads the environment; everything
 * else receives an AppConfig. Invalid values are collected (one message per problem) so an operator sees them all at once.
 */
import { createPublicKey, X509Certificate } from 'node:crypto';
import { parseRedisUrl, RedisConfig, REDIS_URL_SHAPE } from './redis-url';

/** Where the embedded database lives when DB_SQLITE_PATH is not set (git-ignored, with the development secret). */
export const DEFAULT_SQLITE_PATH = './data/calendar.sqlite';

export type { RedisConfig } from './redis-url';

export type DbConfig = (
  | { type: 'sqlite'; sqlitePath: string }
  | (MysqlEndpoint & {
      type: 'mysql';
      /** Connections per server: the primary and each replica get a pool of this size. */
      poolSize: number;
      /**
       * Read replicas (DATABASE_REPLICA_URLS), empty when there are none. Reads outside a transaction of GET/HEAD
       * requests go to them; writes, transactions and every query of a write request go to the primary.
       */
      replicas: MysqlEndpoint[];
    })
) & {
  /**
   * DB_LOCK_WAIT_S: how long one attempt of a write waits for a lock another write holds (MySQL's
   * innodb_lock_wait_timeout; SQLite's busy_timeout for the database's writer lock) before it is retried or answers 503.
   */
  lockWaitSeconds: number;
};

/** One MySQL server and database: the primary (DATABASE_URL or DB_*) or a read replica. */
export interface MysqlEndpoint {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

export interface AuthConfig {
  jwtSecret?: string;
  jwtPublicKey?: string;
  jwksUrl?: string;
  issuer?: string;
  audience?: string;
  clockSkewSeconds: number;
  rolesClaim: string;
  users: number[];
  /** True when a random development secret was generated because no key was configured outside production. */
  developmentSecret: boolean;
}

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  apiPrefix: string;
  locales: Array<'en' | 'es'>;
  maxBodyBytes: number;
  trustProxy: boolean;
  /** '*' = any origin; [] = no CORS headers; otherwise the allowed origins. */
  corsOrigins: '*' | string[];
  calendarTimezone: string;
  timezoneMode: 'event' | 'site';
  maxPerPage: number;
  auth: AuthConfig;
  db: DbConfig;
  rateLimitMax: number;
  rateLimitWindowSeconds: number;
  metricsEnabled: boolean;
  logLevel: LogLevel;
  shutdownGraceMs: number;
  /** How long an idle keep-alive connection stays open (extension): longer than the gateway's idle timeout. */
  keepAliveTimeoutMs: number;
  /**
   * Slow clients (extension): a request's header block must arrive within HEADERS_TIMEOUT_MS, and the whole request
   * (headers and body) within REQUEST_TIMEOUT_MS, both counted from the request's first byte (from the connection's
   * start for its first request); otherwise Node answers 408 and closes the connection. Node checks them every
   * `timeoutCheckIntervalMs` (its `connectionsCheckingInterval`, derived, not configurable), so a request in progress
   * lives at most REQUEST_TIMEOUT_MS + timeoutCheckIntervalMs: 53 s with the defaults. Idle keep-alive connections
   * (no request in progress) are not affected: KEEP_ALIVE_TIMEOUT_MS governs them.
   */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  timeoutCheckIntervalMs: number;
  /** In-process cache of anonymous read responses (extension): entry lifetime (0 = off) and memory budget. */
  readCache: { ttlMs: number; maxBytes: number };
  /**
   * Issue 18: how often the scheduled job publishes due `future` records (§3.5); 0 = not in this process (with WORKERS
   * the primary gives it to one worker only). Until the job has run, reads show a due record as published.
   */
  publishDueIntervalMs: number;
  workers: number;
  nodeEnv: string;
  /**
   * REDIS_URL (issue 17), null without it: rate-limit counters shared by every instance and read-cache invalidation
   * across instances. The service keeps working when Redis is down (local counters, local cache with its TTL).
   */
  redis: RedisConfig | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.map((p) => `configuration error: ${p}`).join('\n'));
  }
}

type Env = Record<string, string | undefined>;

/** A limit the contract does not state but the runtime imposes, with the reason given in the error message. */
interface Ceiling {
  max: number;
  why: string;
}

const EXACT_INTEGERS: Ceiling = { max: Number.MAX_SAFE_INTEGER, why: 'the largest integer represented exactly' };

/** setTimeout holds at most 2^31−1 ms; a longer delay fires at once (Node's TimeoutOverflowWarning). */
const NODE_TIMERS: Ceiling = { max: 2 ** 31 - 1, why: 'about 24.8 days, the longest timer Node.js can set' };

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined ? undefined : value;
  }

  string(name: string, fallback: string): string {
    const value = this.raw(name);
    return value === undefined || value === '' ? fallback : value;
  }

  optional(name: string): string | undefined {
    const value = this.raw(name);
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined || value.trim() === '') return fallback;
    if (!/^\d+$/.test(value.trim())) {
      this.problems.push(`${name} must be an integer between ${min} and ${max}, got "${value}"`);
      return fallback;
    }
    const n = Number(value.trim());
    if (n < min || n > max) {
      this.problems.push(`${name} must be an integer between ${min} and ${max}, got "${value}"`);
      return fallback;
    }
    return n;
  }

  /**
   * An integer the contract bounds from below only (`integer ≥ min`). Above it only a technical ceiling applies, and the
   * message says which and why: by default 2^53−1, beyond which a number is no longer the integer that was written.
   */
  integerAtLeast(name: string, fallback: number, min: number, ceiling: Ceiling = EXACT_INTEGERS): number {
    const value = this.raw(name);
    if (value === undefined || value.trim() === '') return fallback;
    const text = value.trim();
    if (!/^\d+$/.test(text) || Number(text) < min) {
      this.problems.push(`${name} must be an integer ≥ ${min}, got "${value}"`);
      return fallback;
    }
    if (BigInt(text) > BigInt(ceiling.max)) {
      this.problems.push(`${name} must be at most ${ceiling.max} (${ceiling.why}), got "${value}"`);
      return fallback;
    }
    return Number(text);
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined || value.trim() === '') return fallback;
    const v = value.trim().toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    this.problems.push(`${name} must be "true", "false", "1" or "0", got "${value}"`);
    return fallback;
  }

  oneOf<T extends string>(name: string, fallback: T, allowed: readonly T[]): T {
    const value = this.raw(name);
    if (value === undefined || value === '') return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    const list = allowed.map((a) => `"${a}"`);
    const words = list.length === 2 ? `${list[0]} or ${list[1]}` : `one of ${list.join(', ')}`;
    this.problems.push(`${name} must be ${words}, got "${value}"`);
    return fallback;
  }
}

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** PUBLIC_URL; by default the local address of PORT, so a service started on another port writes working links. */
function readPublicUrl(r: Reader, port: number): string {
  const fallback = `http://localhost:${port}`;
  const value = r.string('PUBLIC_URL', fallback);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    r.problems.push(`PUBLIC_URL must be an absolute http or https URL, got "${value}"`);
    return fallback;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    r.problems.push(`PUBLIC_URL must use http or https, got "${value}"`);
  } else if (url.search || url.hash || value.includes('?') || value.includes('#')) {
    r.problems.push(`PUBLIC_URL must not contain a query or fragment, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function readApiPrefix(r: Reader): string {
  const value = r.string('API_PREFIX', '/wp-json');
  const reserved = ['/es', '/health', '/metrics', '/docs'];
  const valid =
    /^\/[a-z0-9\-_/]*$/.test(value) &&
    value.length > 1 &&
    !value.endsWith('/') &&
    !value.includes('//') &&
    !reserved.some((p) => value === p || value.startsWith(`${p}/`) || value.startsWith(p));
  if (!valid) {
    r.problems.push(
      `API_PREFIX must start with "/", have no trailing "/", use only a-z 0-9 - _ / and not begin with /es, /health, /metrics or /docs, got "${value}"`,
    );
    return '/wp-json';
  }
  return value;
}

function readLocales(r: Reader): Array<'en' | 'es'> {
  const value = r.string('LOCALES', 'en,es');
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = items.filter((i) => i !== 'en' && i !== 'es');
  if (unknown.length > 0 || !items.includes('en')) {
    r.problems.push(`LOCALES must be a comma list of "en" and "es" that contains "en", got "${value}"`);
    return ['en', 'es'];
  }
  return [...new Set(items)] as Array<'en' | 'es'>;
}

function readCorsOrigins(r: Reader): '*' | string[] {
  const value = r.raw('CORS_ORIGINS');
  if (value === undefined) return '*';
  if (value.trim() === '*') return '*';
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) {
    let ok = false;
    try {
      const u = new URL(item);
      ok = (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === item.replace(/\/$/, '');
    } catch {
      ok = false;
    }
    if (!ok) r.problems.push(`CORS_ORIGINS must be "*" or a comma list of origins such as https://a.example, got "${item}"`);
  }
  return items.map((i) => i.replace(/\/$/, ''));
}

/** §2.3 "must parse": a PEM SPKI key or X.509 certificate holding an RSA key or a P-256 key (RS256 / ES256). */
function isUsablePublicKey(pem: string): boolean {
  if (!/-----BEGIN (PUBLIC KEY|CERTIFICATE)-----[\s\S]+-----END (PUBLIC KEY|CERTIFICATE)-----/.test(pem)) return false;
  try {
    const key = pem.includes('CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
    return key.asymmetricKeyType === 'rsa' || (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1');
  } catch {
    return false;
  }
}

function readAuth(r: Reader, nodeEnv: string): AuthConfig {
  const jwtSecret = r.optional('AUTH_JWT_SECRET');
  const rawKey = r.optional('AUTH_JWT_PUBLIC_KEY');
  const jwtPublicKey = rawKey?.replace(/\\n/g, '\n');
  if (jwtPublicKey && !isUsablePublicKey(jwtPublicKey)) {
    r.problems.push('AUTH_JWT_PUBLIC_KEY must be a PEM public key (SPKI) or X.509 certificate');
  }
  const jwksUrl = r.optional('AUTH_JWKS_URL');
  if (jwksUrl) {
    try {
      const u = new URL(jwksUrl);
      if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error('scheme');
    } catch {
      r.problems.push(`AUTH_JWKS_URL must be an absolute https or http URL, got "${jwksUrl}"`);
    }
  }
  const usersRaw = r.string('AUTH_USERS', '');
  const users: number[] = [];
  for (const item of usersRaw.split(',').map((s) => s.trim()).filter(Boolean)) {
    if (/^\d+$/.test(item) && Number(item) > 0 && Number.isSafeInteger(Number(item))) users.push(Number(item));
    else r.problems.push(`AUTH_USERS must be a comma list of positive integers, got "${item}"`);
  }
  const rolesClaim = r.string('AUTH_ROLES_CLAIM', 'roles');
  const noKey = !jwtSecret && !jwtPublicKey && !jwksUrl;
  return {
    jwtSecret,
    jwtPublicKey,
    jwksUrl,
    issuer: r.optional('AUTH_JWT_ISSUER'),
    audience: r.optional('AUTH_JWT_AUDIENCE'),
    clockSkewSeconds: r.integer('AUTH_CLOCK_SKEW_S', 30, 0, 300),
    rolesClaim,
    users,
    developmentSecret: noKey && nodeEnv !== 'production',
  };
}

/** `mysql://user:password@host:port/database` (or `mariadb://`), or null when it is not one. */
function parseMysqlUrl(value: string): MysqlEndpoint | null {
  try {
    const u = new URL(value);
    if (u.protocol !== 'mysql:' && u.protocol !== 'mariadb:') return null;
    const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
    const port = u.port ? Number(u.port) : 3306;
    if (!u.hostname || !database || port < 1) return null;
    return {
      host: u.hostname,
      port,
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      database,
    };
  } catch {
    return null;
  }
}

const MYSQL_URL_SHAPE = 'mysql://user:password@host:port/database';

/**
 * DATABASE_REPLICA_URLS: a comma list of MySQL URLs of read replicas (empty = every query goes to the primary). A bad
 * item is named by its position, not echoed: it may hold a password.
 */
function readReplicas(r: Reader): MysqlEndpoint[] {
  const items = (r.optional('DATABASE_REPLICA_URLS') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const replicas: MysqlEndpoint[] = [];
  for (const [i, value] of items.entries()) {
    const endpoint = parseMysqlUrl(value);
    if (endpoint) replicas.push(endpoint);
    else r.problems.push(`DATABASE_REPLICA_URLS item ${i + 1} of ${items.length} must look like ${MYSQL_URL_SHAPE}`);
  }
  return replicas;
}

/** With SQLite the MySQL variables are unused, but still checked (§2: every variable is checked at startup). */
function checkUnusedMysqlVariables(r: Reader): void {
  const url = r.optional('DATABASE_URL');
  if (url === undefined) r.integer('DB_PORT', 3306, 1, 65535);
  else if (!parseMysqlUrl(url)) r.problems.push(`DATABASE_URL must look like ${MYSQL_URL_SHAPE}`);
}

function readDb(r: Reader): DbConfig {
  const type = r.oneOf('DB_TYPE', 'sqlite', ['sqlite', 'mysql'] as const);
  const poolSize = r.integer('DB_POOL_SIZE', 10, 1, 100);
  const lockWaitSeconds = r.integer('DB_LOCK_WAIT_S', 5, 1, 60);
  if (type === 'sqlite') {
    // Silently serving everything from one SQLite file would hide a deployment mistake (often a forgotten DB_TYPE).
    if (r.optional('DATABASE_REPLICA_URLS')) {
      r.problems.push('DATABASE_REPLICA_URLS needs DB_TYPE "mysql": SQLite has no read replicas (unset it or set DB_TYPE=mysql)');
    }
    checkUnusedMysqlVariables(r);
    return { type, sqlitePath: r.string('DB_SQLITE_PATH', DEFAULT_SQLITE_PATH), lockWaitSeconds };
  }
  const replicas = readReplicas(r);
  const url = r.optional('DATABASE_URL');
  if (url) {
    const endpoint = parseMysqlUrl(url);
    if (endpoint) return { type, ...endpoint, poolSize, replicas, lockWaitSeconds };
    r.problems.push(`DATABASE_URL must look like ${MYSQL_URL_SHAPE}`);
    return { type, host: '', port: 3306, user: '', password: '', database: '', poolSize, replicas, lockWaitSeconds };
  }
  const host = r.optional('DB_HOST');
  const user = r.optional('DB_USER');
  const database = r.optional('DB_NAME');
  if (!host) r.problems.push('DB_HOST is required when DB_TYPE is "mysql" and DATABASE_URL is not set');
  if (!user) r.problems.push('DB_USER is required when DB_TYPE is "mysql" and DATABASE_URL is not set');
  if (!database) r.problems.push('DB_NAME is required when DB_TYPE is "mysql" and DATABASE_URL is not set');
  return {
    type,
    host: host ?? '',
    port: r.integer('DB_PORT', 3306, 1, 65535),
    user: user ?? '',
    password: r.string('DB_PASSWORD', ''),
    database: database ?? '',
    poolSize,
    replicas,
    lockWaitSeconds,
  };
}

/** HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS; Node refuses a headers timeout longer than the request timeout. */
function readRequestTimeouts(r: Reader): Pick<AppConfig, 'headersTimeoutMs' | 'requestTimeoutMs' | 'timeoutCheckIntervalMs'> {
  const before = r.problems.length;
  let headersTimeoutMs = r.integer('HEADERS_TIMEOUT_MS', 30_000, 1000, 3_600_000);
  const requestTimeoutMs = r.integer('REQUEST_TIMEOUT_MS', 50_000, 1000, 3_600_000);
  if (r.problems.length === before && headersTimeoutMs > requestTimeoutMs) {
    r.problems.push(
      `HEADERS_TIMEOUT_MS must not be greater than REQUEST_TIMEOUT_MS (the headers are part of the request), got "${headersTimeoutMs}" and "${requestTimeoutMs}"`,
    );
    headersTimeoutMs = requestTimeoutMs;
  }
  // A tenth of the shorter timeout, at most 5 s: a timeout is enforced at most that late.
  return { headersTimeoutMs, requestTimeoutMs, timeoutCheckIntervalMs: Math.min(5000, Math.floor(headersTimeoutMs / 10)) };
}

/** REDIS_URL and REDIS_KEY_PREFIX. A bad URL is not echoed: it may hold a password. */
function readRedis(r: Reader): RedisConfig | null {
  const keyPrefix = r.string('REDIS_KEY_PREFIX', 'calendar:');
  if (!/^[A-Za-z0-9:._-]{1,64}$/.test(keyPrefix)) {
    r.problems.push(`REDIS_KEY_PREFIX must be 1–64 of A–Z a–z 0–9 : . _ -, got "${keyPrefix}"`);
  }
  const value = r.optional('REDIS_URL');
  if (value === undefined) return null;
  const redis = parseRedisUrl(value, keyPrefix);
  if (!redis) r.problems.push(`REDIS_URL must look like ${REDIS_URL_SHAPE}`);
  return redis;
}

function readWorkers(r: Reader, cores: number): number {
  const value = r.string('WORKERS', '1').trim();
  if (value === 'auto') return Math.max(1, cores);
  if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 64) return Number(value);
  r.problems.push(`WORKERS must be "auto" or an integer between 1 and 64, got "${value}"`);
  return 1;
}

export function loadConfig(env: Env, cores = 1): AppConfig {
  const r = new Reader(env);
  const nodeEnv = r.string('NODE_ENV', 'development');
  const calendarTimezone = r.string('CALENDAR_TIMEZONE', 'UTC');
  if (!isValidTimeZone(calendarTimezone)) {
    r.problems.push(`CALENDAR_TIMEZONE must be an IANA time zone name such as Europe/Madrid, got "${calendarTimezone}"`);
  }
  const port = r.integer('PORT', 3000, 1, 65535);
  const config: AppConfig = {
    port,
    host: r.string('HOST', '0.0.0.0'),
    publicUrl: readPublicUrl(r, port),
    apiPrefix: readApiPrefix(r),
    locales: readLocales(r),
    maxBodyBytes: r.integer('MAX_BODY_BYTES', 1048576, 1024, 104857600),
    trustProxy: r.boolean('TRUST_PROXY', false),
    corsOrigins: readCorsOrigins(r),
    calendarTimezone,
    timezoneMode: r.oneOf('TIMEZONE_MODE', 'event', ['event', 'site'] as const),
    maxPerPage: r.integer('MAX_PER_PAGE', 50, 1, 1000),
    auth: readAuth(r, nodeEnv),
    db: readDb(r),
    // §2.5 states lower bounds only for these three.
    rateLimitMax: r.integerAtLeast('RATE_LIMIT_MAX', 1200, 0),
    rateLimitWindowSeconds: r.integerAtLeast('RATE_LIMIT_WINDOW_S', 60, 1),
    metricsEnabled: r.boolean('METRICS_ENABLED', true),
    logLevel: r.oneOf('LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const),
    shutdownGraceMs: r.integerAtLeast('SHUTDOWN_GRACE_MS', 10000, 0, NODE_TIMERS),
    keepAliveTimeoutMs: r.integer('KEEP_ALIVE_TIMEOUT_MS', 65_000, 1000, NODE_TIMERS.max),
    ...readRequestTimeouts(r),
    readCache: {
      ttlMs: r.integer('READ_CACHE_TTL_MS', 1000, 0, 60_000),
      maxBytes: r.integer('READ_CACHE_MAX_MB', 32, 1, 4096) * 1024 * 1024,
    },
    publishDueIntervalMs: r.integer('PUBLISH_DUE_INTERVAL_MS', 5000, 0, NODE_TIMERS.max),
    workers: readWorkers(r, cores),
    nodeEnv,
    redis: readRedis(r),
  };
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}
