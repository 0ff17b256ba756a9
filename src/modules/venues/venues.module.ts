import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { VenuesService } from './application/venues.service';
import { VenueRepository } from './domain/venue.repository';
import { VenuesController } from './http/venues.controller';
import { VenueInlineCreator } from './http/venue-inline-creator';
import { TypeOrmVenueRepository } from './infrastructure/typeorm/typeorm-venue.repository';

/**
 * Venues (CONTRACT §6.3, §10). Exports for the events module:
 * - `VenuesService.findByIds(ids)` — batched, any status (embedding venues in events);
 * - `VenueInlineCreator.createOrReuseInline(raw, caller)` — validates a nested venue object with `VenueWriteParams`
 *   (400 `could-not-create-venue` with `data.details`) and creates/reuses it (§9.5, §10.4) inside the current `uow.run`;
 * - `presentVenue(venue, ctx, { withJsonLd })` and `venueJsonLd(venue, ctx, withContext)` from `./http/venue.presenter`
 *   (ctx: `{ publicUrl, toSite, images }`, images from `MediaService.findByIds`);
 * - `VenueRepository.unlinkFromAllEvents(id)` is used on trash/permanent delete (§10.5).
 */
@Module({
  imports: [MediaModule],
  controllers: [VenuesController],
  providers: [VenuesService, VenueInlineCreator, { provide: VenueRepository, useClass: TypeOrmVenueRepository }],
  exports: [VenuesService, VenueInlineCreator],
})
export class VenuesModule {}
