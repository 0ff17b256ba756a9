import type { ParamProblem } from '../../../shared/domain/errors';
import type { RecordStatus } from '../../../shared/domain/policy';
import type { EventFlags } from '../domain/calendar-event';

/**
 * An inline venue or organizer object of an event write (§9.5), read with that aggregate's write parameters at the
 * edge: its typed values and the problems of its fields (their types and formats, a missing name).
 */
export interface InlineRecordInput {
  values: Record<string, unknown>;
  invalid: readonly ParamProblem[];
}

/** One item of `venue` / `organizer`: an existing record's id, or an inline object to create or reuse. */
/** A venue or organizer by id (`sent`: the digits as sent, for messages: a 16-digit id reaches here as 0) or inline. */
export type LinkRef = { kind: 'id'; id: number; sent?: string } | { kind: 'inline'; input: InlineRecordInput };

/**
 * The writable fields of an event write (CONTRACT §9.2), typed and format-checked at the edge: undefined = not sent,
 * null = clear (where a field can be cleared). Dates stay text: they are read in the event's zone at a given moment.
 */
export interface EventWriteCommand {
  title?: string;
  description?: string | null;
  excerpt?: string | null;
  slug?: string;
  author?: number;
  /** Publication date, read in the event's zone; `dateUtc` in UTC. Dates: text, or a Unix timestamp sent as a JSON number. */
  date?: string | number;
  dateUtc?: string | number;
  status?: RecordStatus;
  /** A normalized zone name; null = the site zone. */
  timezone?: string | null;
  allDay?: boolean;
  startDate?: string | number;
  endDate?: string | number;
  image?: unknown;
  /** JSON of the cost as sent (string, number or list of them); null clears. */
  cost?: string | null;
  /** Trimmed; `""` clears. */
  website?: string;
  flags: Partial<EventFlags>;
  /** Ids, slugs or new names; `[]` clears. */
  categories?: string[];
  tags?: string[];
  /** `[]` unlinks all. */
  venues?: LinkRef[];
  organizers?: LinkRef[];
  /** `""` removes the password. */
  postPassword?: string;
  /** 0 = no parent. */
  postParent?: number;
  /**
   * Global ids of the records this event is a copy of, appended to its `global_id_lineage` (§6.2). Set only by the
   * import of another calendar (`npm run import`, issue 15); no request parameter reaches it.
   */
  lineage?: readonly string[];
}

/** An event write as the application receives it: the command, the parameters refused at the edge (§4.3), If-Match. */
export interface EventWriteRequest {
  command: EventWriteCommand;
  /** Parameters refused for their type or format, named together with the problems the write finds (§4.3). */
  invalid: readonly ParamProblem[];
}
