import { Module } from '@nestjs/common';
import { RenderBudget } from '../../shared/http/render-budget';
import { MediaModule } from '../media/media.module';
import { OrganizersModule } from '../organizers/organizers.module';
import { TermsModule } from '../terms/terms.module';
import { VenuesModule } from '../venues/venues.module';
import { EventLinksGateway } from './application/event-links.gateway';
import { EventListCriteria } from './application/event-list-criteria';
import { EventEtags } from './application/event-etags';
import { EventWriteCheck } from './application/event-write-check';
import { EventsService } from './application/events.service';
import { ScheduledEvents } from './application/scheduled-events';
import { EventViewReader } from './application/event-view';
import { EventRepository } from './domain/event.repository';
import { PresentedEventEtags } from './http/event-etags.adapter';
import { EventCalendarPresenter } from './http/event-calendar.presenter';
import { EventBodies } from './http/event-bodies';
import { EventsController } from './http/events.controller';
import { LinkedModulesGateway } from './infrastructure/linked-modules.gateway';
import { SqlEventViewReader } from './infrastructure/typeorm/sql-event-view.reader';
import { TypeOrmEventRepository } from './infrastructure/typeorm/typeorm-event.repository';

/**
 * Events (CONTRACT §6.2, §7, §8, §9). The port `EventRepository` is bound to the TypeORM adapter; the linked modules
 * (venues, organizers, terms, media) are reached through the `EventLinksGateway` port; `EventEtags` (the tag `If-Match`
 * is compared with) is implemented by the HTTP layer, which owns the wire body. Reads are presented from views loaded by
 * the query side's `EventViewReader` (plain SQL over the link and record tables; issue 18).
 */
@Module({
  imports: [MediaModule, VenuesModule, OrganizersModule, TermsModule],
  controllers: [EventsController],
  providers: [
    EventsService,
    EventListCriteria,
    ScheduledEvents,
    EventWriteCheck,
    EventBodies,
    EventCalendarPresenter,
    { provide: EventEtags, useClass: PresentedEventEtags },
    { provide: EventRepository, useClass: TypeOrmEventRepository },
    { provide: EventLinksGateway, useClass: LinkedModulesGateway },
    { provide: EventViewReader, useClass: SqlEventViewReader },
    { provide: RenderBudget, useValue: new RenderBudget() },
  ],
  exports: [EventsService, EventRepository, ScheduledEvents],
})
export class EventsModule {}
