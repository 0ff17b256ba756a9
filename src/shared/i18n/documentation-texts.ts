import { DOCUMENTATION_ES } from './documentation-texts.es';

/**
 * Spanish for every human-readable documentation text (CONTRACT §12.4): parameter and field descriptions, operation
 * summaries, response and schema descriptions, the /doc `info` description, the API root and the explorer page title. The
 * English text is the key, so a text declared anywhere in the code (a `@Param` description, a wire schema) needs no
 * separate id; a test fails when an English text has no Spanish counterpart. Error messages live in error-messages.ts.
 */
export function toSpanish(english: string): string {
  return DOCUMENTATION_ES[english] ?? english;
}

export function hasSpanish(english: string): boolean {
  return Object.prototype.hasOwnProperty.call(DOCUMENTATION_ES, english);
}

/** Keys whose string values are prose (everything else — names, enums, defaults, examples — stays as it is). */
const PROSE_KEYS = new Set(['description', 'summary', 'title']);

/** Every prose text of an OpenAPI document, for translation and for the completeness test. */
export function proseTexts(doc: unknown, found: Set<string> = new Set()): Set<string> {
  visit(doc, (text) => {
    found.add(text);
    return text;
  });
  return found;
}

/** A copy of an OpenAPI document with every prose text in Spanish. */
export function translateDocument<T>(doc: T): T {
  return visit(structuredClone(doc), toSpanish);
}

/** Is `key` of an object found under `parentKey` a prose text? */
function isProse(key: string, parentKey: string): boolean {
  // `properties` maps field names to schemas: a field called `description` is a schema, not prose.
  return PROSE_KEYS.has(key) && parentKey !== 'properties';
}

/** Example values are data, identical in both languages (§12.4), even where an example has a `title` or `description`. */
const isExample = (key: string, parentKey: string) => (key === 'example' || key === 'examples') && parentKey !== 'properties';

function visit<T>(node: T, map: (text: string) => string, parentKey = ''): T {
  if (Array.isArray(node)) {
    node.forEach((item, i) => (node[i] = visit(item, map, parentKey)));
  } else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (isExample(key, parentKey)) continue;
      if (typeof value === 'string' && isProse(key, parentKey)) record[key] = map(value);
      else if (value && typeof value === 'object') record[key] = visit(value, map, key);
    }
  }
  return node;
}
