import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import { FragmentCache, LinkedRecordCache, VersionedFragmentCache, VersionedPageCache } from '../../../shared/http/read-cache/fragment-cache';
import { ReadScope } from '../../../shared/http/read-cache/read-scope';
import { ResponseCache } from '../../../shared/http/read-cache/response-cache';
import { Clock } from '../../../shared/domain/clock';
import { OffLoopTextCleaning } from '../../../shared/text/off-loop-text-cleaning';
import { asShown } from '../../../shared/domain/publication';
import { utcWallClock } from '../../../shared/domain/wall-clock';
import { RenderBudget } from '../../../shared/http/render-budget';
import { EventView, EventViewReader, LinkedKind, LinkedRecordMemo } from '../application/event-view';
import type { CalendarEvent, EventStamp } from '../domain/calendar-event';
import type { ListedEvent, ReadEvent, ReadStamp } from '../domain/event.repository';
import type { KeptPage, ListReuse } from '../application/list-reuse';
import { EventSite, presentEvent } from './event.presenter';

/** The JSON bodies of event answers: views loaded through the read model's port, then presented by pure functions. */
@Injectable()
export class EventBodies {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly views: EventViewReader,
    private readonly fragments: FragmentCache,
    private readonly versioned: VersionedFragmentCache,
    private readonly records: LinkedRecordCache,
    private readonly pages: VersionedPageCache,
    private readonly responses: ResponseCache,
    private readonly clock: Clock,
    private readonly longTexts: OffLoopTextCleaning,
    private readonly budget: RenderBudget,
  ) {}

  /** The view, once the long texts its json_ld shows have their plain forms (worked out off the event loop). */
  private async withJsonLdReady(view: EventView): Promise<EventView> {
    const { event, venues, organizers } = view;
    await this.longTexts.prepareReading([event.excerpt, event.description, ...venues.map((v) => v.description), ...organizers.map((o) => o.description)]);
    return view;
  }

  /** The views of `rows`, their venues and organizers as reads show them (§3.5: due ones published already). */
  private async viewsOf(rows: CalendarEvent[], memo?: LinkedRecordMemo): Promise<EventView[]> {
    return (await this.views.viewsOf(rows, memo)).map((view) => this.shown(view));
  }

  private shown(view: EventView): EventView {
    const nowUtc = utcWallClock(this.clock.now());
    return { ...view, venues: view.venues.map((v) => asShown(v, nowUtc)), organizers: view.organizers.map((o) => asShown(o, nowUtc)) };
  }

  private site(api: string): EventSite {
    return { publicUrl: this.config.publicUrl, calendarTimezone: this.config.calendarTimezone, api };
  }

  /**
   * The fragments and linked records a request may reuse (issue 18), for answers the read cache may keep
   * (`takesPartInReadCache`); null for other requests, which neither read nor keep anything. Its generation is taken
   * now, before the events are read, so nothing read before a write is kept after it.
   */
  keptFragments(api: string, useFragments: boolean): KeptFragments | null {
    return useFragments ? new KeptFragments(this.fragments, this.versioned, this.records, this.pages, new ReadScope(this.responses, this.clock), api) : null;
  }

  /**
   * The JSON of a page of events (`page`, in list order), each as UTF-8 bytes, produced one after the other;
   * `masked` tells the protected events the caller may not see unlocked (§6.11). Events `kept` holds are taken from
   * there; the others (`rows`) are presented, and kept for later when `kept` is given. An event whose texts its row
   * left out (`ListedEvent`) is read whole by `whole` (null: deleted meanwhile) when its turn comes, within the shared RenderBudget, and given
   * back once the consumer asks for the next item (it has written this one): a page holds one such event at a time.
   */
  async *page(
    page: EventStamp[],
    rows: ListedEvent[],
    api: string,
    masked: (e: EventStamp) => boolean,
    kept: KeptFragments | null,
    whole: (e: ListedEvent) => Promise<CalendarEvent | null>,
  ): AsyncGenerator<Buffer, void, undefined> {
    const site = this.site(api);
    const render = (view: EventView, hidden: boolean) => {
      const bytes = Buffer.from(JSON.stringify(presentEvent(view, site, { withJsonLd: false, masked: hidden })));
      kept?.keep(view.event, hidden, bytes);
      return bytes;
    };
    const long = new Map<number, ListedEvent>();
    const short: ListedEvent[] = [];
    for (const row of rows) {
      if (row.textsLeftOut !== undefined && !masked(row)) long.set(row.id, row);
      else short.push(row);
    }
    const presented = new Map<number, Buffer>();
    if (short.length > 0) for (const view of await this.viewsOf(short, kept?.records)) presented.set(view.event.id, render(view, masked(view.event)));
    for (const e of page) {
      const ready = presented.get(e.id) ?? kept?.bytes(e, masked(e));
      if (ready !== undefined) {
        presented.delete(e.id);
        yield ready;
        continue;
      }
      const row = long.get(e.id) as ListedEvent;
      const release = await this.budget.take(row.textsLeftOut ?? 0);
      try {
        const event = await whole(row);
        if (event === null) continue; // deleted since the page was read: left out, as the page's other reads do
        const [view] = await this.viewsOf([event], kept?.records);
        yield render(view, false);
      } finally {
        release();
      }
    }
  }

  /**
   * The single-GET body (with json_ld) as JSON (UTF-8 bytes): what `ETag` hashes (§9.11), rendered (the caller found
   * none kept: `KeptFragments.single`). Kept under the data version the event was read at, so its linked records are
   * read here, not taken from kept ones that may be older than that. A body showing a scheduled venue or organizer is
   * not kept: it changes when their time comes, with no write.
   */
  async single({ event, dataVersion }: ReadEvent, api: string, kept: KeptFragments | null): Promise<Buffer> {
    const view = await this.withJsonLdReady((await this.viewsOf([event]))[0]);
    const bytes = Buffer.from(JSON.stringify(presentEvent(view, this.site(api), { withJsonLd: true, masked: false })));
    const scheduled = [...view.venues, ...view.organizers].some((record) => record.status === 'future');
    if (!scheduled) kept?.keepSingle({ stamp: event, dataVersion }, bytes);
    return bytes;
  }

  /**
   * A single event through its stored links: the tag of an `If-Match` check, inside a write's unit of work. Long texts
   * are not sent to the worker there, whose queue the transaction's locks would wait on (they are known from the write
   * that stored them, mostly).
   */
  async one(event: CalendarEvent, api: string, withJsonLd: boolean): Promise<Record<string, unknown>> {
    return presentEvent((await this.viewsOf([event]))[0], this.site(api), { withJsonLd, masked: false });
  }

  /** The answer to a delete: the view the delete read (the event as it was, with the links it had), no json_ld. */
  deleted(view: EventView, api: string): Record<string, unknown> {
    return presentEvent(this.shown(view), this.site(api), { withJsonLd: false, masked: false });
  }

  /**
   * The single-read body (with json_ld, for the ETag) and the write-response body (no json_ld anywhere), of the view a
   * write read inside its unit of work.
   */
  async both(written: EventView, api: string): Promise<[Record<string, unknown>, Record<string, unknown>]> {
    const view = await this.withJsonLdReady(this.shown(written));
    const site = this.site(api);
    return [presentEvent(view, site, { withJsonLd: true, masked: false }), presentEvent(view, site, { withJsonLd: false, masked: false })];
  }
}

