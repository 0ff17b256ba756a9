import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { EventsModule } from '../events/events.module';
import { OrganizersModule } from '../organizers/organizers.module';
import { TagsModule } from '../tags/tags.module';
import { VenuesModule } from '../venues/venues.module';
import { CopyWriter } from './application/copy-writer';
import { ImportService } from './application/import.service';
import { ImportMappings } from './domain/import-mapping';
import { WireCopyWriter } from './http/wire-copy-writer';
import { TypeOrmImportMappings } from './infrastructure/typeorm-import-mappings';

/**
 * The import of another calendar (`npm run import`, issue 15). No routes: the command (`src/tools/import`) builds the
 * source adapter (`infrastructure/tec-rest-source.ts`) from its options and runs `ImportService.run`. Copies are
 * written through the aggregates' own use cases (`CopyWriter`), their mappings kept in `import_mappings`.
 */
@Module({
  imports: [EventsModule, VenuesModule, OrganizersModule, CategoriesModule, TagsModule],
  providers: [
    ImportService,
    { provide: ImportMappings, useClass: TypeOrmImportMappings },
    { provide: CopyWriter, useClass: WireCopyWriter },
  ],
  exports: [ImportService],
})
export class ImportsModule {}
