import Redis, { RedisOptions } from 'ioredis';
import type { RedisConfig } from '../../config/app-config';
import type { RedisAvailability } from './redis-availability';
import type { RedisConnectionName } from './redis-metrics';

/** A command that gets no answer within this time fails, and the request is counted locally instead. */
export const COMMAND_TIMEOUT_MS = 250;
/** Reconnection attempts come at most this far apart, so the service picks Redis up again within about a second. */
export const MAX_RECONNECT_DELAY_MS = 1000;

/**
 * ioredis options for one of the two connections. Commands never wait for a connection: without one they fail at once
 * (no offline queue, no retries) and the caller works locally. The subscriber subscribes itself each time it is ready
 * (RedisWriteNotices): a SUBSCRIBE queued before the connection was ready could reach the server before ioredis' own
 * ready check (INFO), which a subscribed connection refuses, leaving it connected but subscribed to nothing (seen over
 * TLS).
 */
export function redisOptions(config: RedisConfig, connection: RedisConnectionName): RedisOptions {
  const common: RedisOptions = {
    host: config.host,
    port: config.port,
    db: config.db,
    username: config.username,
    password: config.password,
    tls: config.tls ? {} : undefined, // rediss://: the system's CAs (plus NODE_EXTRA_CA_CERTS) verify the server
    connectionName: `calendar-${connection}-${process.pid}`,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
  };
  const noWaiting = { enableOfflineQueue: false, maxRetriesPerRequest: 0 };
  return connection === 'commands'
    ? { ...common, ...noWaiting, commandTimeout: COMMAND_TIMEOUT_MS }
    : { ...common, ...noWaiting, autoResubscribe: false };
}

/**
 * The process' two Redis connections: one for commands (rate-limit counts, invalidation notices) and one subscribed to
 * the invalidation channel (a subscribed connection can send nothing else). Their state feeds RedisAvailability; ioredis
 * reconnects by itself, so the service recovers without a restart.
 */
export class RedisConnections {
  readonly commands: Redis;
  readonly subscriber: Redis;

  constructor(config: RedisConfig, availability: RedisAvailability) {
    this.commands = this.open(config, 'commands', availability);
    this.subscriber = this.open(config, 'subscriber', availability);
  }

  /** Resolves true once commands can be sent, or false after `withinMs`: the service then starts without Redis. */
  whenReady(withinMs: number): Promise<boolean> {
    if (this.commands.status === 'ready') return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.commands.off('ready', onReady);
        resolve(false);
      }, withinMs);
      const onReady = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.commands.once('ready', onReady);
    });
  }

  /** Closes both connections; closing on purpose is not reported as Redis trouble. */
  async close(): Promise<void> {
    await Promise.all(
      [this.commands, this.subscriber].map((client) => {
        client.removeAllListeners('close');
        client.removeAllListeners('error');
        client.on('error', () => undefined);
        return client.quit().catch(() => client.disconnect());
      }),
    );
  }

  /** The subscriber counts as ready once subscribed, which RedisWriteNotices reports. */
  private open(config: RedisConfig, name: RedisConnectionName, availability: RedisAvailability): Redis {
    const client = new Redis(redisOptions(config, name));
    if (name === 'commands') client.on('ready', () => availability.connectionReady(name));
    client.on('error', (error: unknown) => availability.connectionLost(name, error));
    client.on('close', () => availability.connectionLost(name));
    return client;
  }
}
