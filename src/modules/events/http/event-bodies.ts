import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import { FragmentCache } from '../../../shared/http/read-cache/fragment-cache';
import { Clock } from '../../../shared/domain/clock';
import { asShown } from '../../../shared/domain/publication';
import { utcWallClock } from '../../../shared/domain/wall-clock';
import { EventView, EventViewReader } from '../application/event-view';
import type { CalendarEvent, EventLinks } from '../domain/calendar-event';
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
   * The JSON texts of a page of events; `masked` tells the protected events the caller may not see unlocked (§6.11).
   * With `useFragments` (answers the read cache may keep: `takesPartInReadCache`), events presented lately are taken
   * from the fragment cache; only the others are loaded and presented, and kept for later. Other requests neither read
   * nor store fragments.
   */
  async page(rows: CalendarEvent[], api: string, masked: (e: CalendarEvent) => boolean, useFragments: boolean): Promise<string[]> {
    const generation = this.fragments.generation;
    const keys = rows.map((e) => fragmentKey(api, masked(e) ? 'masked' : 'listed', e));
    const texts = keys.map((key) => (useFragments ? this.fragments.get(key) : undefined));
    const missing = rows.filter((_, i) => texts[i] === undefined);
    if (missing.length === 0) return texts as string[];
    const site = this.site(api);
    const presented = new Map<number, string>();
    for (const view of await this.viewsOf(missing)) {
      presented.set(view.event.id, JSON.stringify(presentEvent(view, site, { withJsonLd: false, masked: masked(view.event) })));
    }
    return rows.map((e, i) => {
      const cached = texts[i];
      if (cached !== undefined) return cached;
      const text = presented.get(e.id) as string;
      if (useFragments) this.fragments.set(keys[i], text, generation);
      return text;
    });
  }

  /** The single-GET body (with json_ld) as JSON text: what `ETag` hashes (§9.11). */
  async single(event: CalendarEvent, api: string, useFragments: boolean): Promise<string> {
    const key = fragmentKey(api, 'single', event);
    const cached = useFragments ? this.fragments.get(key) : undefined;
    if (cached !== undefined) return cached;
    const generation = this.fragments.generation;
    const [view] = await this.viewsOf([event]);
    const text = JSON.stringify(presentEvent(view, this.site(api), { withJsonLd: true, masked: false }));
    if (useFragments) this.fragments.set(key, text, generation);
    return text;
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
const fragmentKey = (api: string, variant: 'listed' | 'masked' | 'single', e: CalendarEvent) =>
  `event ${variant} ${e.id} ${e.revision} ${e.status} ${api}`;
