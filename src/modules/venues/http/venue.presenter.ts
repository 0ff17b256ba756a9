import { globalIdOf } from '../../../shared/domain/global-id';
import type { ImageWire } from '../../media/domain/media-item';
import { stripMarkup } from '../../../shared/domain/text-cleaning';
import type { Venue } from '../domain/venue';

/** What presenters need besides the record. */
export interface PresentContext {
  publicUrl: string;
  /** Converts a UTC wall clock into the site timezone. */
  toSite: (utc: string) => string;
  images: Map<number, ImageWire>;
}


/** The venue's schema.org Place (§6.10); `withContext` false inside an event's json_ld. */
export function venueJsonLd(venue: Venue, ctx: PresentContext, withContext = true): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (withContext) out['@context'] = 'http://schema.org';
  out['@type'] = 'Place';
  out.name = venue.name;
  const description = stripMarkup(venue.description).replace(/\s+/g, ' ').trim();
  if (description) out.description = description;
  out.url = `${ctx.publicUrl}/venue/${venue.slug}/`;
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
  const out: Record<string, unknown> = {
    id: venue.id,
    author: String(venue.authorId),
    status: venue.status,
    date: venue.date,
    date_utc: venue.dateUtc,
    modified: ctx.toSite(venue.modifiedUtc),
    modified_utc: venue.modifiedUtc,
    url: `${ctx.publicUrl}/venue/${venue.slug}/`,
    venue: venue.name,
  };
  if (venue.description) out.description = venue.description;
  if (venue.excerpt) out.excerpt = venue.excerpt;
  out.slug = venue.slug;
  const image = venue.imageId !== null ? ctx.images.get(venue.imageId) : undefined;
  if (image) out.image = { url: image.url, id: image.id, extension: image.extension };
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
  const globalId = globalIdOf(ctx.publicUrl, venue.id);
  out.global_id = globalId;
  out.global_id_lineage = [globalId];
  return out;
}
