import { DataSource } from 'typeorm';
import { UserDirectory } from '../shared/auth/user-directory';
import { RecordIds, RecordKind } from '../shared/domain/record-ids';
import { RecordIdOrmEntity, UserOrmEntity } from './core.orm-entities';
import { managerOf } from './typeorm-unit-of-work';

export class TypeOrmRecordIds extends RecordIds {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async next(kind: RecordKind): Promise<number> {
    const result = await managerOf(this.dataSource).insert(RecordIdOrmEntity, { kind });
    return Number(result.identifiers[0].id);
  }

  /**
   * Plain SQL: every 404 of a record route asks which kind of record its id names, and TypeORM's `findOne` built its
   * query anew each time (issue 18: a sixth of a 404's CPU on SQLite).
   */
  async kindOf(id: number): Promise<RecordKind | null> {
    const rows = (await managerOf(this.dataSource).query('SELECT kind FROM record_ids WHERE id = ?', [id])) as Array<{ kind: string }>;
    return (rows[0]?.kind as RecordKind | undefined) ?? null;
  }
}

/** Known users in the database, with an in-process cache so a token's user is written once per process. */
export class TypeOrmUserDirectory extends UserDirectory {
  private readonly cache = new Set<number>();

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async isKnown(userId: number): Promise<boolean> {
    if (this.cache.has(userId)) return true;
    const found = await managerOf(this.dataSource).exists(UserOrmEntity, { where: { id: userId } });
    if (found) this.cache.add(userId);
    return found;
  }

  async remember(userIds: number[]): Promise<void> {
    const unknown = userIds.filter((id) => !this.cache.has(id));
    if (unknown.length === 0) return;
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(UserOrmEntity)
      .values(unknown.map((id) => ({ id })))
      .orIgnore()
      .execute();
    for (const id of unknown) this.cache.add(id);
  }
}
