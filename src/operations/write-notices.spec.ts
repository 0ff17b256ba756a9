import { WriteNoticeChannel, WriteNotices } from './write-notices';

class RecordingChannel implements WriteNoticeChannel {
  published = 0;
  listeners: Array<() => void> = [];
  publish(): void {
    this.published++;
  }
  onPeerWrite(listener: () => void): void {
    this.listeners.push(listener);
  }
}

describe('WriteNotices', () => {
  it('tells every channel about a write and listens to all of them', () => {
    const ipc = new RecordingChannel();
    const redis = new RecordingChannel();
    const notices = new WriteNotices([ipc, redis]);
    let cleared = 0;
    notices.onPeerWrite(() => cleared++);
    notices.tellPeers();
    expect([ipc.published, redis.published]).toEqual([1, 1]);
    ipc.listeners[0]();
    redis.listeners[0]();
    expect(cleared).toBe(2);
    expect(notices.hasPeers).toBe(true);
  });

  it('has no peers without channels (one process, no REDIS_URL)', () => {
    expect(new WriteNotices([]).hasPeers).toBe(false);
  });
});
