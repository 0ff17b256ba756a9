import { globalIdOf } from '../../../shared/domain/global-id';
import type { ImageWire } from '../../media/domain/media-item';
import { stripMarkup } from '../../../shared/domain/text-cleaning';
import type { Organizer } from '../domain/organizer';

/** What presenters need besides the record. */
export interface PresentContext {
  publicUrl: string;
  /** Converts a UTC wall clock into the site timezone. */
  toSite: (utc: string) => string;
  images: Map<number, ImageWire>;
}


/** The organizer's schema.org Person (§6.10); `withContext` false inside an event's json_ld. */
export function organizerJsonLd(organizer: Organizer, ctx: PresentContext, withContext = true): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (withContext) out['@context'] = 'http://schema.org';
  out['@type'] = 'Person';
  out.name = organizer.name;
  const description = stripMarkup(organizer.description).replace(/\s+/g, ' ').trim();
  if (description) out.description = description;
  out.url = `${ctx.publicUrl}/organizer/${organizer.slug}/`;
  if (organizer.phone) out.telephone = organizer.phone;
  if (organizer.email) out.email = organizer.email;
  if (organizer.website) out.sameAs = organizer.website;
  return out;
}

/** The wire shape of an organizer (§6.4), keys in contract order; "if set" keys left out when empty. */
export function presentOrganizer(organizer: Organizer, ctx: PresentContext, opts: { withJsonLd: boolean }): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: organizer.id,
    author: String(organizer.authorId),
    status: organizer.status,
    date: organizer.date,
    date_utc: organizer.dateUtc,
    modified: ctx.toSite(organizer.modifiedUtc),
    modified_utc: organizer.modifiedUtc,
    url: `${ctx.publicUrl}/organizer/${organizer.slug}/`,
    organizer: organizer.name,
  };
  if (organizer.description) out.description = organizer.description;
  if (organizer.excerpt) out.excerpt = organizer.excerpt;
  out.slug = organizer.slug;
  const image = organizer.imageId !== null ? ctx.images.get(organizer.imageId) : undefined;
  if (image) out.image = { url: image.url, id: image.id, extension: image.extension };
  for (const key of ['phone', 'website', 'email'] as const) if (organizer[key]) out[key] = organizer[key];
  if (opts.withJsonLd) out.json_ld = organizerJsonLd(organizer, ctx);
  const globalId = globalIdOf(ctx.publicUrl, organizer.id);
  out.global_id = globalId;
  out.global_id_lineage = [globalId];
  return out;
}
