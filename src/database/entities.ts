import { RecordIdOrmEntity, UserOrmEntity } from './core.orm-entities';
import { TermOrmEntity } from '../modules/terms/infrastructure/typeorm/term.orm-entity';
import { MediaOrmEntity } from '../modules/media/infrastructure/typeorm/media.orm-entity';
import { VenueOrmEntity } from '../modules/venues/infrastructure/typeorm/venue.orm-entity';
import { EventOrmEntity } from '../modules/events/infrastructure/typeorm/event.orm-entity';
import { OrganizerOrmEntity } from '../modules/organizers/infrastructure/typeorm/organizer.orm-entity';

/** Every TypeORM entity, listed explicitly (no globs). Each aggregate adds its own. */
export const ALL_ENTITIES: Function[] = [UserOrmEntity, RecordIdOrmEntity, MediaOrmEntity, TermOrmEntity, VenueOrmEntity, OrganizerOrmEntity, EventOrmEntity];
