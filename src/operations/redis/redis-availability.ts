import type { Logger } from 'pino';
import type { RedisConnectionName, RedisMetrics, RedisOperation } from './redis-metrics';

/** After a failed rate-limit command, Redis is left alone this long: a stalled server costs one timeout per second, not one per request. */
export const COMMAND_COOLDOWN_MS = 1000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * What this process knows about Redis: which connections are ready and whether commands may be sent now. Every change
 * is logged once (not once per request or reconnection attempt) and shown in `/metrics`.
 */
export class RedisAvailability {
  /** `connecting` until the first outcome; a change of state is logged, a repeated one is not. */
  private readonly state: Record<RedisConnectionName, 'connecting' | 'ready' | 'down'> = { commands: 'connecting', subscriber: 'connecting' };
  /** Set when a command failed, cleared by the next success: the log says when Redis answers again. */
  private commandsFailing = false;
  private cooldownUntil = 0;
  /** Set when an invalidation notice failed, cleared by the next one sent. */
  private publishFailing = false;

  constructor(
    private readonly log: Logger,
    private readonly metrics: RedisMetrics,
    private readonly display: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the command connection is ready and no command failed within the last COMMAND_COOLDOWN_MS. */
  get commandsUsable(): boolean {
    return this.state.commands === 'ready' && this.now() >= this.cooldownUntil;
  }

  connectionReady(connection: RedisConnectionName): void {
    this.metrics.connected.set({ connection }, 1);
    if (this.state[connection] === 'ready') return;
    this.state[connection] = 'ready';
    if (connection === 'commands') {
      this.commandsFailing = false;
      this.cooldownUntil = 0;
    }
    this.log.info({ connection, redis: this.display }, `Redis ${connection} connection ready`);
  }

  /** The connection closed or failed to open; ioredis keeps reconnecting by itself. */
  connectionLost(connection: RedisConnectionName, error?: unknown): void {
    if (error !== undefined) this.metrics.errors.inc({ operation: 'connection' });
    this.metrics.connected.set({ connection }, 0);
    if (this.state[connection] === 'down') return;
    this.state[connection] = 'down';
    this.log.warn(
      { connection, redis: this.display, err: error === undefined ? undefined : messageOf(error), hint: this.hintFor(error) },
      connection === 'commands'
        ? 'Redis unavailable: rate limits are counted by this instance alone until it returns'
        : 'Redis unavailable: other instances\' writes are not heard; this instance\'s read cache falls back to its TTL until it returns',
    );
  }

  /**
   * The connection opened but cannot be used as configured (a `/db` the server does not have): down, with an error
   * log naming why. It is closed, not retried: only a configuration change helps.
   */
  connectionMisconfigured(connection: RedisConnectionName, reason: string): void {
    this.metrics.errors.inc({ operation: 'connection' });
    this.metrics.connected.set({ connection }, 0);
    this.state[connection] = 'down';
    this.log.error({ connection, redis: this.display }, reason);
  }

  /**
   * A likely cause the error alone does not say: a TLS server answers a plain connection by closing it (ECONNRESET), and
   * a plain server never answers a TLS handshake, so rediss:// to it times out at connect.
   */
  private hintFor(error: unknown): string | undefined {
    if (error === undefined) return undefined;
    const message = messageOf(error);
    const tls = this.display.startsWith('rediss:');
    if (tls && /ETIMEDOUT/.test(message)) {
      return 'rediss:// (TLS) timed out at connect: if this server speaks plain Redis, use redis:// (or the server\'s TLS port)';
    }
    if (!tls && /ECONNRESET/.test(message)) {
      return 'redis:// (no TLS) was reset: if this server expects TLS, use rediss://';
    }
    return undefined;
  }

  commandFailed(operation: RedisOperation, error: unknown): void {
    this.metrics.errors.inc({ operation });
    this.cooldownUntil = this.now() + COMMAND_COOLDOWN_MS;
    if (this.commandsFailing) return;
    this.commandsFailing = true;
    this.log.warn({ operation, redis: this.display, err: messageOf(error) }, 'Redis command failed: working locally, trying again in 1 s');
  }

  /**
   * An invalidation notice failed (say NOPERM: an ACL user without the channel). Counted and logged, but it does not
   * pause the rate-limit commands: the two uses of the connection fail independently.
   */
  publishFailed(error: unknown): void {
    this.metrics.errors.inc({ operation: 'publish' });
    if (this.publishFailing) return;
    this.publishFailing = true;
    this.log.warn(
      { operation: 'publish', redis: this.display, err: messageOf(error) },
      'Redis invalidation notice failed: other instances clear their read cache by its TTL alone until one is sent',
    );
  }

  publishSucceeded(): void {
    if (!this.publishFailing) return;
    this.publishFailing = false;
    this.log.info({ redis: this.display }, 'Redis invalidation notices are sent again');
  }

  commandSucceeded(): void {
    if (!this.commandsFailing) return;
    this.commandsFailing = false;
    this.log.info({ redis: this.display }, 'Redis answers commands again');
  }
}
