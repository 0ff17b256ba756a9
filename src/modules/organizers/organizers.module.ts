import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { OrganizerEtags } from './application/organizer-etags';
import { OrganizersService } from './application/organizers.service';
import { presentOrganizer } from './http/organizer.presenter';
import { PresentedRecordEtags } from '../records/http/presented-record-etags';
import { OrganizerRepository } from './domain/organizer.repository';
import { OrganizersController } from './http/organizers.controller';
import { TypeOrmOrganizerRepository } from './infrastructure/typeorm/typeorm-organizer.repository';

/**
 * Organizers (CONTRACT §6.3, §10). Exports for the events module:
 * - `OrganizersService.findByIds(ids)` — batched, any status (embedding organizers in events);
 * - `OrganizersService.checkInline(values, caller, invalid)` and `createOrReuseInline(values, caller)` — an inline organizer of an
 *   event write, read at the edge with `OrganizerWriteParams` (`records/http/inline-record.ts`): 400 `could-not-create-organizer`,
 *   then created or reused (§9.5, §10.4) inside the current `uow.run`;
 * - `presentOrganizer(organizer, ctx, { withJsonLd })` and `organizerJsonLd(organizer, ctx, withContext)` from `./http/organizer.presenter`
 *   (ctx: `{ publicUrl, toSite, images }`, images from `MediaService.findByIds`);
 * - `OrganizerRepository.unlinkFromAllEvents(id)` is used on trash/permanent delete (§10.5).
 */
@Module({
  imports: [MediaModule],
  controllers: [OrganizersController],
  providers: [OrganizersService, PresentedRecordEtags.provider(OrganizerEtags, 'organizer', presentOrganizer), { provide: OrganizerRepository, useClass: TypeOrmOrganizerRepository }],
  exports: [OrganizersService],
})
export class OrganizersModule {}
