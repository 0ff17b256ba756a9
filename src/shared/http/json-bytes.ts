const COMMA = Buffer.from(',');

/**
 * A JSON body serialized and UTF-8 encoded already (issue 18): answers assembled from cached fragments of records are
 * written as they are instead of being parsed and serialized again; `sendJson` writes `bytes` unchanged. Bytes, not
 * text: a list page is joined from its records' cached bytes (Buffer.concat: ~8 µs for a 46 KB page) instead of joining
 * their texts and encoding the whole page again (~90 µs: its text is two-byte as soon as one character is not Latin-1).
 */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}

  /**
   * An object whose `key` holds the array of `items` (each the bytes of a JSON text) followed by `rest`'s members: the
   * bytes of `JSON.stringify({ [key]: items.map(JSON.parse), ...rest })`.
   */
  static withArray(key: string, items: Buffer[], rest: Record<string, unknown>): JsonBytes {
    const tail = JSON.stringify(rest);
    const parts: Buffer[] = [Buffer.from(`{${JSON.stringify(key)}:[`)];
    items.forEach((item, i) => parts.push(...(i > 0 ? [COMMA, item] : [item])));
    parts.push(Buffer.from(`]${tail === '{}' ? '}' : `,${tail.slice(1)}`}`));
    return new JsonBytes(Buffer.concat(parts));
  }
}
