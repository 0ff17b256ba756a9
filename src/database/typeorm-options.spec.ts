import type { DbConfig } from '../config/app-config';
import { describeDatabase, primaryOnly, typeOrmOptions } from './typeorm-options';

const mysql = (replicas: Array<{ host: string; database: string }> = []): DbConfig => ({
  type: 'mysql',
  host: 'primary',
  port: 3306,
  user: 'app',
  password: 'secret',
  database: 'cal',
  poolSize: 7,
  lockWaitSeconds: 5,
  replicas: replicas.map((r) => ({ ...r, port: 3307, user: 'ro', password: 'ro-secret' })),
});

describe('typeOrmOptions', () => {
  it('connects to the one server directly without replicas', () => {
    const options = typeOrmOptions(mysql(), []) as unknown as Record<string, unknown>;
    expect(options).toMatchObject({ type: 'mysql', host: 'primary', port: 3306, username: 'app', password: 'secret', database: 'cal', poolSize: 7 });
    expect(options.replication).toBeUndefined();
  });

  it("uses TypeORM's replication with the primary as master and every replica as a slave, one pool of DB_POOL_SIZE each", () => {
    const options = typeOrmOptions(mysql([{ host: 'r1', database: 'cal' }, { host: 'r2', database: 'cal' }]), []) as unknown as Record<string, unknown>;
    expect(options.host).toBeUndefined();
    expect(options).toMatchObject({
      type: 'mysql',
      poolSize: 7,
      extra: { connectionLimit: 7 },
      replication: {
        master: { host: 'primary', port: 3306, username: 'app', password: 'secret', database: 'cal' },
        slaves: [
          { host: 'r1', port: 3307, username: 'ro', password: 'ro-secret', database: 'cal' },
          { host: 'r2', port: 3307, username: 'ro', password: 'ro-secret', database: 'cal' },
        ],
        // A failing server leaves the rotation and comes back: never dropped for good (mysql2's default).
        restoreNodeTimeout: 1000,
        canRetry: false,
      },
    });
  });

  it('drops the replicas for migrations and tools, and names them in messages (never a password)', () => {
    const db = mysql([{ host: 'r1', database: 'cal' }]);
    expect(primaryOnly(db)).toEqual({ ...db, replicas: [] });
    const sqlite: DbConfig = { type: 'sqlite', sqlitePath: ':memory:', lockWaitSeconds: 5 };
    expect(primaryOnly(sqlite)).toBe(sqlite);
    expect(describeDatabase(db)).toBe('MySQL database cal at primary:3306 (with 1 read replica)');
    expect(describeDatabase(mysql())).toBe('MySQL database cal at primary:3306');
  });
});
