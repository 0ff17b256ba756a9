import { allocateSlug, SlugConflictError, SlugIndex, writeWithFreeSlug } from './slug-allocation';

const indexOf = (used: string[], family = false): SlugIndex => ({
  slugTaken: async (s) => used.includes(s),
  ...(family ? { slugFamily: async (base: string) => new Set(used.filter((s) => s === base || s.startsWith(`${base}-`))) } : {}),
});

describe('slug allocation (CONTRACT §9.4)', () => {
  it.each([false, true])('base, else base-2, base-3, … (family look-up: %s)', async (family) => {
    expect(await allocateSlug(indexOf([], family), 'jazz')).toBe('jazz');
    expect(await allocateSlug(indexOf(['jazz'], family), 'jazz')).toBe('jazz-2');
    expect(await allocateSlug(indexOf(['jazz', 'jazz-2', 'jazz-3'], family), 'jazz')).toBe('jazz-4');
  });

  it('a numbered candidate cuts the base so that the slug stays within 200 characters', async () => {
    const base = 'a'.repeat(200);
    expect(await allocateSlug(indexOf([base]), base)).toBe(`${'a'.repeat(198)}-2`);
  });

  it('slugs known lost are skipped', async () => {
    expect(await allocateSlug(indexOf([]), 'jazz', undefined, new Set(['jazz']))).toBe('jazz-2');
  });

  it('a write refused by the unique index takes the next candidate; other errors pass through', async () => {
    const tried: string[] = [];
    const slug = await writeWithFreeSlug(indexOf([]), 'jazz', undefined, async (s) => {
      tried.push(s);
      if (tried.length < 3) throw new SlugConflictError();
    });
    expect(slug).toBe('jazz-3');
    expect(tried).toEqual(['jazz', 'jazz-2', 'jazz-3']);
    await expect(writeWithFreeSlug(indexOf([]), 'jazz', undefined, async () => Promise.reject(new Error('disk')))).rejects.toThrow('disk');
  });

  it('gives up after 100 refused candidates', async () => {
    let n = 0;
    const write = async () => {
      n++;
      throw new SlugConflictError();
    };
    await expect(writeWithFreeSlug(indexOf([]), 'jazz', undefined, write)).rejects.toBeInstanceOf(SlugConflictError);
    expect(n).toBe(101);
    expect(new SlugConflictError().message).toBe('slug-conflict');
  });
});
