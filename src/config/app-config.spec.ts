import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig } from './app-config';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
};

describe('loadConfig', () => {
  it('gives the contract defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      apiPrefix: '/wp-json',
      locales: ['en', 'es'],
      maxBodyBytes: 1048576,
      corsOrigins: '*',
      calendarTimezone: 'UTC',
      timezoneMode: 'event',
      maxPerPage: 50,
      db: { type: 'sqlite', sqlitePath: './data/calendar.sqlite', lockWaitSeconds: 5 },
      rateLimitMax: 1200,
      rateLimitWindowSeconds: 60,
      metricsEnabled: true,
      logLevel: 'info',
      shutdownGraceMs: 10000,
      keepAliveTimeoutMs: 65000,
    });
    expect(c.auth.developmentSecret).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).auth.developmentSecret).toBe(false);
  });

  it('names the variable in the contract wording', () => {
    expect(problemsOf({ TIMEZONE_MODE: 'utc' })).toEqual(['TIMEZONE_MODE must be "event" or "site", got "utc"']);
    expect(new ConfigError(['x']).message).toBe('configuration error: x');
  });

  it('reports every problem at once', () => {
    const problems = problemsOf({ PORT: '70000', MAX_PER_PAGE: '0', LOCALES: 'es', CALENDAR_TIMEZONE: 'Mars/Base' });
    expect(problems).toHaveLength(4);
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['CALENDAR_TIMEZONE', 'PORT', 'LOCALES', 'MAX_PER_PAGE']);
  });

  it.each([
    ['PUBLIC_URL', 'ftp://x'],
    ['PUBLIC_URL', 'http://x/?a=1'],
    ['API_PREFIX', 'wp-json'],
    ['API_PREFIX', '/wp-json/'],
    ['API_PREFIX', '/es'],
    ['API_PREFIX', '/health/x'],
    ['API_PREFIX', '/WP'],
    ['MAX_BODY_BYTES', '100'],
    ['TRUST_PROXY', 'yes'],
    ['CORS_ORIGINS', 'not a url'],
    ['AUTH_CLOCK_SKEW_S', '301'],
    ['AUTH_USERS', '1,x'],
    ['AUTH_JWKS_URL', 'ftp://keys'],
    ['AUTH_JWT_PUBLIC_KEY', 'nope'],
    ['AUTH_JWT_PUBLIC_KEY', '-----BEGIN PUBLIC KEY-----\\nAAAA\\n-----END PUBLIC KEY-----'],
    ['DB_PORT', 'abc'],
    ['DATABASE_URL', 'postgres://u@db/cal'],
    ['DB_TYPE', 'postgres'],
    ['DB_POOL_SIZE', '0'],
    ['RATE_LIMIT_WINDOW_S', '0'],
    ['METRICS_ENABLED', 'maybe'],
    ['LOG_LEVEL', 'verbose'],
    ['WORKERS', '0'],
  ])('rejects %s=%s naming the variable', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0].startsWith(name)).toBe(true);
  });

  it('accepts a parsable RSA or P-256 public key, also written with literal \\n sequences', () => {
    const keys = [generateKeyPairSync('rsa', { modulusLength: 2048 }), generateKeyPairSync('ec', { namedCurve: 'P-256' })];
    for (const { publicKey } of keys) {
      const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
      expect(problemsOf({ AUTH_JWT_PUBLIC_KEY: pem.replace(/\n/g, '\\n') })).toEqual([]);
    }
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    expect(problemsOf({ AUTH_JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString() })).toHaveLength(1);
  });

  it('reads MySQL settings from DATABASE_URL or DB_*', () => {
    expect(loadConfig({ DB_TYPE: 'mysql', DATABASE_URL: 'mariadb://u:p%40ss@db:3307/cal' }).db).toEqual({
      type: 'mysql', host: 'db', port: 3307, user: 'u', password: 'p@ss', database: 'cal', poolSize: 10, replicas: [], lockWaitSeconds: 5,
    });
    expect(problemsOf({ DB_TYPE: 'mysql' }).map((p) => p.split(' ')[0])).toEqual(['DB_HOST', 'DB_USER', 'DB_NAME']);
  });

  describe('DATABASE_REPLICA_URLS', () => {
    const primary = { DB_TYPE: 'mysql', DATABASE_URL: 'mysql://app:secret@primary:3306/cal' };

    it('reads a comma list of replica URLs (spaces and empty items ignored) beside the primary', () => {
      const c = loadConfig({ ...primary, DATABASE_REPLICA_URLS: ' mysql://ro:p%40ss@replica-1/cal , ,mariadb://ro:x@replica-2:3307/cal_copy,' });
      expect(c.db).toEqual({
        type: 'mysql', host: 'primary', port: 3306, user: 'app', password: 'secret', database: 'cal', poolSize: 10, lockWaitSeconds: 5,
        replicas: [
          { host: 'replica-1', port: 3306, user: 'ro', password: 'p@ss', database: 'cal' },
          { host: 'replica-2', port: 3307, user: 'ro', password: 'x', database: 'cal_copy' },
        ],
      });
    });

    it('works with the DB_* variables too, and is empty when unset or blank', () => {
      const dbVars = { DB_TYPE: 'mysql', DB_HOST: 'primary', DB_USER: 'app', DB_NAME: 'cal' };
      expect(loadConfig({ ...dbVars, DATABASE_REPLICA_URLS: 'mysql://ro@replica/cal' }).db).toMatchObject({
        host: 'primary', replicas: [{ host: 'replica', port: 3306, user: 'ro', password: '', database: 'cal' }],
      });
      expect(loadConfig(dbVars).db).toMatchObject({ replicas: [] });
      expect(loadConfig({ ...dbVars, DATABASE_REPLICA_URLS: '  ' }).db).toMatchObject({ replicas: [] });
    });

    it('reports each bad item on its own line by position, never echoing it (it may hold a password)', () => {
      const problems = problemsOf({
        ...primary,
        DATABASE_REPLICA_URLS: 'postgres://ro:hunter2@r1/cal,mysql://ro@r2/cal,mysql://ro@r3,not a url,mysql://ro@r5:0/cal',
      });
      expect(problems).toEqual([
        'DATABASE_REPLICA_URLS item 1 of 5 must look like mysql://user:password@host:port/database',
        'DATABASE_REPLICA_URLS item 3 of 5 must look like mysql://user:password@host:port/database',
        'DATABASE_REPLICA_URLS item 4 of 5 must look like mysql://user:password@host:port/database',
        'DATABASE_REPLICA_URLS item 5 of 5 must look like mysql://user:password@host:port/database',
      ]);
      expect(problems.join('\n')).not.toContain('hunter2');
    });

    it('is a configuration error with DB_TYPE=sqlite (also the default): SQLite has no replicas', () => {
      const message = 'DATABASE_REPLICA_URLS needs DB_TYPE "mysql": SQLite has no read replicas (unset it or set DB_TYPE=mysql)';
      expect(problemsOf({ DATABASE_REPLICA_URLS: 'mysql://ro@replica/cal' })).toEqual([message]);
      expect(problemsOf({ DB_TYPE: 'sqlite', DATABASE_REPLICA_URLS: 'mysql://ro@replica/cal' })).toEqual([message]);
      expect(loadConfig({ DB_TYPE: 'sqlite', DATABASE_REPLICA_URLS: '' }).db).toEqual({ type: 'sqlite', sqlitePath: './data/calendar.sqlite', lockWaitSeconds: 5 });
    });
  });

  it('drops a trailing slash from PUBLIC_URL and parses lists', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://cal.example.com/base/', CORS_ORIGINS: 'https://a.example,https://b.example:8443', AUTH_USERS: '1, 2,3' });
    expect(c.publicUrl).toBe('https://cal.example.com/base');
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example:8443']);
    expect(c.auth.users).toEqual([1, 2, 3]);
    expect(loadConfig({ CORS_ORIGINS: '' }).corsOrigins).toEqual([]);
  });

  it('defaults PUBLIC_URL to the local address of PORT, so links work on another port', () => {
    expect(loadConfig({ PORT: '3100' }).publicUrl).toBe('http://localhost:3100');
    expect(loadConfig({ PORT: '3100', PUBLIC_URL: 'https://api.example.com' }).publicUrl).toBe('https://api.example.com');
  });

  describe('REDIS_URL (issue 17)', () => {
    it('is off by default', () => {
      expect(loadConfig({}).redis).toBeNull();
      expect(loadConfig({ REDIS_URL: ' ' }).redis).toBeNull();
    });

    it('reads host, port, database, password, ACL user and TLS, keeping credentials out of the display form', () => {
      expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6380/2' }).redis).toEqual({
        host: '127.0.0.1',
        port: 6380,
        db: 2,
        username: undefined,
        password: undefined,
        tls: false,
        keyPrefix: 'calendar:',
        display: 'redis://127.0.0.1:6380/2',
      });
      expect(loadConfig({ REDIS_URL: 'rediss://app:s%40cret@cache.example.com', REDIS_KEY_PREFIX: 'staging:' }).redis).toEqual({
        host: 'cache.example.com',
        port: 6379,
        db: 0,
        username: 'app',
        password: 's@cret',
        tls: true,
        keyPrefix: 'staging:',
        display: 'rediss://cache.example.com/0',
      });
      expect(loadConfig({ REDIS_URL: 'redis://:only-password@[::1]:7000' }).redis).toMatchObject({
        host: '::1',
        port: 7000,
        username: undefined,
        password: 'only-password',
      });
    });

    it.each(['http://cache:6379', 'redis://', 'redis://cache/zero', 'redis://cache/0?timeout=1', 'not a url'])(
      'refuses REDIS_URL=%s without echoing it (it may hold a password)',
      (value) => {
        expect(problemsOf({ REDIS_URL: value })).toEqual([
          'REDIS_URL must look like redis://[[user]:password@]host[:port][/db] or rediss://… (TLS)',
        ]);
      },
    );

    it('refuses a REDIS_KEY_PREFIX that could not be told apart in keys', () => {
      expect(problemsOf({ REDIS_KEY_PREFIX: 'a b' })).toEqual(['REDIS_KEY_PREFIX must be 1–64 of A–Z a–z 0–9 : . _ -, got "a b"']);
    });
  });

  describe('variables with only a lower bound in §2.5 take any integer above it', () => {
    it.each([
      ['RATE_LIMIT_MAX', '2000000000', 'rateLimitMax', 2_000_000_000],
      ['RATE_LIMIT_WINDOW_S', '86401', 'rateLimitWindowSeconds', 86_401],
      ['RATE_LIMIT_WINDOW_S', '31536000', 'rateLimitWindowSeconds', 31_536_000],
      ['SHUTDOWN_GRACE_MS', '3600001', 'shutdownGraceMs', 3_600_001],
      ['SHUTDOWN_GRACE_MS', '0', 'shutdownGraceMs', 0],
    ] as const)('%s=%s', (name, value, key, expected) => {
      expect(loadConfig({ [name]: value })[key]).toBe(expected);
    });

    it('states the lower bound as the contract does', () => {
      expect(problemsOf({ RATE_LIMIT_WINDOW_S: '0' })).toEqual(['RATE_LIMIT_WINDOW_S must be an integer ≥ 1, got "0"']);
      expect(problemsOf({ SHUTDOWN_GRACE_MS: '-1' })).toEqual(['SHUTDOWN_GRACE_MS must be an integer ≥ 0, got "-1"']);
      expect(problemsOf({ RATE_LIMIT_MAX: '1.5' })).toEqual(['RATE_LIMIT_MAX must be an integer ≥ 0, got "1.5"']);
    });

    it('names the technical ceilings instead of applying them silently', () => {
      // Node.js timers hold at most 2^31−1 ms; a longer grace period would fire at once and cut requests off.
      expect(loadConfig({ SHUTDOWN_GRACE_MS: '2147483647' }).shutdownGraceMs).toBe(2_147_483_647);
      expect(problemsOf({ SHUTDOWN_GRACE_MS: '2147483648' })).toEqual([
        'SHUTDOWN_GRACE_MS must be at most 2147483647 (about 24.8 days, the longest timer Node.js can set), got "2147483648"',
      ]);
      // Beyond 2^53−1 a number is no longer the integer that was written.
      expect(loadConfig({ RATE_LIMIT_MAX: '9007199254740991' }).rateLimitMax).toBe(Number.MAX_SAFE_INTEGER);
      expect(problemsOf({ RATE_LIMIT_MAX: '9007199254740992' })).toEqual([
        'RATE_LIMIT_MAX must be at most 9007199254740991 (the largest integer represented exactly), got "9007199254740992"',
      ]);
    });
  });

  describe('slow clients: HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS', () => {
    it('by default cut a request in progress within 60 s of its first byte, and keep idle connections 65 s', () => {
      const c = loadConfig({});
      expect(c).toMatchObject({ headersTimeoutMs: 30_000, requestTimeoutMs: 50_000, timeoutCheckIntervalMs: 3000 });
      // Node enforces both timeouts every timeoutCheckIntervalMs (connectionsCheckingInterval), so a request can outlive
      // its timeout by up to one interval: the headers, then the whole request (body included), must still end by 60 s.
      expect(c.headersTimeoutMs + c.timeoutCheckIntervalMs).toBeLessThanOrEqual(60_000);
      expect(c.requestTimeoutMs + c.timeoutCheckIntervalMs).toBeLessThanOrEqual(60_000);
      // An idle keep-alive connection (no request in progress) is not cut by them: it must outlive a gateway's idle
      // timeout (often 60 s).
      expect(c.keepAliveTimeoutMs).toBe(65_000);
    });

    it('reads them, and checks a tenth as often as the headers timeout (at least every 5 s)', () => {
      expect(loadConfig({ HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000' })).toMatchObject({
        headersTimeoutMs: 1000,
        requestTimeoutMs: 2000,
        timeoutCheckIntervalMs: 100,
      });
      expect(loadConfig({ HEADERS_TIMEOUT_MS: '120000', REQUEST_TIMEOUT_MS: '600000' }).timeoutCheckIntervalMs).toBe(5000);
    });

    it.each([
      ['HEADERS_TIMEOUT_MS', '999'],
      ['HEADERS_TIMEOUT_MS', '20s'],
      ['REQUEST_TIMEOUT_MS', '3600001'],
      ['REQUEST_TIMEOUT_MS', '0'],
    ])('rejects %s=%s naming the variable', (name, value) => {
      expect(problemsOf({ [name]: value })).toEqual([`${name} must be an integer between 1000 and 3600000, got "${value}"`]);
    });

    it('rejects a headers timeout longer than the request timeout, in one line', () => {
      expect(problemsOf({ HEADERS_TIMEOUT_MS: '40000', REQUEST_TIMEOUT_MS: '20000' })).toEqual([
        'HEADERS_TIMEOUT_MS must not be greater than REQUEST_TIMEOUT_MS (the headers are part of the request), got "40000" and "20000"',
      ]);
      expect(problemsOf({ REQUEST_TIMEOUT_MS: '20000' })).toEqual([
        'HEADERS_TIMEOUT_MS must not be greater than REQUEST_TIMEOUT_MS (the headers are part of the request), got "30000" and "20000"',
      ]);
      expect(problemsOf({ HEADERS_TIMEOUT_MS: 'x', REQUEST_TIMEOUT_MS: '20000' })).toHaveLength(1);
    });
  });

  it('reads WORKERS: 1 by default, a number, or auto = one per core', () => {
    expect(loadConfig({}, 8).workers).toBe(1);
    expect(loadConfig({ WORKERS: '3' }, 8).workers).toBe(3);
    expect(loadConfig({ WORKERS: 'auto' }, 8).workers).toBe(8);
    expect(problemsOf({ WORKERS: 'many' })).toEqual(['WORKERS must be "auto" or an integer between 1 and 64, got "many"']);
  });
});
