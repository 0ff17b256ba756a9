import { Module } from '@nestjs/common';
import { TermsModule } from '../terms/terms.module';
import { TagEtags, TagsService } from './application/tags.service';
import { PresentedTagEtags } from './http/tag-etags.adapter';
import { TagsController } from './http/tags.controller';

/**
 * Event tags (CONTRACT §11): flat terms stored in the shared `terms` table (TermsModule). Exports `TagsService`.
 * For event writes/reads use TermsModule's `EventTermsService` and `presentEmbeddedTerm`.
 */
@Module({
  imports: [TermsModule],
  controllers: [TagsController],
  providers: [TagsService, { provide: TagEtags, useClass: PresentedTagEtags }],
  exports: [TagsService, TermsModule],
})
export class TagsModule {}
