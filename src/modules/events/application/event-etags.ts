import { RecordEtags } from '../../../shared/domain/record-etags';
import type { CalendarEvent } from '../domain/calendar-event';

/** PORT: the tag an event's `If-Match` is compared with (see RecordEtags). */
export abstract class EventEtags extends RecordEtags<CalendarEvent> {}
