import isEmailAddress from 'validator/lib/isEmail';
import type { ParamProblem } from './errors';
import { exceedsLength, MAX_LENGTH } from './input-limits';

/** URL and e-mail rules of CONTRACT §1.7 / §10.1: trimmed, then validated (every `website` is http(s) only). */

/**
 * Characters a URL never holds raw (RFC 3986; the WHATWG URL parser would percent-encode them): whitespace and controls,
 * `"`, `<`, `>`, `` ` ``, `{`, `}`, `|`, `\` and `^`. A URL sent with one is refused rather than stored as markup-bearing
 * text (issue 14: `http://e.com/"><script>` must never come back as sent).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const NOT_IN_URLS = /[\s\u0000-\u001f\u007f"<>`{}|\\^]/;

/** An absolute `http`/`https` URL with a host, `//` after the scheme, nothing a URL never holds raw, at most MAX_LENGTH.url. */
export function isHttpUrl(value: string): boolean {
  if (exceedsLength(value, MAX_LENGTH.url) || NOT_IN_URLS.test(value) || !/^https?:\/\/[^/?#]/i.test(value)) return false;
  // The pattern fixes the scheme; an http(s) URL that parses has a host.
  return URL.canParse(value);
}

/**
 * An e-mail address as validator.js reads one (a dotted domain, no quoted or IP-literal forms, no display name), within
 * MAX_LENGTH.email: `a@b.c"><script>…` is refused.
 */
export const isEmail = (value: string): boolean =>
  // Stryker disable next-line ObjectLiteral: equivalent, validator's defaults, written out so that a new default changes nothing here
  !exceedsLength(value, MAX_LENGTH.email) && isEmailAddress(value, { allow_display_name: false, allow_ip_domain: false, require_tld: true });

/** A problem for a sent, non-empty website that is not an absolute http(s) URL (`""` and null clear). */
export function websiteProblem(value: unknown, param: string): ParamProblem | null {
  if (typeof value !== 'string' || value.trim() === '' || isHttpUrl(value.trim())) return null;
  return { param, detail: 'rest_invalid_format', args: { param, kind: 'URL' } };
}

/** A problem for a sent, non-empty e-mail address that is not valid (`""` and null clear). */
export function emailProblem(value: unknown, param: string): ParamProblem | null {
  if (typeof value !== 'string' || value.trim() === '' || isEmail(value.trim())) return null;
  return { param, detail: 'rest_invalid_format', args: { param, kind: 'e-mail address' } };
}
