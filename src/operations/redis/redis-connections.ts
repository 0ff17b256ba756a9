import Redis, { RedisOptions } from 'ioredis';
import type { RedisConfig } from '../../config/app-config';
import type { RedisAvailability } from './redis-availability';
import type { RedisConnectionName } from './redis-metrics';
import { within } from '../within';

/** A command that gets no answer within this time fails, and the request is counted locally instead. */
export const COMMAND_TIMEOUT_MS = 250;
/** Reconnection attempts come at most this far apart, so the service picks Redis up again within about a second. */
export const MAX_RECONNECT_DELAY_MS = 1000;
/** Each ready connection is PINGed this often (the subscriber too: PING is allowed in subscribe mode). */
const HEARTBEAT_INTERVAL_MS = 1000;
/**
 * A connection that answered no PING for this long is dead even if its socket never closed (a firewall or load balancer
 * dropping an idle flow, a failover behind a proxy): it is reported lost and its socket destroyed, so ioredis opens a new
 * one. Several missed PINGs, not one, so that a short stall is not a reconnection.
 */
const HEARTBEAT_DEAD_AFTER_MS = 3000;
/** At shutdown a connection whose QUIT is not answered within this time is dropped. */
const QUIT_LIMIT_MS = 1000;
/** TCP keepalive on both sockets, so that the kernel also finds a peer that is gone. */
export const TCP_KEEPALIVE_MS = 10_000;

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
    keepAlive: TCP_KEEPALIVE_MS,
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
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    config: RedisConfig,
    private readonly availability: RedisAvailability,
    private readonly now: () => number = Date.now,
  ) {
    this.commands = this.open(config, 'commands', availability);
    this.subscriber = this.open(config, 'subscriber', availability);
    const beats = [this.heartbeatOf(this.commands, 'commands'), this.heartbeatOf(this.subscriber, 'subscriber')];
    this.heartbeat = setInterval(() => beats.forEach((beat) => beat()), HEARTBEAT_INTERVAL_MS);
    this.heartbeat.unref();
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

  /**
   * Closes both connections; closing on purpose is not reported as Redis trouble. A connection whose QUIT gets no answer
   * within QUIT_LIMIT_MS (a frozen Redis) is dropped instead. Resolves with the names of those dropped.
   */
  async close(): Promise<RedisConnectionName[]> {
    clearInterval(this.heartbeat);
    const named = [
      ['commands', this.commands],
      ['subscriber', this.subscriber],
    ] as const;
    const dropped = await Promise.all(
      named.map(async ([name, client]) => {
        client.removeAllListeners('close');
        client.removeAllListeners('error');
        client.on('error', () => undefined);
        const quit = client.quit().then(
          () => true,
          () => false,
        );
        if (await within(quit, QUIT_LIMIT_MS)) return null;
        client.disconnect();
        client.stream?.destroy();
        return name;
      }),
    );
    return dropped.filter((name): name is RedisConnectionName => name !== null);
  }

  /**
   * One heartbeat of `client`: a PING when none is outstanding; when none was answered within HEARTBEAT_DEAD_AFTER_MS
   * of the connection being ready, the connection is lost: `redis_connected` 0, and its socket destroyed (not ended: a
   * FIN into a black hole is never answered either), which makes ioredis reconnect.
   */
  private heartbeatOf(client: Redis, name: RedisConnectionName): () => void {
    let lastAnswer = this.now();
    let pinging = false;
    client.on('ready', () => (lastAnswer = this.now()));
    return () => {
      if (client.status !== 'ready') return;
      if (this.now() - lastAnswer > HEARTBEAT_DEAD_AFTER_MS) {
        this.availability.connectionLost(name, new Error(`no answer to PING within ${HEARTBEAT_DEAD_AFTER_MS} ms: reconnecting`));
        lastAnswer = this.now();
        if (client.stream) client.stream.destroy();
        else client.disconnect(true);
        return;
      }
      if (pinging) return;
      pinging = true;
      client.ping().then(
        () => {
          pinging = false;
          lastAnswer = this.now();
        },
        () => (pinging = false),
      );
    };
  }

  /** The subscriber counts as ready once subscribed, which RedisWriteNotices reports. */
  private open(config: RedisConfig, name: RedisConnectionName, availability: RedisAvailability): Redis {
    const client = new Redis(redisOptions(config, name));
    // ioredis reports a refused SELECT as an error and then becomes ready anyway, on database 0 (probe: redis://…/16 on
    // a server with 16 databases): that connection is closed for good instead of silently using another database.
    let wrongDatabase = false;
    if (name === 'commands') client.on('ready', () => !wrongDatabase && availability.connectionReady(name));
    client.on('error', (error: unknown) => {
      if (!(error instanceof Error) || !/DB index is out of range/i.test(error.message)) {
        availability.connectionLost(name, error);
        return;
      }
      wrongDatabase = true;
      availability.connectionMisconfigured(
        name,
        `Redis has no database ${config.db} (${error.message}): check the /db number of REDIS_URL; this connection is closed and Redis is not used`,
      );
      client.disconnect(); // no reconnection
      client.stream?.destroy(); // nothing more is read, so the ready check that follows never makes it ready
    });
    client.on('close', () => availability.connectionLost(name));
    return client;
  }
}
