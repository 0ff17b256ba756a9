import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { VenueEtags } from './application/venue-etags';
import { VenuesService } from './application/venues.service';
import { presentVenue } from './http/venue.presenter';
import { PresentedRecordEtags } from '../records/http/presented-record-etags';
import { VenueRepository } from './domain/venue.repository';
import { VenuesController } from './http/venues.controller';
import { TypeOrmVenueRepository } from './infrastructure/typeorm/typeorm-venue.repository';

/**
 * Venues (CONTRACT §6.3, §10). Exports for the events module:
 * - `VenuesService.findByIds(ids)` — batched, any status (embedding venues in events);
 * - `VenuesService.checkInline(values, caller, invalid)` and `createOrReuseInline(values, caller)` — an inline venue of an
 *   event write, read at the edge with `VenueWriteParams` (`records/http/inline-record.ts`): 400 `could-not-create-venue`,
 *   then created or reused (§9.5, §10.4) inside the current `uow.run`;
 * - `presentVenue(venue, ctx, { withJsonLd })` and `venueJsonLd(venue, ctx, withContext)` from `./http/venue.presenter`
 *   (ctx: `{ publicUrl, toSite, images }`, images from `MediaService.findByIds`);
 * - `VenueRepository.unlinkFromAllEvents(id)` is used on trash/permanent delete (§10.5).
 */
@Module({
  imports: [MediaModule],
  controllers: [VenuesController],
  providers: [VenuesService, PresentedRecordEtags.provider(VenueEtags, 'venue', presentVenue), { provide: VenueRepository, useClass: TypeOrmVenueRepository }],
  exports: [VenuesService],
})
export class VenuesModule {}
