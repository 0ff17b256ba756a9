import { Inject, Injectable } from '@nestjs/common';
import { globalIdOf, lineageOf } from '../../../shared/domain/global-id';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import { fold } from '../../../shared/domain/text';
import { stripMarkup } from '../../../shared/domain/text-cleaning';
import { dateDetails } from '../../../shared/domain/wall-clock';
import { MediaService } from '../../media/application/media.service';
import type { ImageWire } from '../../media/domain/media-item';
import { OrganizersService } from '../../organizers/application/organizers.service';
import type { Organizer } from '../../organizers/domain/organizer';
import { organizerJsonLd, presentOrganizer } from '../../organizers/http/organizer.presenter';
import { EventTermsService, EventTerms } from '../../terms/application/event-terms.service';
import type { CountedTerm } from '../../terms/domain/term';
import { presentEmbeddedTerm } from '../../terms/http/term.presenter';
import { VenuesService } from '../../venues/application/venues.service';
import type { Venue } from '../../venues/domain/venue';
import { presentVenue, venueJsonLd } from '../../venues/http/venue.presenter';
import { CalendarEvent, EventLinks } from '../domain/calendar-event';
import { currencyCodeOf, parseCost } from '../domain/cost';
import { isoWithOffset, timezoneAbbreviation, toZone } from '../domain/date-input';

/**
 * Everything a page of events needs besides the rows, loaded in batches: one query each for the page's venues,
 * organizers, terms and term counts, whatever the page size and the number of links (no N+1), plus one for images
 * when any is referenced.
 */
interface Related {
  venues: Map<number, Venue[]>;
  organizers: Map<number, Organizer[]>;
  terms: Map<number, EventTerms>;
  images: Map<number, ImageWire>;
}

const EMPTY_COST_MASKED = { currency_symbol: '', currency_position: '', currency_code: '', values: [] as string[] };

