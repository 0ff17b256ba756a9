/**
 * Text comparison keys (CONTRACT §1.7): comparisons ignore letter case and accents, identically on every database.
 * The service stores a folded copy of each searchable/compared field and compares folded values, so SQLite and MySQL
 * give the same answers regardless of their collations.
 */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßẞ]/g, 'ss') // the capital too: lower case comes last, and would make it ß
    .replace(/æ/gi, 'ae')
    .replace(/œ/gi, 'oe')
    .replace(/ø/gi, 'o')
    .replace(/đ/gi, 'd')
    .replace(/ł/gi, 'l')
    .toLowerCase();
}

/** Longest stored key of a long text (a MEDIUMTEXT column holds 16 MiB: 4,194,303 four-byte characters). */
export const LONG_KEY_LENGTH = 4_000_000;

/**
 * A stored comparison key: the folded text, cut to `max` characters so that it always fits its column (folding can
 * lengthen text: one ligature or Arabic honorific decomposes into up to 18 characters). Only pathological values are
 * cut; the cut never splits a surrogate pair.
 */
export function foldKey(text: string, max: number): string {
  return cutKey(fold(text), max);
}

/** Folded text cut to `max` UTF-16 units, never inside a surrogate pair (see foldKey). */
export function cutKey(folded: string, max: number): string {
  if (folded.length <= max) return folded;
  const end = /[\uD800-\uDBFF]/.test(folded.charAt(max - 1)) ? max - 1 : max;
  return folded.slice(0, end);
}

/** Escapes `%`, `_` and `\` for a LIKE pattern used with `ESCAPE '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** CONTRACT §9.4 slug rule; returns '' when nothing remains (the caller then uses the record id). */
export function slugify(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') // runs of other characters are single hyphens already
    .slice(0, 200)
    .replace(/-$/, '');
}

/** Whether `slug` is `base` or one of its numbered variants' family (`base-…`). */
export function inSlugFamily(base: string, slug: string): boolean {
  return slug === base || slug.startsWith(`${base}-`);
}

