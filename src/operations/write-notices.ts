/** One way of telling other processes that this one wrote, so that their read caches forget what they hold. */
export interface WriteNoticeChannel {
  publish(): void;
  onPeerWrite(listener: () => void): void;
}

/**
 * Every channel this process has: the cluster primary's IPC relay between workers of one machine (WORKERS > 1) and
 * Redis pub/sub between instances (REDIS_URL). With neither, a write only clears this process' own cache.
 */
export class WriteNotices {
  constructor(private readonly channels: WriteNoticeChannel[]) {}

  get hasPeers(): boolean {
    return this.channels.length > 0;
  }

  tellPeers(): void {
    for (const channel of this.channels) channel.publish();
  }

  onPeerWrite(listener: () => void): void {
    for (const channel of this.channels) channel.onPeerWrite(listener);
  }
}