/** The wire shape of an event (CONTRACT §6.2, §6.10, §6.11). */
@Injectable()
export class EventPresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly terms: EventTermsService,
    private readonly media: MediaService,
  ) {}

  private async related(events: CalendarEvent[]): Promise<Related> {
    const ids = events.map((e) => e.id);
    const [venues, organizers, terms] = await Promise.all([
      this.venues.findForEvents(ids),
      this.organizers.findForEvents(ids),
      this.terms.termsForEvents(ids),
    ]);
    const imageIds = [
      ...events.map((e) => e.imageId),
      ...[...venues.values()].flat().map((v) => v.imageId),
      ...[...organizers.values()].flat().map((o) => o.imageId),
    ].filter((id): id is number => id !== null && id !== undefined);
    const images = await this.media.findByIds(imageIds);
    return { venues, organizers, terms, images };
  }

  /**
   * A single event. Its venues, organizers and terms are read through its stored links, or, when `links` are given,
   * by those ids: the answer to a permanent delete shows the event as it was, after its links were removed.
   */
  async one(event: CalendarEvent, api: string, withJsonLd: boolean, links?: EventLinks): Promise<Record<string, unknown>> {
    const related = links ? await this.relatedByIds(event, links) : await this.related([event]);
    return this.present(event, related, api, { withJsonLd, masked: false });
  }

  private async relatedByIds(event: CalendarEvent, links: EventLinks): Promise<Related> {
    const inOrder = <T extends { id: number }>(ids: number[], found: T[]) =>
      ids.flatMap((id) => found.filter((item) => item.id === id));
    const [venues, organizers, terms] = await Promise.all([
      this.venues.findByIds(links.venueIds),
      this.organizers.findByIds(links.organizerIds),
      this.terms.findByIds(null, links.termIds),
    ]);
    const eventVenues = inOrder(links.venueIds, venues);
    const eventOrganizers = inOrder(links.organizerIds, organizers);
    const imageIds = [event.imageId, ...eventVenues.map((v) => v.imageId), ...eventOrganizers.map((o) => o.imageId)].filter(
      (id): id is number => id !== null && id !== undefined,
    );
    return {
      venues: new Map([[event.id, eventVenues]]),
      organizers: new Map([[event.id, eventOrganizers]]),
      terms: new Map([[event.id, { categories: terms.filter((t) => t.taxonomy === 'category'), tags: terms.filter((t) => t.taxonomy === 'tag') }]]),
      images: await this.media.findByIds(imageIds),
    };
  }

  /** The single-read body (with json_ld, for the ETag) and the write-response body (no json_ld anywhere). */
  async both(event: CalendarEvent, api: string): Promise<[Record<string, unknown>, Record<string, unknown>]> {
    const related = await this.related([event]);
    return [
      this.present(event, related, api, { withJsonLd: true, masked: false }),
      this.present(event, related, api, { withJsonLd: false, masked: false }),
    ];
  }

  /** A page of events: its venues, organizers and terms are read by a fixed number of queries. */
  async many(rows: CalendarEvent[], api: string, masked: (e: CalendarEvent) => boolean): Promise<Record<string, unknown>[]> {
    const related = await this.related(rows);
    return rows.map((e) => this.present(e, related, api, { withJsonLd: false, masked: masked(e) }));
  }

  private globalId(id: number): string {
    return globalIdOf(this.config.publicUrl, id);
  }

  private present(
    e: CalendarEvent,
    related: Related,
    api: string,
    opts: { withJsonLd: boolean; masked: boolean },
  ): Record<string, unknown> {
    const publicUrl = this.config.publicUrl.replace(/\/+$/, '');
    const site = this.config.calendarTimezone;
    const ctx = { publicUrl: this.config.publicUrl, toSite: (utc: string) => toZone(utc, site), images: related.images };
    const url = `${publicUrl}/event/${e.slug}/`;
    const gid = this.globalId(e.id);
    const cost = e.costInput === null ? { cost: '', details: parseCost('').details } : parseCost(JSON.parse(e.costInput));
    const image = e.imageId !== null ? (related.images.get(e.imageId) ?? false) : false;
    const venues = related.venues.get(e.id) ?? [];
    const organizers = related.organizers.get(e.id) ?? [];
    const terms = related.terms.get(e.id) ?? { categories: [], tags: [] };
    const byName = (a: CountedTerm, b: CountedTerm) => {
      const x = fold(a.name);
      const y = fold(b.name);
      return x < y ? -1 : x > y ? 1 : a.id - b.id;
    };
    const venueWire = venues.map((v) => presentVenue(v, ctx, { withJsonLd: opts.withJsonLd }));
    const m = opts.masked;
    const body: Record<string, unknown> = {
      id: e.id,
      global_id: gid,
      global_id_lineage: lineageOf(gid, e.lineage),
      author: String(e.authorId),
      status: e.status,
      date: e.dateLocal,
      date_utc: e.dateUtc,
      modified: toZone(e.modifiedUtc, site),
      modified_utc: e.modifiedUtc,
      url,
      rest_url: `${api}/events/${e.id}`,
      title: e.title,
      description: m ? '' : e.description,
      excerpt: m ? '' : e.excerpt,
      slug: e.slug,
      image: m ? false : image,
      all_day: m ? null : e.allDay,
      start_date: e.startLocal,
      start_date_details: dateDetails(e.startLocal),
      end_date: e.endLocal,
      end_date_details: dateDetails(e.endLocal),
      utc_start_date: e.startUtc,
      utc_start_date_details: dateDetails(e.startUtc),
      utc_end_date: e.endUtc,
      utc_end_date_details: dateDetails(e.endUtc),
      timezone: e.timezone,
      timezone_abbr: timezoneAbbreviation(e.timezone, e.startUtc),
      cost: m ? '' : cost.cost,
      cost_details: m
        ? { ...EMPTY_COST_MASKED, values: [] }
        : {
            currency_symbol: cost.details.currency_symbol,
            currency_code: cost.details.currency_code,
            currency_position: cost.details.currency_position,
            values: cost.details.values,
          },
      website: m ? '' : e.websiteSet ? e.website : url,
      show_map: m ? null : e.showMap,
      show_map_link: m ? null : e.showMapLink,
      hide_from_listings: m ? null : e.hideFromListings,
      sticky: m ? null : e.sticky,
      featured: m ? null : e.featured,
      categories: m ? [] : [...terms.categories].sort(byName).map((t) => presentEmbeddedTerm(t, api)),
      tags: m ? [] : [...terms.tags].sort(byName).map((t) => presentEmbeddedTerm(t, api)),
      venue: m ? [] : venueWire.length === 1 ? venueWire[0] : venueWire,
      organizer: m ? [] : organizers.map((o) => presentOrganizer(o, ctx, { withJsonLd: opts.withJsonLd })),
      custom_fields: [],
      ticketed: m ? null : e.ticketed,
      post_parent: e.postParent,
    };
    if (opts.withJsonLd) {
      const ld: Record<string, unknown> = { '@context': 'http://schema.org', '@type': 'Event', name: e.title };
      const description = stripMarkup(e.excerpt !== '' ? e.excerpt : e.description);
      if (description) ld.description = description;
      if (image) ld.image = image.url;
      ld.url = url;
      ld.eventAttendanceMode = 'https://schema.org/OfflineEventAttendanceMode';
      ld.eventStatus = 'https://schema.org/EventScheduled';
      ld.startDate = isoWithOffset(e.startLocal, e.timezone);
      ld.endDate = isoWithOffset(e.endLocal, e.timezone);
      if (venues.length) {
        const places = venues.map((v) => venueJsonLd(v, ctx, false));
        ld.location = places.length === 1 ? places[0] : places;
      }
      if (organizers.length) {
        const people = organizers.map((o) => organizerJsonLd(o, ctx, false));
        ld.organizer = people.length === 1 ? people[0] : people;
      }
      if (cost.details.values.length) {
        const offer: Record<string, unknown> = { '@type': 'Offer', price: cost.details.values[0] };
        const currency = currencyCodeOf(cost.details);
        if (currency) offer.priceCurrency = currency;
        offer.url = url;
        offer.category = 'primary';
        offer.availability = 'https://schema.org/InStock';
        offer.validFrom = `${e.dateUtc.replace(' ', 'T')}+00:00`;
        ld.offers = offer;
      }
      ld.performer = 'Organization';
      body.json_ld = ld;
    }
    return body;
  }
}
