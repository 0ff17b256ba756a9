import { Module } from '@nestjs/common';
import { TermsModule } from '../terms/terms.module';
import { CategoryTags, CategoriesService } from './application/categories.service';
import { PresentedCategoryTags } from './http/category-tags.adapter';
import { CategoriesController } from './http/categories.controller';

/**
 * Event categories (CONTRACT §11): hierarchical terms stored in the shared `terms` table (TermsModule).
 * Exports `CategoriesService`. For event writes/reads use TermsModule's `EventTermsService` (resolveForEventWrite,
 * findByIds, resolveFilter, descendantIds) and `presentEmbeddedTerm` (terms/http/term.presenter.ts).
 */
@Module({
  imports: [TermsModule],
  controllers: [CategoriesController],
  providers: [CategoriesService, { provide: CategoryTags, useClass: PresentedCategoryTags }],
  exports: [CategoriesService, TermsModule],
})
export class CategoriesModule {}
