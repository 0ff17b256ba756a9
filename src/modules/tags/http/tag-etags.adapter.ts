import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import { etagOf } from '../../../shared/http/etag';
import type { CountedTerm } from '../../terms/domain/term';
import { presentStandaloneTag } from '../../terms/http/term.presenter';
import { TagEtags } from '../application/tags.service';
/** ADAPTER: a tag's tag is the hash of its single GET body at that address (what `ETag` shows, CONTRACT §9.11). */
@Injectable()
export class PresentedTagEtags extends TagEtags {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  async tagOf(view: CountedTerm, address: string): Promise<string> {
    return etagOf(presentStandaloneTag(view, address, this.config.publicUrl));
  }
}
