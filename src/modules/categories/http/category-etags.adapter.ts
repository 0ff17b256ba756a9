import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import { etagOf } from '../../../shared/http/etag';
import { CategoryEtags, CategoryView } from '../application/categories.service';
import { presentStandaloneCategory } from '../../terms/http/term.presenter';
/** ADAPTER: a category's tag is the hash of its single GET body at that address (what `ETag` shows, CONTRACT §9.11). */
@Injectable()
export class PresentedCategoryEtags extends CategoryEtags {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  async tagOf(view: CategoryView, address: string): Promise<string> {
    return etagOf(presentStandaloneCategory(view.term, address, this.config.publicUrl, view.ancestorSlugs));
  }
}
