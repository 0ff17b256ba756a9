import { DomainError } from '../domain/errors';

/**
 * The deepest nesting of arrays and objects a JSON body may have (CONTRACT §1.4; issue 14). The top-level object is level
 * 1, so `{"a":[[1]]}` has 3 levels. It is checked on the raw text, before anything parses or walks the value, so no
 * recursive code (the parser's reviver-free walk, reserved-key stripping, validation, logging) ever meets a deeper value.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * `data.json_error_code` / `data.json_error_message` of a 400 rest_invalid_json, as the plugin sends them: PHP's
 * `json_last_error()` code and `json_last_error_msg()` text. The text is a value, not a sentence of ours: it stays English
 * at the Spanish base address too (CONTRACT §4.5).
 */
const JSON_ERRORS = {
  depth: { code: 1, message: 'Maximum stack depth exceeded' },
  controlCharacter: { code: 3, message: 'Control character error, possibly incorrectly encoded' },
  syntax: { code: 4, message: 'Syntax error' },
  utf8: { code: 5, message: 'Malformed UTF-8 characters, possibly incorrectly encoded' },
  utf16: { code: 10, message: 'Single unpaired UTF-16 surrogate in unicode escape' },
} as const;

type JsonErrorKind = keyof typeof JSON_ERRORS;

/** 400 rest_invalid_json carrying the PHP-style error code and text. */
export function invalidJson(kind: JsonErrorKind): DomainError {
  const { code, message } = JSON_ERRORS[kind];
  return new DomainError('invalid', 'rest_invalid_json', {}, { json_error_code: code, json_error_message: message });
}

// A fatal decoder refuses malformed UTF-8 instead of replacing it; a BOM is kept, so it fails as a syntax error (as PHP).
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * What a single left-to-right pass over the text finds, without recursion: nesting deeper than `maxDepth` (the pass
 * stops there), a raw control character inside a string, an unpaired UTF-16 surrogate written as a `\u` escape, and
 * closing brackets without an opening one. Brackets inside strings do not count.
 */
export function scanJsonText(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
): { tooDeep: boolean; unbalanced: boolean; controlCharacter: boolean; loneSurrogate: boolean } {
  const found = { tooDeep: false, unbalanced: false, controlCharacter: false, loneSurrogate: false };
  let depth = 0;
  let inString = false;
  /** The previous `\u` escape of the current string was a high surrogate, still waiting for its low half. */
  let pendingHigh = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) {
        const next = text.charCodeAt(i + 1);
        if (next === 0x75 /* u */) {
          const unit = parseInt(text.slice(i + 2, i + 6), 16);
          const isHigh = unit >= 0xd800 && unit <= 0xdbff;
          const isLow = unit >= 0xdc00 && unit <= 0xdfff;
          if ((pendingHigh && !isLow) || (!pendingHigh && isLow)) found.loneSurrogate = true;
          pendingHigh = isHigh;
          i += 5;
        } else {
          if (pendingHigh) found.loneSurrogate = true;
          pendingHigh = false;
          i += 1; // the escaped character (`\"` does not end the string)
        }
        continue;
      }
      if (pendingHigh) found.loneSurrogate = true;
      pendingHigh = false;
      if (c === 0x22 /* " */) inString = false;
      else if (c < 0x20) found.controlCharacter = true;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) {
        found.tooDeep = true;
        return found;
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      if (--depth < 0) found.unbalanced = true;
    }
  }
  return found;
}

/**
 * A JSON request body (CONTRACT §1.4): UTF-8, at most MAX_JSON_DEPTH levels, a single object. Whitespace only means
 * "no body parameters". Anything else is 400 rest_invalid_json with the plugin's `json_error_*` data.
 */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw invalidJson('utf8');
  }
  if (text.trim() === '') return {};
  const scan = scanJsonText(text);
  if (scan.tooDeep) throw invalidJson('depth');
  if (scan.unbalanced) throw invalidJson('syntax');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidJson(scan.controlCharacter ? 'controlCharacter' : 'syntax');
  }
  if (scan.loneSurrogate) throw invalidJson('utf16');
  // Valid JSON, but not an object: PHP would decode it; we refuse it (§1.4) and call it a syntax error.
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalidJson('syntax');
  return parsed as Record<string, unknown>;
}
