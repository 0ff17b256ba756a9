import { ALL_BUT_TRASH, ALL_DATES, readAll } from './import-support';
import type { TestApp } from './test-app';

type Wire = Record<string, any>;

/** Everything a caller with `authorization` can list: events (not hidden, not trashed), venues, organizers, terms. */
export interface CalendarSnapshot {
  events: Wire[];
  venues: Wire[];
  organizers: Wire[];
  categories: Wire[];
  tags: Wire[];
}

export async function snapshotOf(t: TestApp, authorization: string): Promise<CalendarSnapshot> {
  return {
    events: await readAll(t, 'events', 'events', { ...ALL_DATES, status: ALL_BUT_TRASH }, authorization),
    venues: await readAll(t, 'venues', 'venues', { status: ALL_BUT_TRASH }, authorization),
    organizers: await readAll(t, 'organizers', 'organizers', { status: ALL_BUT_TRASH }, authorization),
    categories: await readAll(t, 'categories', 'categories', { hide_empty: 'false' }),
    tags: await readAll(t, 'tags', 'tags', { hide_empty: 'false' }),
  };
}

/** What names a record on one instance only: ids, addresses, the author (WordPress users do not carry over), times of change. */
const INSTANCE_KEYS = ['id', 'global_id', 'global_id_lineage', 'author', 'modified', 'modified_utc', 'url', 'rest_url', 'json_ld'];

const omit = (o: Wire, keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

export const sameRecord = (r: Wire) => omit(r, INSTANCE_KEYS);

/** An embedded term without its ids and addresses (its parent is compared on the term lists). */
const sameEmbeddedTerm = (t: Wire) => omit(t, ['id', 'term_taxonomy_id', 'parent', 'urls']);

/** An event without what names it on one instance; `website` equal to its own page is "none" (§6.2). */
export function sameEvent(e: Wire): Wire {
  const venues = Array.isArray(e.venue) ? e.venue : [e.venue];
  return {
    ...omit(e, [...INSTANCE_KEYS, 'venue', 'organizer', 'categories', 'tags', 'website']),
    website: e.website === e.url ? '' : e.website,
    venue: venues.map(sameRecord),
    organizer: e.organizer.map(sameRecord),
    categories: e.categories.map(sameEmbeddedTerm),
    tags: e.tags.map(sameEmbeddedTerm),
  };
}

/** A standalone term without its ids and addresses, its parent named by slug. */
export function sameTerm(t: Wire, bySourceId: Map<number, Wire>): Wire {
  return { ...omit(t, ['id', 'url', 'urls', 'parent']), parent: t.parent ? (bySourceId.get(t.parent)?.slug ?? '?') : '' };
}

/**
 * Every record of `source` has a counterpart in `copy` (found through `global_id_lineage`: the copy's names the
 * source's `global_id` after its own) with equal fields, and the copy has nothing else; terms are matched by slug.
 */
export function expectCopied(source: CalendarSnapshot, copy: CalendarSnapshot): void {
  for (const kind of ['events', 'venues', 'organizers'] as const) {
    const byOrigin = new Map(copy[kind].map((r) => [r.global_id_lineage[1], r]));
    expect(copy[kind].length).toBe(source[kind].length);
    for (const r of source[kind]) {
      const c = byOrigin.get(r.global_id);
      expect({ kind, origin: r.global_id, found: !!c }).toEqual({ kind, origin: r.global_id, found: true });
      expect(c!.global_id_lineage).toEqual([c!.global_id, r.global_id]);
      const same = kind === 'events' ? sameEvent : sameRecord;
      expect({ kind, slug: r.slug, ...same(c!) }).toEqual({ kind, slug: r.slug, ...same(r) });
    }
  }
  for (const kind of ['categories', 'tags'] as const) {
    const sourceById = new Map(source[kind].map((t) => [t.id, t]));
    const copyById = new Map(copy[kind].map((t) => [t.id, t]));
    const bySlug = new Map(copy[kind].map((t) => [t.slug, t]));
    expect(copy[kind].length).toBe(source[kind].length);
    for (const t of source[kind]) {
      expect(sameTerm(bySlug.get(t.slug) ?? {}, copyById)).toEqual(sameTerm(t, sourceById));
    }
  }
}
