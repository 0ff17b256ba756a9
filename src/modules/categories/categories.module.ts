import { Module } from '@nestjs/common';
import { TermsModule } from '../terms/terms.module';
import { CategoryEtags, CategoriesService } from './application/categories.service';
import { PresentedCategoryEtags } from './http/category-etags.adapter';
import { CategoriesController } from './http/categories.controller';

/**
 * Event categories (CONTRACT §11): hierarchical terms stored in the shared `terms` table (TermsModule).
 * Exports `CategoriesService`. For event writes/reads use TermsModule's `EventTermsService` (resolveForEventWrite,
 * findByIds, resolveFilter, descendantIds) and `presentEmbeddedTerm` (terms/http/term.presenter.ts).
 */
@Module({
  imports: [TermsModule],
  controllers: [CategoriesController],
  providers: [CategoriesService, { provide: CategoryEtags, useClass: PresentedCategoryEtags }],
  exports: [CategoriesService, TermsModule],
})
export class CategoriesModule {}
