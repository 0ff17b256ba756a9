import type { ImportKind } from './import-mapping';

/** A record as a The Events Calendar REST namespace answers it (CONTRACT §6), before any interpretation. */
export type WireObject = Record<string, unknown>;

export interface SourceListOptions {
  /** Read as an anonymous caller even when credentials were given (which events does the public see masked?). */
  anonymous?: boolean;
  /** Statuses to ask for (`status=…`); none = the source's default (published only). */
  statuses?: readonly string[];
}

/**
 * PORT: a calendar to import from — a The Events Calendar site (`…/wp-json/tribe/events/v1`) or another instance of
 * this service (`…/wp-json/calendar/events/v1`): the wire formats are the same.
 */
export abstract class CalendarSource {
  /** The normalized namespace URL: the key of this source's mappings. */
  abstract readonly key: string;
  /** The WordPress plugin itself (its plain-text fields carry HTML entities, its trashed slugs end in `__trashed`). */
  abstract readonly isPlugin: boolean;
  /** Credentials were given: non-public records may be listed. */
  abstract readonly authenticated: boolean;

  /**
   * Every record of a kind, page after page (several pages in flight at once). `onPage` is awaited before the page's
   * slot fetches another; `onTotal` is called once the total is known. Events are listed with explicit date bounds
   * that hide nothing.
   */
  abstract list(
    kind: ImportKind,
    options: SourceListOptions,
    onPage: (items: WireObject[]) => Promise<void>,
    onTotal?: (total: number) => void,
  ): Promise<void>;

  /**
   * One event by id (`GET /events/<id>`): the record when the source shows it, else the error code it answered
   * (`event-password-protected`, `rest-invalid-event-id`…). `anonymous`: without the credentials.
   */
  abstract event(id: number, options?: { anonymous?: boolean }): Promise<SourceRead>;
}

export interface SourceRead {
  record: WireObject | null;
  /** The error code of an answer without the record (null when there was none). */
  code: string | null;
}
