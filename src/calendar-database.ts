import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { DbConfig } from './config/app-config';
import { RecordIdOrmEntity, UserOrmEntity } from './database/core.orm-entities';
import { openDatabase } from './database/database';
import { EventOrmEntity } from './modules/events/infrastructure/typeorm/event.orm-entity';
import { MediaOrmEntity } from './modules/media/infrastructure/typeorm/media.orm-entity';
import { OrganizerOrmEntity } from './modules/organizers/infrastructure/typeorm/organizer.orm-entity';
import { TermOrmEntity } from './modules/terms/infrastructure/typeorm/term.orm-entity';
import { VenueOrmEntity } from './modules/venues/infrastructure/typeorm/venue.orm-entity';

/**
 * Every TypeORM entity of the service, listed explicitly (no globs), by the composition root: database/ opens a data
 * source with whatever entities it is given and imports no module. Each aggregate adds its own here.
 */
const ORM_ENTITIES: Function[] = [UserOrmEntity, RecordIdOrmEntity, MediaOrmEntity, TermOrmEntity, VenueOrmEntity, OrganizerOrmEntity, EventOrmEntity];

/** `openDatabase` with every module's entities: the data source of the service, its tools and its tests. */
export function openCalendarDatabase(db: DbConfig, retryForMs?: number, logger?: Logger, options: { migrate?: boolean } = {}): Promise<DataSource> {
  return openDatabase(db, retryForMs, logger, { ...options, entities: ORM_ENTITIES });
}
