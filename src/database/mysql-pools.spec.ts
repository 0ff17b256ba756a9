import { EventEmitter } from 'node:events';
import type { DataSource } from 'typeorm';
import type { DbConfig } from '../config/app-config';
import { logServerRotation, mysqlPools, serverName } from './mysql-pools';

const db: DbConfig = {
  type: 'mysql', host: 'primary', port: 3306, user: 'app', password: 'secret', database: 'cal', poolSize: 3, lockWaitSeconds: 5,
  replicas: [
    { host: 'r1', port: 3306, user: 'ro', password: 'ro-secret', database: 'cal' },
    { host: 'r2', port: 3307, user: 'ro', password: 'ro-secret', database: 'cal' },
  ],
};
const pool = (open: number) => ({ _allConnections: { length: open }, _freeConnections: { length: 0 }, _connectionQueue: { length: 0 }, config: { connectionLimit: 3 } });
const withDriver = (driver: object) => ({ driver }) as unknown as DataSource;

describe('mysqlPools', () => {
  it('finds the one pool, or every server of a pool cluster (primary first), and none on SQLite', () => {
    expect(mysqlPools(withDriver({ pool: pool(1) }))).toEqual([pool(1)]);
    const cluster = Object.assign(new EventEmitter(), { _nodes: { SLAVE1: { pool: pool(3) }, MASTER: { pool: pool(1) }, SLAVE0: { pool: pool(2) } } });
    expect(mysqlPools(withDriver({ poolCluster: cluster })).map((p) => p._allConnections?.length)).toEqual([1, 2, 3]);
    expect(mysqlPools(withDriver({ databaseConnection: {} }))).toEqual([]);
  });
});

describe('serverName and logServerRotation', () => {
  it('names the primary and replicas by position and address, never with a password', () => {
    expect(serverName('MASTER', db)).toBe('primary');
    expect(serverName('SLAVE1', db)).toBe('replica 2 (r2:3307/cal)');
  });

  it('logs only transitions: out of the rotation once, back once', () => {
    const cluster = new EventEmitter();
    const lines: string[] = [];
    logServerRotation(withDriver({ poolCluster: cluster }), db, { warn: (m) => lines.push(`warn ${m}`), log: (m) => lines.push(`info ${m}`) });
    cluster.emit('offline', 'SLAVE0');
    cluster.emit('offline', 'SLAVE0'); // retried a second later and still down
    cluster.emit('online', 'SLAVE0');
    cluster.emit('online', 'MASTER'); // was never reported out
    cluster.emit('offline', 'MASTER');
    expect(lines).toEqual([
      'warn replica 1 (r1:3306/cal) left the rotation after repeated connection failures; reads it would serve go to the primary',
      'info replica 1 (r1:3306/cal) is back in the rotation',
      'warn primary left the rotation after repeated connection failures; writes and /health/ready fail until it is back',
    ]);
    expect(lines.join('\n')).not.toContain('secret');
  });
});
