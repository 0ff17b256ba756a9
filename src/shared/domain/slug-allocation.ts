import { inSlugFamily } from './text';

/**
 * Slug allocation (CONTRACT §9.4), shared by events, venues, organizers and terms: `base`, else `base-2`, `base-3`, …,
 * the first one no other record of the kind uses. Each kind's repository is the index the candidates are looked up in.
 */
export interface SlugIndex {
  /** Whether another record (not `exceptId`) uses this slug. */
  slugTaken(slug: string, exceptId?: number): Promise<boolean>;
  /**
   * The slugs in use (by records other than `exceptId`) that are `base` or start with `base-`: one query for every
   * candidate (1,000 "Concert"s = one query instead of 1,000). Without it each candidate is looked up alone.
   */
  slugFamily?(base: string, exceptId?: number): Promise<Set<string>>;
}

/** Thrown by a repository write when the unique slug index refuses the slug (a concurrent write took it first). */
export class SlugConflictError extends Error {
  constructor() {
    super('slug-conflict');
  }
}

/** Longest slug; a numbered candidate shortens the base to fit its suffix. */
const MAX_SLUG_LENGTH = 200;

/** The first free slug of `base`'s candidates; `lost` are slugs known taken though the index may not show them yet. */
export async function allocateSlug(index: SlugIndex, base: string, exceptId?: number, lost: ReadonlySet<string> = new Set()): Promise<string> {
  const family = index.slugFamily ? await index.slugFamily(base, exceptId) : null;
  const taken = async (s: string) =>
    lost.has(s) || (family && inSlugFamily(base, s) ? family.has(s) : await index.slugTaken(s, exceptId));
  if (!(await taken(base))) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, MAX_SLUG_LENGTH - suffix.length)}${suffix}`;
    if (!(await taken(candidate))) return candidate;
  }
}

/**
 * Writes a record with the first free slug of `base`. When the unique index refuses it (SlugConflictError: a concurrent
 * write took it, which this transaction could not see yet), that slug is set aside and the next candidate written.
 */
export async function writeWithFreeSlug(
  index: SlugIndex,
  base: string,
  exceptId: number | undefined,
  write: (slug: string) => Promise<void>,
): Promise<string> {
  const lost = new Set<string>();
  for (let attempt = 0; ; attempt++) {
    const slug = await allocateSlug(index, base, exceptId, lost);
    try {
      await write(slug);
      return slug;
    } catch (e) {
      if (!(e instanceof SlugConflictError) || attempt >= 100) throw e;
      lost.add(slug);
    }
  }
}
