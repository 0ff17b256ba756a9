import { Injectable } from '@nestjs/common';
import { etagOf } from '../../../shared/http/etag';
import { EventEtags } from '../application/event-etags';
import type { CalendarEvent } from '../domain/calendar-event';
import { EventBodies } from './event-bodies';

/** ADAPTER: an event's tag is the hash of its single GET body at that address (what `ETag` shows, CONTRACT §9.11). */
@Injectable()
export class PresentedEventEtags extends EventEtags {
  constructor(private readonly presenter: EventBodies) {
    super();
  }

  async tagOf(event: CalendarEvent, address: string): Promise<string> {
    return etagOf(await this.presenter.one(event, address, true));
  }
}
