import { isUtf8 } from 'node:buffer';

/** `%` that starts no escape (`100% fun` typed by hand): kept as a literal `%`, as qs keeps it. */
const LONE_PERCENT = /%(?![0-9a-fA-F]{2})/g;

/**
 * A key or value of a query string or form body: `+` is a space and escapes are decoded, while a `%` that starts no
 * escape stays a literal `%`. qs' own decoder gives up on the whole text at such a `%` and leaves every escape in it
 * undecoded (`caf%C3%A9 100% fun` stayed so; found by a probe). Escapes of bytes that are no UTF-8 (`caf%E9`) leave the
 * text as sent: a query's `search` matches it literally, and a form body is refused before (formParamThatIsNotUtf8).
 */
export function decodeUrlEncoded(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced.replace(LONE_PERCENT, '%25'));
  } catch {
    return spaced;
  }
}

/** Whether a pair's escapes decode to UTF-8 text (`caf%C3%A9`), not to stray bytes (`caf%E9`, Latin-1). */
function escapesAreUtf8(pair: string): boolean {
  try {
    decodeURIComponent(pair.replace(LONE_PERCENT, '%25'));
    return true;
  } catch {
    return false;
  }
}

/** A pair's key, for naming it in an error: decoded where it can be, up to its first bracket. */
const paramOf = (pair: string): string => decodeUrlEncoded(pair.split('=')[0]).split('[')[0];

/**
 * The parameter of a form body (CONTRACT §1.4) whose text is not UTF-8, or null when all of it is: raw bytes that are
 * no UTF-8, or percent-escapes that decode to such bytes. qs keeps an undecodable value as sent (`caf%E9%20x%C3%A9`, none
 * of its escapes decoded) and Buffer#toString turns stray bytes into U+FFFD: either would store text other than the one
 * meant, where a JSON body with the same bytes is refused (found by a probe).
 */
export function formParamThatIsNotUtf8(raw: Buffer): string | null {
  const text = raw.toString('utf8');
  const pairs = text.split('&').filter((pair) => pair !== '');
  if (!isUtf8(raw)) return paramOf(pairs.find((pair) => pair.includes('\uFFFD')) ?? pairs[0] ?? '');
  const bad = pairs.find((pair) => !escapesAreUtf8(pair));
  return bad === undefined ? null : paramOf(bad);
}
