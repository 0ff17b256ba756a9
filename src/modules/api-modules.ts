import { Type } from '@nestjs/common';
import { EventsModule } from './events/events.module';
import { CategoriesModule } from './categories/categories.module';
import { TagsModule } from './tags/tags.module';
import { VenuesModule } from './venues/venues.module';
import { OrganizersModule } from './organizers/organizers.module';

/** The aggregate modules served under `{API_PREFIX}/calendar/events/v1`. Each new aggregate adds itself here. */
export const API_MODULES: Type[] = [EventsModule, CategoriesModule, TagsModule, VenuesModule, OrganizersModule];
