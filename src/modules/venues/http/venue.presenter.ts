import { jsonLdHead, PresentContext, presentRecordHead, withGlobalId } from '../../records/http/record-presentation';
import type { Venue } from '../domain/venue';

export type { PresentContext };

/** The venue's schema.org Place (§6.10); `withContext` false inside an event's json_ld. */
export function venueJsonLd(venue: Venue, ctx: PresentContext, withContext = true): Record<string, unknown> {
  const out = jsonLdHead(venue, ctx, 'Place', 'venue', withContext);
  const address: Record<string, unknown> = {};
  if (venue.address) address.streetAddress = venue.address;
  if (venue.city) address.addressLocality = venue.city;
  if (venue.stateprovince) address.addressRegion = venue.stateprovince;
  if (venue.zip) address.postalCode = venue.zip;
  if (venue.country) address.addressCountry = venue.country;
  if (Object.keys(address).length > 0) out.address = { '@type': 'PostalAddress', ...address };
  if (venue.phone) out.telephone = venue.phone;
  if (venue.website) out.sameAs = venue.website;
  if (venue.geoLat !== null && venue.geoLng !== null) {
    out.geo = { '@type': 'GeoCoordinates', latitude: venue.geoLat, longitude: venue.geoLng };
  }
  return out;
}

/** The wire shape of a venue (§6.3), keys in contract order; "if set" keys left out when empty. */
export function presentVenue(venue: Venue, ctx: PresentContext, opts: { withJsonLd: boolean }): Record<string, unknown> {
  const out = presentRecordHead(venue, ctx, 'venue');
  for (const key of ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'website', 'stateprovince'] as const) {
    if (venue[key]) out[key] = venue[key];
  }
  if (venue.geoLat !== null && venue.geoLng !== null) {
    out.geo_lat = venue.geoLat;
    out.geo_lng = venue.geoLng;
  }
  if (opts.withJsonLd) out.json_ld = venueJsonLd(venue, ctx);
  out.show_map = venue.showMap;
  out.show_map_link = venue.showMapLink;
  return withGlobalId(out, ctx, venue);
}
