import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { OrganizersService } from './application/organizers.service';
import { OrganizerRepository } from './domain/organizer.repository';
import { OrganizersController } from './http/organizers.controller';
import { OrganizerInlineCreator } from './http/organizer-inline-creator';
import { TypeOrmOrganizerRepository } from './infrastructure/typeorm/typeorm-organizer.repository';

/**
 * Organizers (CONTRACT §6.3, §10). Exports for the events module:
 * - `OrganizersService.findByIds(ids)` — batched, any status (embedding organizers in events);
 * - `OrganizerInlineCreator.createOrReuseInline(raw, caller)` — validates a nested organizer object with `OrganizerWriteParams`
 *   (400 `could-not-create-organizer` with `data.details`) and creates/reuses it (§9.5, §10.4) inside the current `uow.run`;
 * - `presentOrganizer(organizer, ctx, { withJsonLd })` and `organizerJsonLd(organizer, ctx, withContext)` from `./http/organizer.presenter`
 *   (ctx: `{ publicUrl, toSite, images }`, images from `MediaService.findByIds`);
 * - `OrganizerRepository.unlinkFromAllEvents(id)` is used on trash/permanent delete (§10.5).
 */
@Module({
  imports: [MediaModule],
  controllers: [OrganizersController],
  providers: [OrganizersService, OrganizerInlineCreator, { provide: OrganizerRepository, useClass: TypeOrmOrganizerRepository }],
  exports: [OrganizersService, OrganizerInlineCreator],
})
export class OrganizersModule {}
