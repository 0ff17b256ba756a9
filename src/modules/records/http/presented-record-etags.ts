import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import { RecordEtags } from '../../../shared/domain/record-etags';
import { MediaService } from '../../media/application/media.service';
import { OffLoopTextCleaning } from '../../../shared/text/off-loop-text-cleaning';
import type { LinkedRecord } from '../domain/linked-record';
import { LinkedRecordResponses } from './linked-record-responses';
import type { RecordPresenter } from './record-presentation';

/** ADAPTER: a venue's or organizer's tag is the hash of its single GET body (what `ETag` shows, CONTRACT §9.11). */
export class PresentedRecordEtags<T extends LinkedRecord> extends RecordEtags<T> {
  private readonly responses: LinkedRecordResponses<T>;

  constructor(kind: 'venue' | 'organizer', present: RecordPresenter<T>, media: MediaService, config: AppConfig, texts: OffLoopTextCleaning) {
    super();
    this.responses = new LinkedRecordResponses(kind, present, media, config, texts);
  }

  tagOf(record: T): Promise<string> {
    return this.responses.tagOf(record);
  }

  /** The provider binding an aggregate's ETag port (`VenueEtags`) to this adapter. */
  static provider<T extends LinkedRecord>(port: abstract new () => RecordEtags<T>, kind: 'venue' | 'organizer', present: RecordPresenter<T>) {
    return {
      provide: port,
      useFactory: (media: MediaService, config: AppConfig, texts: OffLoopTextCleaning) => new PresentedRecordEtags(kind, present, media, config, texts),
      inject: [MediaService, APP_CONFIG, OffLoopTextCleaning],
    };
  }
}
