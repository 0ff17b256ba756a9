import sanitizeHtml from 'sanitize-html';
import type { ParamProblem } from './errors';
import { storedRichTextProblem, tooLongAsStored } from './input-limits';
import { LongTextMemo } from './long-text-memo';

/**
 * Cleaning of text fields on write (CONTRACT §1.7), with the maintained allowlist sanitiser `sanitize-html`.
 * Rich text keeps a fixed set of tags and attributes; plain text keeps no markup at all. No entity encoding:
 * `Rock & Roll` stays `Rock & Roll`.
 */
const RICH_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'cite', 'code', 'del', 'div', 'em', 'figure', 'figcaption',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'li', 'ol', 'p', 'pre', 'q', 's', 'span',
  'strong', 'sub', 'sup', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'u', 'ul',
];
const DROPPED_WITH_CONTENT = ['script', 'style', 'iframe', 'object', 'embed', 'template', 'textarea', 'noscript', 'title'];

const RICH: sanitizeHtml.IOptions = {
  allowedTags: RICH_TAGS,
  allowedAttributes: {
    '*': ['class'],
    a: ['href', 'title', 'target', 'rel', 'class'],
    img: ['src', 'alt', 'title', 'width', 'height', 'class'],
    th: ['colspan', 'rowspan', 'class'],
    td: ['colspan', 'rowspan', 'class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  parser: { decodeEntities: true },
  // Keep `&`, `<` in text as typed: sanitize-html would otherwise write entities.
  textFilter: (text) => text,
};

const PLAIN: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
};

/** Undo the entity encoding sanitize-html applies to text, so stored text is exactly what was meant. */
function decodeBasicEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) =>
    ({
      amp: '&',
      lt: '<',
      gt: '>',
      // Stryker disable next-line StringLiteral: equivalent with this sanitize-html, which escapes only &, < and > in text; kept for one that escapes quotes too
      quot: '"', '#39': "'", '#x27': "'",
    })[e] ?? _,
  );
}

/**
 * Control characters other than the white space ones (tab, line feed, vertical tab, form feed, carriage return, NEL):
 * removed from every cleaned text. They mean nothing in a calendar, a NUL-only title would count as a title, and
 * iCalendar text may not hold them (RFC 5545 §3.3.11): a black-box probe stored `\u0000` and `\u001b[31m` as sent.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's whole job
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g;
const withoutControls = (text: string): string => text.replace(CONTROL_CHARACTERS, '');

/**
 * Rich text at least this long is worked on off the event loop (`OffLoopTextCleaning`): cleaned before its write
 * begins, made plain (iCalendar, json_ld) before a read presents it. Markup-dense text costs the sanitiser 0.4–0.7 µs a
 * character, so 16,384 characters hold the loop ~10 ms at most.
 */
export const OFF_LOOP_MIN_CHARS = 16_384;

/** Long rich texts as sent, cleaned already (by a worker thread, with `cleanRichTextNow`). */
const precleaned = new LongTextMemo<string>(OFF_LOOP_MIN_CHARS, 8_000_000, (cleaned) => cleaned.length);

/** What a read shows of a stored rich text: `richTextToPlain` of it, and `stripMarkup` of it. */
export interface PlainForms {
  plain: string;
  stripped: string;
}

/** The plain forms of long stored rich texts, worked out already (by a worker thread, or once here). */
const plainForms = new LongTextMemo<PlainForms>(OFF_LOOP_MIN_CHARS, 8_000_000, (forms) => forms.plain.length + forms.stripped.length);

/**
 * Long rich texts as sent whose cleaning ran the worker thread out of its heap (hundreds of thousands of nested tags):
 * refused as too long (`cleanRichTextParam`) instead of being cleaned on the event loop, which held it for seconds and
 * could take the process' own heap (a probe, 2026-11-27). Those seen were too long as stored anyway (`<b>` × 150,000:
 * 1,050,000 characters once every tag is closed).
 */
const tooCostly = new LongTextMemo<true>(OFF_LOOP_MIN_CHARS, 8_000_000, () => 0);

export const rememberCleanedRichText = (input: string, cleaned: string): void => precleaned.set(input, cleaned);
export const rememberTooCostlyRichText = (input: string): void => tooCostly.set(input, true);
export const rememberPlainForms = (html: string, forms: PlainForms): void => plainForms.set(html, forms);

/** Whether `cleanRichText(input)` would be answered without running the sanitiser (a long text cleaned already). */
export const isRichTextCleaned = (input: string): boolean => precleaned.has(input);
/** The plain forms of a long text worked out already, if they are still kept. */
export const knownPlainForms = (html: string): PlainForms | undefined => plainForms.get(html);

let longWorkedOnLoop = 0;

/**
 * How many long rich texts this process cleaned or made plain on its own thread (none, when the worker thread had
 * worked on each first).
 */
export const longRichTextsWorkedOnLoop = (): number => longWorkedOnLoop;

export function cleanRichText(input: string): string {
  if (input.length < OFF_LOOP_MIN_CHARS) return cleanRichTextNow(input);
  const known = precleaned.get(input);
  if (known !== undefined) return known;
  longWorkedOnLoop++;
  return cleanRichTextNow(input);
}

/**
 * A write's rich-text parameter as it will be stored, with its problem added to `problems` when it is too long as
 * stored (`storedRichTextProblem`): the one rule every write of a description or an excerpt follows.
 */
