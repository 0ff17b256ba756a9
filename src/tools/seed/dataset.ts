import type { RecordStatus } from '../../shared/domain/policy';
import { slugify } from '../../shared/domain/text';
import type { CalendarEvent, EventLinks } from '../../modules/events/domain/calendar-event';
import { normalizeWallClock, toUtc, toZone } from '../../shared/domain/time/date-input';
import type { Organizer } from '../../modules/organizers/domain/organizer';
import type { Term } from '../../modules/terms/domain/term';
import { termSlugBase } from '../../modules/terms/domain/term-rules';
import { computeStateProvince, Venue } from '../../modules/venues/domain/venue';
import { Random } from './random';
import * as words from './vocabulary';

/**
 * The seeded data set, as the domain objects the API would have created (same rules: slugs, folded keys, wall clocks
 * in the event's zone and UTC, publication dates, state/province). Pure and deterministic: a seed and an anchor day give
 * the same records everywhere. Events start between 3 years before and 2 years after the anchor day.
 */
export interface SeedSizes {
  events: number;
  venues: number;
  organizers: number;
  categories: number;
  tags: number;
  seed: number;
  /** `YYYY-MM-DD`: "today" of the data set (default: the current UTC day). */
  anchor: string;
}

const PAST_DAYS = 3 * 365;
const FUTURE_DAYS = 2 * 365;

export interface SeedEvent {
  event: CalendarEvent;
  links: EventLinks;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The wall clock `days` days and `minutes` minutes after `YYYY-MM-DD 00:00:00` of `day` (calendar arithmetic). */
function wallClockAt(day: string, days: number, minutes = 0): string {
  const d = new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000 + minutes * 60_000);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

const minWall = (a: string, b: string) => (a < b ? a : b);

/** Hands out unique slugs as the API does (`base`, `base-2`, …), without a query per record. */
export class SlugBook {
  private readonly next = new Map<string, number>();

  constructor(private readonly taken: Set<string> = new Set()) {}

