import { globalIdOf, lineageOf } from '../../../shared/domain/global-id';
import { stripMarkup } from '../../../shared/domain/text-cleaning';
import { dateDetails } from '../../../shared/domain/wall-clock';
import { organizerJsonLd, presentOrganizer } from '../../organizers/http/organizer.presenter';
import { presentEmbeddedTerm } from '../../terms/http/term.presenter';
import { presentVenue, venueJsonLd } from '../../venues/http/venue.presenter';
import type { EventView } from '../application/event-view';
import { currencyCodeOf, parseCost } from '../domain/cost';
import { isoWithOffset, timezoneAbbreviation, toZone } from '../../../shared/domain/time/date-input';
import { maskEventBody } from './event-masking';

/** Where events are shown: the site's public URL and timezone, and the API root of the request (§1.4, §7.1). */
export interface EventSite {
  publicUrl: string;
  calendarTimezone: string;
  api: string;
}

/**
 * The wire shape of an event (CONTRACT §6.2, §6.10, §6.11): a pure function of its view (issue 18) — everything it
 * embeds is loaded beforehand by the EventViewReader, so presenting never reads anything. `withJsonLd` for the single
 * GET body (which the ETag is computed from); `masked` for a protected event the caller may not see unlocked.
 */
export function presentEvent(view: EventView, site: EventSite, opts: { withJsonLd: boolean; masked: boolean }): Record<string, unknown> {
  const { event: e, venues, organizers, images } = view;
  const { api } = site;
  const publicUrl = site.publicUrl.replace(/\/+$/, '');
  const ctx = { publicUrl: site.publicUrl, toSite: (utc: string) => toZone(utc, site.calendarTimezone), images };
  const url = `${publicUrl}/event/${e.slug}/`;
  const gid = globalIdOf(site.publicUrl, e.id);
  const cost = e.costInput === null ? { cost: '', details: parseCost('').details } : parseCost(JSON.parse(e.costInput));
  const image = e.imageId !== null ? (images.get(e.imageId) ?? false) : false;
  const venueWire = venues.map((v) => presentVenue(v, ctx, { withJsonLd: opts.withJsonLd }));
  const body: Record<string, unknown> = {
    id: e.id,
    global_id: gid,
    global_id_lineage: lineageOf(gid, e.lineage),
    author: String(e.authorId),
    status: e.status,
    date: e.dateLocal,
    date_utc: e.dateUtc,
    modified: toZone(e.modifiedUtc, site.calendarTimezone),
    modified_utc: e.modifiedUtc,
    url,
    rest_url: `${api}/events/${e.id}`,
    title: e.title,
    description: e.description,
    excerpt: e.excerpt,
    slug: e.slug,
    image,
    all_day: e.allDay,
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
    cost: cost.cost,
    cost_details: {
      currency_symbol: cost.details.currency_symbol,
      currency_code: cost.details.currency_code,
      currency_position: cost.details.currency_position,
      values: cost.details.values,
    },
    website: e.websiteSet ? e.website : url,
    show_map: e.showMap,
    show_map_link: e.showMapLink,
    hide_from_listings: e.hideFromListings,
    sticky: e.sticky,
    featured: e.featured,
    categories: view.categories.map((t) => presentEmbeddedTerm(t, api)),
    tags: view.tags.map((t) => presentEmbeddedTerm(t, api)),
    venue: venueWire.length === 1 ? venueWire[0] : venueWire,
    organizer: organizers.map((o) => presentOrganizer(o, ctx, { withJsonLd: opts.withJsonLd })),
    custom_fields: [],
    ticketed: e.ticketed,
    post_parent: e.postParent,
  };
  if (opts.masked) maskEventBody(body);
  if (opts.withJsonLd) {
    const ld: Record<string, unknown> = { '@context': 'http://schema.org', '@type': 'Event', name: e.title };
    // The excerpt when it has text: an excerpt of markup alone (`<p>&nbsp;</p>`, an image) left json_ld without a
    // description although the description had text, and the iCalendar DESCRIPTION already fell back (a differential probe).
    const description = stripMarkup(e.excerpt) || stripMarkup(e.description);
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
