import { Module } from '@nestjs/common';
import { MediaService } from './application/media.service';
import { MediaRepository } from './domain/media.repository';
import { TypeOrmMediaRepository } from './infrastructure/typeorm/typeorm-media.repository';

/**
 * Media items (CONTRACT §9.8, §6.7). No routes. Exports:
 * - `MediaService.checkImageInput(value, caller, param)` — validation only (reads), returns an `ImagePlan` or undefined;
 * - `MediaService.applyImagePlan(plan, caller)` — writes (inside `uow.run`), returns `{ mediaId }`;
 * - `MediaService.resolveImageInput(value, caller, param)` — both in one call (inside `uow.run`);
 * - `MediaService.findByIds(ids)` — batched `Map<id, {url,id,extension}>` for presenters;
 * - `presentImage(media)` (from `./domain/media-item`) — `{url,id,extension}` or `false`.
 */
@Module({
  providers: [MediaService, { provide: MediaRepository, useClass: TypeOrmMediaRepository }],
  exports: [MediaService],
})
export class MediaModule {}
