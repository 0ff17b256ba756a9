import { Writable } from 'node:stream';
import { Registry } from 'prom-client';
import { createRootLogger } from '../logging/root-logger';
import { COMMAND_COOLDOWN_MS, RedisAvailability } from './redis-availability';
import { RedisMetrics } from './redis-metrics';

function setup() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const registry = new Registry();
  let now = 1_000_000;
  const availability = new RedisAvailability(createRootLogger('info', stream), new RedisMetrics(registry), 'redis://cache:6379/0', () => now);
  return {
    availability,
    lines,
    advance: (ms: number) => (now += ms),
    metrics: () => registry.metrics(),
  };
}

describe('RedisAvailability', () => {
  it('sends commands only once the command connection is ready, and logs each change of a connection once', async () => {
    const { availability, lines, metrics } = setup();
    expect(availability.commandsUsable).toBe(false);
    availability.connectionReady('commands');
    availability.connectionReady('commands');
    expect(availability.commandsUsable).toBe(true);
    expect(await metrics()).toMatch(/^redis_connected\{connection="commands"\} 1$/m);
    expect(await metrics()).toMatch(/^redis_connected\{connection="subscriber"\} 0$/m);

    // A lost connection: ioredis reports every failed reconnection; the log says it once, the metrics count them all.
    availability.connectionLost('commands');
    for (let i = 0; i < 5; i++) availability.connectionLost('commands', new Error('connect ECONNREFUSED'));
    expect(availability.commandsUsable).toBe(false);
    expect(await metrics()).toMatch(/^redis_errors_total\{operation="connection"\} 5$/m);
    expect(await metrics()).toMatch(/^redis_connected\{connection="commands"\} 0$/m);

    availability.connectionReady('commands');
    expect(availability.commandsUsable).toBe(true);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['info', 'Redis commands connection ready'],
      ['warn', 'Redis unavailable: rate limits are counted by this instance alone until it returns'],
      ['info', 'Redis commands connection ready'],
    ]);
    expect(lines[0]).toMatchObject({ redis: 'redis://cache:6379/0' });
  });

  it('reports a connection that cannot be opened at all, once', () => {
    const { availability, lines } = setup();
    for (let i = 0; i < 3; i++) availability.connectionLost('subscriber', new Error('connect ECONNREFUSED'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', connection: 'subscriber', err: 'connect ECONNREFUSED' });
  });

  it('leaves Redis alone for a second after a failed command, then tries again; says once when it answers again', async () => {
    const { availability, lines, advance, metrics } = setup();
    availability.connectionReady('commands');
    availability.commandFailed('rate_limit', new Error('Command timed out'));
    availability.commandFailed('publish', new Error('Command timed out'));
    expect(availability.commandsUsable).toBe(false);
    advance(COMMAND_COOLDOWN_MS - 1);
    expect(availability.commandsUsable).toBe(false);
    advance(1);
    expect(availability.commandsUsable).toBe(true);
    availability.commandSucceeded();
    availability.commandSucceeded();
    expect(lines.slice(1).map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'Redis command failed: working locally, trying again in 1 s'],
      ['info', 'Redis answers commands again'],
    ]);
    expect(await metrics()).toMatch(/^redis_errors_total\{operation="rate_limit"\} 1$/m);
    expect(await metrics()).toMatch(/^redis_errors_total\{operation="publish"\} 1$/m);
  });

  it('a failed invalidation notice is counted and logged once, and does not pause the rate-limit commands', async () => {
    const { availability, lines, metrics } = setup();
    availability.connectionReady('commands');
    availability.publishFailed(new Error('NOPERM this user has no permissions to access the channel'));
    availability.publishFailed(new Error('NOPERM this user has no permissions to access the channel'));
    expect(availability.commandsUsable).toBe(true);
    expect(await metrics()).toMatch(/^redis_errors_total\{operation="publish"\} 2$/m);
    availability.publishSucceeded();
    availability.publishSucceeded();
    expect(lines.slice(1).map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'Redis invalidation notice failed: other instances clear their read cache by its TTL alone until one is sent'],
      ['info', 'Redis invalidation notices are sent again'],
    ]);
  });

  it('hints at a TLS mismatch: rediss:// timing out at connect, redis:// reset', () => {
    const registry = new Registry();
    const logs = (display: string, error: Error) => {
      const lines: Array<Record<string, unknown>> = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      new RedisAvailability(createRootLogger('info', stream), new RedisMetrics(registry), display).connectionLost('commands', error);
      registry.clear();
      return lines[0];
    };
    expect(logs('rediss://cache:6379/0', new Error('connect ETIMEDOUT'))).toMatchObject({ err: 'connect ETIMEDOUT', hint: expect.stringContaining('use redis://') });
    expect(logs('redis://cache:6380/0', new Error('read ECONNRESET'))).toMatchObject({ hint: expect.stringContaining('use rediss://') });
    expect(logs('redis://cache:6379/0', new Error('connect ECONNREFUSED')).hint).toBeUndefined();
    expect(logs('redis://cache:6379/0', new Error('connect ETIMEDOUT')).hint).toBeUndefined();
  });
});
