import { jsonLdHead, PresentContext, presentRecordHead, withGlobalId } from '../../records/http/record-presentation';
import type { Organizer } from '../domain/organizer';

export type { PresentContext };

/** The organizer's schema.org Person (§6.10); `withContext` false inside an event's json_ld. */
export function organizerJsonLd(organizer: Organizer, ctx: PresentContext, withContext = true): Record<string, unknown> {
  const out = jsonLdHead(organizer, ctx, 'Person', 'organizer', withContext);
  if (organizer.phone) out.telephone = organizer.phone;
  if (organizer.email) out.email = organizer.email;
  if (organizer.website) out.sameAs = organizer.website;
  return out;
}

/** The wire shape of an organizer (§6.4), keys in contract order; "if set" keys left out when empty. */
export function presentOrganizer(organizer: Organizer, ctx: PresentContext, opts: { withJsonLd: boolean }): Record<string, unknown> {
  const out = presentRecordHead(organizer, ctx, 'organizer');
  for (const key of ['phone', 'website', 'email'] as const) if (organizer[key]) out[key] = organizer[key];
  if (opts.withJsonLd) out.json_ld = organizerJsonLd(organizer, ctx);
  return withGlobalId(out, ctx, organizer);
}