/**
 * What a fragment's text depends on besides the data of the records it embeds (their changes clear the cache): the
 * variant, the API root its links start with, the event and its revision (a change of the event row made by another
 * instance is never served, whatever the cache's age), and the status shown.
 */
const fragmentKey = (api: string, variant: 'listed' | 'masked', e: EventStamp) => `event ${variant} ${e.id} ${e.revision} ${e.status} ${api}`;

/** A single body's key: as a fragment's, at the data version the event was read at. */
const singleKey = (api: string, e: EventStamp, dataVersion: number) => `event single ${e.id} ${e.revision} ${e.status} ${api} at ${dataVersion}`;

/** A kept page's entry: under the page's own key (`pageKey`), with the data version it was read at beside it. */
const pageEntryKey = (key: string) => `event page ${key}`;

/**
 * The fragments, pages and linked records one request reuses (issue 18), through its `ReadScope`. `hasFragment` finds
 * a listed event's text and pins it for the rest of the request, so the page can be answered from it even if the cache
 * is cleared meanwhile (the answer then is as old as a read that began before the write, which is what it is). Pages
 * and single bodies are kept under the data version they were read at. `dataReadAt` tells when the oldest data the
 * answer is made of was read.
 */
export class KeptFragments implements ListReuse {
  private readonly pinned = new Map<string, Buffer>();
  /** The linked records of the views this request renders. */
  readonly records: LinkedRecordMemo;

  constructor(
    private readonly fragments: FragmentCache,
    private readonly versioned: VersionedFragmentCache,
    linked: LinkedRecordCache,
    private readonly pages: VersionedPageCache,
    private readonly scope: ReadScope,
    private readonly api: string,
  ) {
    const key = (kind: LinkedKind, id: number) => `${kind} ${id}`;
    this.records = {
      take: <T extends object>(kind: LinkedKind, id: number) => scope.take(linked, key(kind, id)) as T | undefined,
      keep: (kind, id, record) => scope.keep(linked, key(kind, id), record),
    };
  }

  hasFragment(e: EventStamp, masked: boolean): boolean {
    const key = this.listedKey(e, masked);
    const bytes = this.scope.take(this.fragments, key);
    if (bytes !== undefined) this.pinned.set(key, bytes);
    return bytes !== undefined;
  }

  bytes(e: EventStamp, masked: boolean): Buffer | undefined {
    return this.pinned.get(this.listedKey(e, masked));
  }

  keep(e: EventStamp, masked: boolean, bytes: Buffer): void {
    this.scope.keep(this.fragments, this.listedKey(e, masked), bytes);
  }

  /** Checked against the data version by the caller before use: as current as that read, it leaves `dataReadAt` be. */
  page(key: string): { page: KeptPage; dataVersion: number } | undefined {
    return this.scope.takeCurrent(this.pages, pageEntryKey(key)) as { page: KeptPage; dataVersion: number } | undefined;
  }

  keepPage(key: string, dataVersion: number, page: KeptPage): void {
    this.scope.keep(this.pages, pageEntryKey(key), { page, dataVersion });
  }

  /** The single body kept for this stamp at this data version (`EventBodies.single`). */
  single({ stamp, dataVersion }: ReadStamp): Buffer | undefined {
    return this.scope.takeCurrent(this.versioned, singleKey(this.api, stamp, dataVersion));
  }

  keepSingle({ stamp, dataVersion }: ReadStamp, bytes: Buffer): void {
    this.scope.keep(this.versioned, singleKey(this.api, stamp, dataVersion), bytes);
  }

  dataReadAt(): number {
    return this.scope.dataReadAt();
  }

  private listedKey(e: EventStamp, masked: boolean): string {
    return fragmentKey(this.api, masked ? 'masked' : 'listed', e);
  }
}