export function cleanRichTextParam(param: string, raw: string, problems: ParamProblem[]): string {
  if (tooCostly.has(raw)) {
    problems.push(tooLongAsStored(param));
    return '';
  }
  const stored = cleanRichText(raw);
  const tooLong = storedRichTextProblem(param, stored);
  if (tooLong) problems.push(tooLong);
  return stored;
}

/** `cleanRichText` on this thread, whatever the text's length (what the worker thread runs). */
export function cleanRichTextNow(input: string): string {
  const cleaned = sanitizeHtml(withoutControls(input), RICH);
  // Inside markup, text must stay well-formed HTML: only `&amp;` is decoded back where it stood for a bare `&`.
  return cleaned.replace(/&amp;/g, '&').trim();
}

/**
 * Plain text on write (§1.7): tags removed, entities decoded, whitespace collapsed — repeated until nothing changes, so
 * that decoding cannot bring a tag back (`&lt;script&gt;x&lt;/script&gt;` was stored as `<script>x</script>`: a
 * black-box probe, 2026-11-27) and a value sent back as it was returned is kept as it is. Each further pass either
 * removes a tag or decodes one level of entities, so it ends within a few passes; the bound is a safeguard.
 */
export function cleanPlainText(input: string): string {
  let text = plainTextOnce(withoutControls(input));
  for (let pass = 0; pass < 8; pass++) {
    const again = plainTextOnce(text);
    if (again === text) break;
    text = again;
  }
  return text;
}

function plainTextOnce(input: string): string {
  const stripped = decodeBasicEntities(sanitizeHtml(input, PLAIN));
  // Line breaks are every Unicode line terminator (VT, FF, NEL, U+2028, U+2029 too: a black-box probe, 2026-11-27).
  return stripped.replace(/[\r\n\t\v\f\u0085\u2028\u2029 ]+/g, ' ').trim();
}

/**
 * Short texts already stripped (long ones are kept in `plainForms`): every single read of an event strips its
 * description and those of its venues and organizers for `json_ld`, and running the sanitiser on each read was a
 * twentieth of a read's CPU. Bounded by the characters it holds; emptied when full.
 */
const stripped = new Map<string, string>();
const MAX_STRIPPED_CHARS = 4_000_000;
let strippedChars = 0;

/**
 * Markup removed and whitespace collapsed (json_ld descriptions, CONTRACT §6.10). The ends of paragraphs, lines, list
 * items and table cells become spaces before the tags go: removing `<p>Line one</p><p>Line two</p>` alone gave
 * `Line oneLine two`, while the iCalendar DESCRIPTION of the same event kept the words apart (a differential probe).
 */
export function stripMarkup(input: string): string {
  if (input.length >= OFF_LOOP_MIN_CHARS) return longPlainForms(input).stripped;
  return stripped.get(input) ?? rememberStripped(input, collapsed(richTextToPlainNow(input)));
}

// One pass: this is output, not stored text, and entities written in a description (`&lt;b&gt;` in a code sample) are text.
const collapsed = (plain: string): string => plain.replace(/[\s\u0085]+/g, ' ').trim();

function rememberStripped(input: string, text: string): string {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator,BlockStatement: equivalent, the memo's bound only decides when it is emptied, never what a call returns
  if (strippedChars + input.length > MAX_STRIPPED_CHARS) {
    stripped.clear();
    strippedChars = 0;
  }
  stripped.set(input, text);
  // Stryker disable next-line AssignmentOperator: equivalent, the count only decides when the memo is emptied
  strippedChars += input.length;
  return text;
}

/** Both plain forms of a stored rich text, on this thread (what the worker thread runs). */
export function plainFormsNow(html: string): PlainForms {
  const plain = richTextToPlainNow(html);
  return { plain, stripped: collapsed(plain) };
}

/** The plain forms of a long text: worked out already, or now (counted: it held the loop). */
function longPlainForms(html: string): PlainForms {
  const known = plainForms.get(html);
  if (known !== undefined) return known;
  longWorkedOnLoop++;
  const forms = plainFormsNow(html);
  plainForms.set(html, forms);
  return forms;
}

/** Ends of blocks that start a new paragraph, and of those that start a new line, in stored (cleaned) rich text. */
const PARAGRAPH_ENDS = /<\/(?:p|div|h[1-6]|blockquote|pre|table|ul|ol|figure)>|<hr\s*\/?>/gi;
const LINE_ENDS = /<\/(?:li|tr|figcaption)>|<br\s*\/?>/gi;
/** Ends of table cells: the next cell's text is another word (`<td>a</td><td>b</td>` is `a b`, not `ab`). */
const CELL_ENDS = /<\/(?:td|th)>/gi;

/**
 * Stored rich text as plain text with its paragraphs and lines (iCalendar DESCRIPTION, issue 16): markup removed
 * (`script`/`style` with their content, as on write), entities decoded, a blank line between paragraphs, a line break
 * for `<br>`, list items and table rows, runs of spaces collapsed.
 */
export function richTextToPlain(html: string): string {
  return html.length >= OFF_LOOP_MIN_CHARS ? longPlainForms(html).plain : richTextToPlainNow(html);
}

/** `richTextToPlain` on this thread, whatever the text's length. */
function richTextToPlainNow(html: string): string {
  const marked = html
    .replace(PARAGRAPH_ENDS, (tag) => `${tag}\n\n`)
    .replace(LINE_ENDS, (tag) => `${tag}\n`)
    .replace(CELL_ENDS, (tag) => `${tag} `);
  const text = decodeBasicEntities(sanitizeHtml(marked, PLAIN));
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
