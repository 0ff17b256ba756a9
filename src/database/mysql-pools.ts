import type { DataSource } from 'typeorm';
import type { DbConfig } from '../config/app-config';

/** A mysql2 pool's counters. They are internal fields, so they are read defensively (absent fields are skipped). */
export interface PoolInternals {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
  config?: { connectionLimit?: number };
}

/** mysql2's PoolCluster (TypeORM's driver holds one instead of a pool when replicas are configured). */
interface PoolClusterInternals {
  _nodes?: Record<string, { pool?: PoolInternals }>;
  on(event: 'offline' | 'online' | 'remove', listener: (nodeId: string) => void): unknown;
}

interface MysqlDriverInternals {
  pool?: PoolInternals;
  poolCluster?: PoolClusterInternals;
}

const isPool = (pool: PoolInternals | undefined): pool is PoolInternals => !!pool && !!pool._allConnections && !!pool._freeConnections;

/** The MySQL pools behind a data source: one without replicas, one per server (primary first) with them, none on SQLite. */
export function mysqlPools(dataSource: DataSource): PoolInternals[] {
  const driver = dataSource.driver as unknown as MysqlDriverInternals;
  if (driver.poolCluster) {
    const nodes = Object.entries(driver.poolCluster._nodes ?? {}).sort(([a], [b]) => (a === 'MASTER' ? -1 : b === 'MASTER' ? 1 : a.localeCompare(b)));
    return nodes.map(([, node]) => node.pool).filter(isPool);
  }
  return isPool(driver.pool) ? [driver.pool] : [];
}

/** "primary" or "replica 2 (host:port/database)" for a pool cluster node id ("MASTER", "SLAVE1"); never a password. */
export function serverName(nodeId: string, db: DbConfig): string {
  const index = /^SLAVE(\d+)$/.exec(nodeId);
  const replica = index && db.type === 'mysql' ? db.replicas[Number(index[1])] : undefined;
  if (replica) return `replica ${Number(index![1]) + 1} (${replica.host}:${replica.port}/${replica.database})`;
  return nodeId === 'MASTER' ? 'primary' : nodeId;
}

/**
 * Logs when a server leaves the rotation (repeated connection failures; tried again every second) and when it is back.
 * Only transitions are logged: a dead server would otherwise log once per retry.
 */
export function logServerRotation(dataSource: DataSource, db: DbConfig, log: { warn(message: string): void; log(message: string): void }): void {
  const cluster = (dataSource.driver as unknown as MysqlDriverInternals).poolCluster;
  if (!cluster) return;
  const out = new Set<string>();
  cluster.on('offline', (id) => {
    if (out.has(id)) return;
    out.add(id);
    const fallback = id === 'MASTER' ? 'writes and /health/ready fail until it is back' : 'reads it would serve go to the primary';
    log.warn(`${serverName(id, db)} left the rotation after repeated connection failures; ${fallback}`);
  });
  cluster.on('online', (id) => {
    if (out.delete(id)) log.log(`${serverName(id, db)} is back in the rotation`);
  });
  cluster.on('remove', (id) => log.warn(`${serverName(id, db)} was removed from the rotation`));
}
