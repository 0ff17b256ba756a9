import { randomUUID } from 'node:crypto';
import type { WriteNoticeChannel } from '../write-notices';
import type { RedisAvailability } from './redis-availability';
import type { RedisConnections } from './redis-connections';
import type { RedisMetrics } from './redis-metrics';

/** A refused SUBSCRIBE is tried again after this long: 200 ms, doubling up to 5 s. */
const subscribeRetryDelayMs = (failures: number): number => Math.min(200 * 2 ** (failures - 1), 5000);

/**
 * Read-cache invalidation across instances over Redis pub/sub: a write publishes this process' id on the channel and
 * every other process subscribed to it clears its read cache when the message arrives (about a millisecond on a local
 * network). Pub/sub keeps nothing for absent listeners, so a process whose subscription was lost clears its cache when
 * it is back: whatever it missed cannot be served afterwards; meanwhile its cache falls back to READ_CACHE_TTL_MS.
 */
export class RedisWriteNotices implements WriteNoticeChannel {
  private readonly instanceId = randomUUID();
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly connections: RedisConnections,
    private readonly availability: RedisAvailability,
    private readonly metrics: RedisMetrics,
    private readonly channel: string,
  ) {
    const { subscriber } = connections;
    subscriber.on('message', (from: string, sender: string) => {
      if (from === this.channel && sender !== this.instanceId) this.peerWrote();
    });
    let subscribedBefore = false;
    let failures = 0;
    let retry: NodeJS.Timeout | undefined;
    const subscribe = (): Promise<void> =>
      subscriber.subscribe(this.channel).then(
        () => {
          failures = 0;
          availability.connectionReady('subscriber');
          // Subscribed again after losing the connection: notices may have been missed in between.
          if (subscribedBefore) this.peerWrote();
          subscribedBefore = true;
        },
        (error: unknown) => {
          // Refused on a connection that is up (NOPERM for the channel, say): tried again, less and less often, while
          // redis_connected{connection="subscriber"} stays 0. A lost connection subscribes again once ready.
          availability.connectionLost('subscriber', error);
          if (subscriber.status !== 'ready' || retry) return;
          retry = setTimeout(() => {
            retry = undefined;
            if (subscriber.status === 'ready') void subscribe();
          }, subscribeRetryDelayMs(++failures));
          retry.unref();
        },
      );
    subscriber.on('ready', () => {
      clearTimeout(retry);
      retry = undefined;
      failures = 0;
      void subscribe();
    });
    if (subscriber.status === 'ready') void subscribe(); // ready before this was made (startup waits for Redis)
  }

  publish(): void {
    if (!this.availability.commandsUsable) return;
    this.connections.commands.publish(this.channel, this.instanceId).then(
      () => this.availability.publishSucceeded(),
      (error: unknown) => this.availability.publishFailed(error),
    );
  }

  onPeerWrite(listener: () => void): void {
    this.listeners.push(listener);
  }

  private peerWrote(): void {
    this.metrics.peerInvalidations.inc();
    for (const listener of this.listeners) listener();
  }
}
