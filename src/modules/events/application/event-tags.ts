import { RecordTags } from '../../../shared/domain/record-tags';
import type { CalendarEvent } from '../domain/calendar-event';

/** PORT: the tag an event's `If-Match` is compared with (see RecordTags). */
export abstract class EventTags extends RecordTags<CalendarEvent> {}
