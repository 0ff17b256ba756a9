import { globalIdOf, lineageOf } from '../../../shared/domain/global-id';
import { stripMarkup } from '../../../shared/domain/text-cleaning';
import type { ImageWire } from '../../media/domain/media-item';
import type { LinkedRecord } from '../domain/linked-record';

/** What the venue and organizer presenters need besides the record. */
export interface PresentContext {
  publicUrl: string;
  /** Converts a UTC wall clock into the site timezone. */
  toSite: (utc: string) => string;
  images: ReadonlyMap<number, ImageWire>;
}

/** A record's wire shape (§6.3, §6.4); `withJsonLd` for the single GET body, which the ETag is computed from. */
export type RecordPresenter<T> = (record: T, ctx: PresentContext, opts: { withJsonLd: boolean }) => Record<string, unknown>;

/**
 * The keys a venue or organizer starts with, in contract order (§6.3, §6.4), from `id` to `image`; "if set" keys left
 * out when empty. `kind` is both the public URL's path segment and the name's key (`venue`, `organizer`).
 */
export function presentRecordHead(record: LinkedRecord, ctx: PresentContext, kind: 'venue' | 'organizer'): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: record.id,
    author: String(record.authorId),
    status: record.status,
    date: record.date,
    date_utc: record.dateUtc,
    modified: ctx.toSite(record.modifiedUtc),
    modified_utc: record.modifiedUtc,
    url: `${ctx.publicUrl}/${kind}/${record.slug}/`,
    [kind]: record.name,
  };
  if (record.description) out.description = record.description;
  if (record.excerpt) out.excerpt = record.excerpt;
  out.slug = record.slug;
  const image = record.imageId !== null ? ctx.images.get(record.imageId) : undefined;
  if (image) out.image = { url: image.url, id: image.id, extension: image.extension };
  return out;
}

/** The keys a record ends with: its global id and lineage (§6.3, §6.4; a copy also names its originals). */
export function withGlobalId(out: Record<string, unknown>, ctx: PresentContext, record: Pick<LinkedRecord, 'id' | 'lineage'>): Record<string, unknown> {
  const globalId = globalIdOf(ctx.publicUrl, record.id);
  out.global_id = globalId;
  out.global_id_lineage = lineageOf(globalId, record.lineage);
  return out;
}

/** The start of a record's schema.org object (§6.10); `withContext` false inside an event's json_ld. */
export function jsonLdHead(record: LinkedRecord, ctx: PresentContext, type: 'Place' | 'Person', kind: 'venue' | 'organizer', withContext: boolean) {
  const out: Record<string, unknown> = {};
  if (withContext) out['@context'] = 'http://schema.org';
  out['@type'] = type;
  out.name = record.name;
  const description = stripMarkup(record.description); // whitespace collapsed and trimmed already
  if (description) out.description = description;
  out.url = `${ctx.publicUrl}/${kind}/${record.slug}/`;
  return out;
}
