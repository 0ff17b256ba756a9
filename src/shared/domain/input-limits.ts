import type { ParamProblem } from './errors';

/**
 * The largest value each kind of write field accepts (issue 14), in characters (Unicode code points, as MySQL counts
 * them), checked at the edge before anything reaches the database, published in `/doc` as `maxLength` / `maxItems`,
 * and each held by its column on both databases. Generous for any real calendar, small enough that one request cannot
 * make the database or the server do unbounded work.
 */
export const MAX_LENGTH = {
  /** Event titles; venue, organizer and term names; a new term named in an event write. */
  name: 1000,
  /** Short plain-text fields: city, country, province, state, stateprovince, zip, phone. */
  shortText: 255,
  /** A venue's street address. */
  address: 1000,
  /** Every URL: websites and image URLs. */
  url: 2048,
  /** An e-mail address (RFC 5321's longest path). */
  email: 254,
  /** Rich text (descriptions, excerpts): a MEDIUMTEXT column holds 4 bytes × this with room to spare. */
  richText: 1_000_000,
  /** A cost as sent (text, a number or a list of them). */
  cost: 1000,
  /** A slug as sent (it is cut to 200 characters when made into a slug). */
  slug: 1000,
  /** `post_password` (WordPress' column width). */
  password: 255,
  /** Dates and times as sent (a date form is short; the parser never sees more). */
  date: 100,
  /** A time zone name or offset. */
  timezone: 64,
  /** Search text and other free text of a query. */
  search: 1000,
} as const;

export const MAX_ITEMS = {
  /** Categories or tags named in one event write. */
  terms: 100,
  /** Venues or organizers linked (or created inline) in one event write. */
  links: 100,
} as const;

/**
 * The problem of a rich text too long *as stored*: cleaning escapes each bare `<` as `&lt;`, so 1,000,000 characters
 * sent were stored as up to 4,000,000 and every read answered all of them (found by a probe, 2026-11-27). The limit
 * holds for what is stored too; null when within it.
 */
export const storedRichTextProblem = (param: string, stored: string): ParamProblem | null =>
  exceedsLength(stored, MAX_LENGTH.richText) ? tooLongAsStored(param) : null;

/** The problem of a rich text too long as stored (`rest_too_long`, with the limit). */
export const tooLongAsStored = (param: string): ParamProblem => ({ param, detail: 'rest_too_long', args: { max: MAX_LENGTH.richText } });

/**
 * Whether `text` is longer than `max` characters, counted as code points (an emoji is one, as in a MySQL column).
 * Text within `max` UTF-16 units is within the limit already, so the count runs only for longer text, and stops at max.
 */
export function exceedsLength(text: string, max: number): boolean {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, a shortcut: the count below gives the same answer
  if (text.length <= max) return false;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const secondHalf = c >= 0xdc00 && c <= 0xdfff && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff;
    if (!secondHalf && ++n > max) return true;
  }
  return false;
}
