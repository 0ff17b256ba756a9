import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { EventsModule } from '../events/events.module';
import { OrganizersModule } from '../organizers/organizers.module';
import { VenuesModule } from '../venues/venues.module';
import { ScheduledPublishing } from './scheduled-publishing';

/** Scheduled jobs (issue 18): publishing due records, out of the request path. */
@Module({
  imports: [ScheduleModule.forRoot(), EventsModule, VenuesModule, OrganizersModule],
  providers: [ScheduledPublishing],
  exports: [ScheduledPublishing],
})
export class PublishingModule {}
