import { RecordIdOrmEntity, UserOrmEntity } from './core.orm-entities';

/** Every TypeORM entity, listed explicitly (no globs). Each aggregate adds its own. */
export const ALL_ENTITIES: Function[] = [UserOrmEntity, RecordIdOrmEntity];
