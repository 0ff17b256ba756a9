import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import { FragmentCache } from '../../../shared/http/read-cache/fragment-cache';
import { Clock } from '../../../shared/domain/clock';
import { asShown } from '../../../shared/domain/publication';
import { utcWallClock } from '../../../shared/domain/wall-clock';
import { EventView, EventViewReader } from '../application/event-view';
import type { CalendarEvent, EventLinks, EventStamp } from '../domain/calendar-event';
import { EventSite, presentEvent } from './event.presenter';

/** The JSON bodies of event answers: views loaded through the read model's port, then presented by pure functions. */
@Injectable()
export class EventBodies {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly views: EventViewReader,
    private readonly fragments: FragmentCache,
    private readonly clock: Clock,
  ) {}

  /** The views of `rows`, their venues and organizers as reads show them (§3.5: due ones published already). */
  private async viewsOf(rows: CalendarEvent[]): Promise<EventView[]> {
    return (await this.views.viewsOf(rows)).map((view) => this.shown(view));
  }

  private shown(view: EventView): EventView {
    const nowUtc = utcWallClock(this.clock.now());
    return { ...view, venues: view.venues.map((v) => asShown(v, nowUtc)), organizers: view.organizers.map((o) => asShown(o, nowUtc)) };
  }

  private site(api: string): EventSite {
    return { publicUrl: this.config.publicUrl, calendarTimezone: this.config.calendarTimezone, api };
  }

  /**
   * The listed fragments a list request may reuse (issue 18), for answers the read cache may keep
   * (`takesPartInReadCache`); null for other requests, which neither read nor store fragments. Its generation is taken
   * now, before the page is read, so nothing read before a write is kept after it.
   */
  keptFragments(api: string, useFragments: boolean): KeptFragments | null {
    return useFragments ? new KeptFragments(this.fragments, api) : null;
  }

  /**
   * The JSON of a page of events (`page`, in list order), each as UTF-8 bytes; `masked` tells the protected events the
   * caller may not see unlocked (§6.11). Events `kept` holds are taken from there; the others (`rows`) are presented,
   * and kept for later when `kept` is given.
   */
  async page(page: EventStamp[], rows: CalendarEvent[], api: string, masked: (e: EventStamp) => boolean, kept: KeptFragments | null): Promise<Buffer[]> {
    const presented = new Map<number, Buffer>();
    if (rows.length > 0) {
      const site = this.site(api);
      for (const view of await this.viewsOf(rows)) {
        const hidden = masked(view.event);
        const bytes = Buffer.from(JSON.stringify(presentEvent(view, site, { withJsonLd: false, masked: hidden })));
        presented.set(view.event.id, bytes);
        kept?.keep(view.event, hidden, bytes);
      }
    }
    return page.map((e) => presented.get(e.id) ?? (kept?.bytes(e, masked(e)) as Buffer));
  }

  /** The single-GET body (with json_ld) as JSON (UTF-8 bytes): what `ETag` hashes (§9.11). */
  async single(event: CalendarEvent, api: string, useFragments: boolean): Promise<Buffer> {
    const key = fragmentKey(api, 'single', event);
    const cached = useFragments ? this.fragments.get(key) : undefined;
    if (cached !== undefined) return cached;
    const generation = this.fragments.generation;
    const [view] = await this.viewsOf([event]);
    const bytes = Buffer.from(JSON.stringify(presentEvent(view, this.site(api), { withJsonLd: true, masked: false })));
    if (useFragments) this.fragments.set(key, bytes, generation);
    return bytes;
  }

  /** A single event through its stored links, or, when `links` are given, through those (the answer to a permanent delete). */
  async one(event: CalendarEvent, api: string, withJsonLd: boolean, links?: EventLinks): Promise<Record<string, unknown>> {
    const view = links ? this.shown(await this.views.viewWithLinks(event, links)) : (await this.viewsOf([event]))[0];
    return presentEvent(view, this.site(api), { withJsonLd, masked: false });
  }

  /** The single-read body (with json_ld, for the ETag) and the write-response body (no json_ld anywhere). */
  async both(event: CalendarEvent, api: string): Promise<[Record<string, unknown>, Record<string, unknown>]> {
    const [view] = await this.viewsOf([event]);
    const site = this.site(api);
    return [presentEvent(view, site, { withJsonLd: true, masked: false }), presentEvent(view, site, { withJsonLd: false, masked: false })];
  }
}

/**
 * What a fragment's text depends on besides the data of the records it embeds (their changes clear the cache): the
 * variant, the API root its links start with, the event and its revision (a change of the event row made by another
 * instance is never served, whatever the cache's age), and the status shown.
 */
const fragmentKey = (api: string, variant: 'listed' | 'masked' | 'single', e: EventStamp) =>
  `event ${variant} ${e.id} ${e.revision} ${e.status} ${api}`;

/**
 * The list fragments one request reuses: `has` finds an event's text and pins it for the rest of the request, so the
 * page can be answered from it even if the cache is cleared meanwhile (the answer then is as old as a read that began
 * before the write, which is what it is).
 */
class KeptFragments {
  private readonly generation: number;
  private readonly pinned = new Map<string, Buffer>();

  constructor(
    private readonly fragments: FragmentCache,
    private readonly api: string,
  ) {
    this.generation = fragments.generation;
  }

  has(e: EventStamp, masked: boolean): boolean {
    const key = fragmentKey(this.api, masked ? 'masked' : 'listed', e);
    const bytes = this.fragments.get(key);
    if (bytes !== undefined) this.pinned.set(key, bytes);
    return bytes !== undefined;
  }

  bytes(e: EventStamp, masked: boolean): Buffer | undefined {
    return this.pinned.get(fragmentKey(this.api, masked ? 'masked' : 'listed', e));
  }

  keep(e: EventStamp, masked: boolean, bytes: Buffer): void {
    this.fragments.set(fragmentKey(this.api, masked ? 'masked' : 'listed', e), bytes, this.generation);
  }
}
