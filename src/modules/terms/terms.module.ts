import { Module } from '@nestjs/common';
import { EventTermsService } from './application/event-terms.service';
import { TermRepository } from './application/term-repository';
import { TypeOrmTermRepository } from './infrastructure/typeorm/typeorm-term.repository';

/**
 * Shared storage and rules of categories and tags (one `terms` table, one id sequence — CONTRACT §1.6). Not an API
 * module itself: CategoriesModule and TagsModule import it and keep their own differences.
 *
 * Exports for other modules:
 * - `TermRepository` (port, bound to the TypeORM adapter);
 * - `EventTermsService` — for event writes and reads: `resolveForEventWrite` (§9.6, joins the current transaction),
 *   `findByIds`, `resolveFilter` (ids or slugs of list filters),
 *   `descendantIds(categoryIds)`;
 * - presenters in `http/term.presenter.ts`: `presentEmbeddedTerm` (§6.5), `presentStandaloneCategory` /
 *   `presentStandaloneTag` (§6.6); ETag helpers in `src/shared/http/etag.ts` (shared with records).
 */
@Module({
  providers: [{ provide: TermRepository, useClass: TypeOrmTermRepository }, EventTermsService],
  exports: [TermRepository, EventTermsService],
})
export class TermsModule {}
