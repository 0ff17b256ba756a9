import { Injectable } from '@nestjs/common';
import { etagOf } from '../../../shared/http/etag';
import { EventTags } from '../application/event-tags';
import type { CalendarEvent } from '../domain/calendar-event';
import { EventBodies } from './event-bodies';

/** ADAPTER: an event's tag is the hash of its single GET body at that address (what `ETag` shows, CONTRACT §9.11). */
@Injectable()
export class PresentedEventTags extends EventTags {
  constructor(private readonly presenter: EventBodies) {
    super();
  }

  async tagOf(event: CalendarEvent, address: string): Promise<string> {
    return etagOf(await this.presenter.one(event, address, true));
  }
}