  take(base: string, fallback: string): string {
    const b = base === '' ? fallback : base;
    let n = this.next.get(b) ?? 1;
    for (;;) {
      const suffix = n === 1 ? '' : `-${n}`;
      const candidate = `${b.slice(0, 200 - suffix.length)}${suffix}`;
      n += 1;
      if (!this.taken.has(candidate)) {
        this.next.set(b, n);
        this.taken.add(candidate);
        return candidate;
      }
    }
  }
}

function sentence(r: Random, count: number): string {
  const list: string[] = [];
  for (let i = 0; i < count; i++) list.push(r.pick(words.SENTENCE_WORDS));
  const s = list.join(' ');
  return `${s[0].toUpperCase()}${s.slice(1)}.`;
}

/** Publication date: some days before `beforeUtc`, never after the anchor. */
function publication(r: Random, beforeUtc: string, anchorUtc: string): string {
  return minWall(wallClockAt(beforeUtc.slice(0, 10), -r.int(1, 120), r.int(0, 1439)), anchorUtc);
}

export function makeVenues(r: Random, sizes: SeedSizes, firstId: number, siteZone: string, slugs: SlugBook): Venue[] {
  const anchorUtc = `${sizes.anchor} 00:00:00`;
  const out: Venue[] = [];
  for (let i = 0; i < sizes.venues; i++) {
    const id = firstId + i;
    const place = r.pick(words.CITIES);
    const name = `${r.pick(words.VENUE_PREFIXES)} ${r.pick(words.VENUE_KINDS)} ${place.city}`;
    const dateUtc = wallClockAt(sizes.anchor, -r.int(PAST_DAYS, PAST_DAYS + 365), r.int(0, 1439));
    const geo = r.chance(0.9);
    out.push({
      id,
      authorId: r.pick([1, 2, 3]),
      status: r.chance(0.95) ? 'publish' : 'draft',
      date: toZone(dateUtc, siteZone),
      dateUtc,
      modifiedUtc: minWall(wallClockAt(dateUtc.slice(0, 10), r.int(0, 30)), anchorUtc),
      slug: slugs.take(slugify(name), String(id)),
      name,
      description: r.chance(0.7) ? `<p>${sentence(r, 12)}</p>` : '',
      excerpt: '',
      address: `${r.int(1, 250)} ${r.pick(words.STREETS)}`,
      city: place.city,
      country: place.country,
      province: place.province,
      state: place.state,
      zip: place.zip,
      phone: `+1 555 ${pad(r.int(0, 9999), 4)}`,
      website: r.chance(0.5) ? `https://venues.example.org/${id}` : '',
      stateprovince: computeStateProvince(place.country, place.state, place.province),
      imageId: null,
      showMap: true,
      showMapLink: true,
      geoLat: geo ? Math.round((place.lat + (r.next() - 0.5) * 0.1) * 1e6) / 1e6 : null,
      geoLng: geo ? Math.round((place.lng + (r.next() - 0.5) * 0.1) * 1e6) / 1e6 : null,
    });
  }
  return out;
}

export function makeOrganizers(r: Random, sizes: SeedSizes, firstId: number, siteZone: string, slugs: SlugBook): Organizer[] {
  const anchorUtc = `${sizes.anchor} 00:00:00`;
  const out: Organizer[] = [];
  for (let i = 0; i < sizes.organizers; i++) {
    const id = firstId + i;
    const person = r.chance(0.4);
    const name = person
      ? `${r.pick(words.FIRST_NAMES)} ${r.pick(words.LAST_NAMES)}`
      : `${r.pick(words.TITLE_SUBJECTS)} ${r.pick(words.ORG_KINDS)}`;
    const dateUtc = wallClockAt(sizes.anchor, -r.int(PAST_DAYS, PAST_DAYS + 365), r.int(0, 1439));
    const slug = slugs.take(slugify(name), String(id));
    out.push({
      id,
      authorId: r.pick([1, 2, 3]),
      status: r.chance(0.95) ? 'publish' : 'draft',
      date: toZone(dateUtc, siteZone),
      dateUtc,
      modifiedUtc: minWall(wallClockAt(dateUtc.slice(0, 10), r.int(0, 30)), anchorUtc),
      slug,
      name,
      description: r.chance(0.5) ? `<p>${sentence(r, 10)}</p>` : '',
      excerpt: '',
      phone: `+34 600 ${pad(r.int(0, 999999), 6)}`,
      website: r.chance(0.6) ? `https://organizers.example.org/${slug}` : '',
      email: `${slug.slice(0, 40)}@example.org`,
      imageId: null,
    });
  }
  return out;
}

/** Categories (the first quarter top-level, the rest nested up to three levels) then tags; names unique per taxonomy. */
export function makeTerms(r: Random, sizes: SeedSizes, firstId: number, categorySlugs: SlugBook, tagSlugs: SlugBook): Term[] {
  const out: Term[] = [];
  const depth = new Map<number, number>();
  const unique = (list: readonly string[], i: number) => (i < list.length ? list[i] : `${list[i % list.length]} ${Math.floor(i / list.length) + 1}`);
  const topLevel = Math.max(1, Math.ceil(sizes.categories / 4));
  for (let i = 0; i < sizes.categories; i++) {
    const id = firstId + i;
    const name = unique(words.CATEGORY_NAMES, i);
    let parent = 0;
    if (i >= topLevel) {
      const candidates = out.filter((t) => (depth.get(t.id) ?? 0) < 2);
      parent = r.pick(candidates).id;
    }
    depth.set(id, parent === 0 ? 0 : (depth.get(parent) ?? 0) + 1);
    out.push({ id, taxonomy: 'category', name, slug: categorySlugs.take(termSlugBase(name), String(id)), description: '', parent });
  }
  for (let i = 0; i < sizes.tags; i++) {
    const id = firstId + sizes.categories + i;
    const name = unique(words.TAG_NAMES, i);
    out.push({ id, taxonomy: 'tag', name, slug: tagSlugs.take(termSlugBase(name), String(id)), description: '', parent: 0 });
  }
  return out;
}

const STATUS_BY_AUTHOR: ReadonlyArray<readonly [[number, RecordStatus], number]> = [
  [[2, 'publish'], 40],
  [[3, 'publish'], 40],
  [[1, 'publish'], 8],
  [[2, 'draft'], 3],
  [[4, 'draft'], 2],
  [[4, 'pending'], 2],
  [[3, 'private'], 2],
  [[2, 'trash'], 3],
];

/** One event and its links; `venueIds`, `organizerIds` and `termIds` are the ids made by the functions above. */
export function makeEvent(
  r: Random,
  sizes: SeedSizes,
  id: number,
  refs: { venueIds: number[]; organizerIds: number[]; categoryIds: number[]; tagIds: number[] },
  slugs: SlugBook,
): SeedEvent {
  const anchorUtc = `${sizes.anchor} 00:00:00`;
  const place = r.pick(words.CITIES);
  const zone = r.chance(0.1) ? 'UTC' : place.zone;
  const day = wallClockAt(sizes.anchor, r.int(-PAST_DAYS, FUTURE_DAYS)).slice(0, 10);
  const shape = r.weighted([
    ['timed', 78],
    ['all-day', 12],
    ['multi-day', 6],
    ['multi-day-all-day', 4],
  ] as const);
  let startLocal: string;
  let endLocal: string;
  const allDay = shape === 'all-day' || shape === 'multi-day-all-day';
  if (allDay) {
    startLocal = normalizeWallClock(`${day} 00:00:00`, zone);
    endLocal = `${wallClockAt(day, shape === 'all-day' ? 0 : r.int(1, 6)).slice(0, 10)} 23:59:59`;
  } else {
    const startMinute = r.int(8, 21) * 60 + r.pick([0, 15, 30, 45]);
    startLocal = wallClockAt(day, 0, startMinute);
    const minutes = shape === 'timed' ? r.pick([60, 90, 120, 180, 240]) : r.int(1, 5) * 1440 + r.int(1, 8) * 60;
    endLocal = normalizeWallClock(wallClockAt(day, 0, startMinute + minutes), zone);
  }
  const startUtc = toUtc(startLocal, zone);
  const endUtc = toUtc(endLocal, zone);
  const dateUtc = publication(r, startUtc, anchorUtc);
  const [authorId, status] = r.weighted(STATUS_BY_AUTHOR);
  const title = `${r.pick(words.TITLE_ADJECTIVES)} ${r.pick(words.TITLE_SUBJECTS)} ${r.pick(words.TITLE_KINDS)}`;
  const slug = slugs.take(slugify(title), String(id));
  const cost = r.chance(0.6) ? r.pick(words.COSTS) : null;
  const websiteSet = r.chance(0.2);
  const event: CalendarEvent = {
    id,
    authorId,
    status,
    slug,
    title,
    description: `<p>${sentence(r, r.int(8, 30))}</p>`,
    excerpt: r.chance(0.3) ? `<p>${sentence(r, 6)}</p>` : '',
    dateLocal: toZone(dateUtc, zone),
    dateUtc,
    modifiedUtc: minWall(wallClockAt(dateUtc.slice(0, 10), r.int(0, 10), r.int(0, 1439)), anchorUtc),
    startLocal,
    endLocal,
    startUtc,
    endUtc,
    timezone: zone,
    allDay,
    costInput: cost === null ? null : JSON.stringify(cost),
    websiteSet,
    website: websiteSet ? `https://tickets.example.org/${slug}` : '',
    showMap: r.chance(0.95),
    showMapLink: r.chance(0.95),
    hideFromListings: r.chance(0.02),
    sticky: r.chance(0.01),
    featured: r.chance(0.05),
    imageId: null,
    postPassword: r.chance(0.01) ? 'sesame' : '',
    ticketed: r.chance(0.1),
    postParent: 0,
    revision: 0,
  };
  const pickIds = (ids: number[], count: number, skew: number) => r.distinct(count, ids.length, skew).map((i) => ids[i]);
  const venueIds = refs.venueIds.length && r.chance(0.85) ? pickIds(refs.venueIds, r.chance(0.03) ? 2 : 1, 1.5) : [];
  const organizerIds = refs.organizerIds.length ? pickIds(refs.organizerIds, r.int(1, 3), 1.5) : [];
  const categoryIds = refs.categoryIds.length ? pickIds(refs.categoryIds, r.int(1, 2), 1.3) : [];
  const tagIds = refs.tagIds.length ? pickIds(refs.tagIds, r.int(0, 4), 1.3) : [];
  return { event, links: { venueIds, organizerIds, termIds: [...categoryIds, ...tagIds] } };
}
