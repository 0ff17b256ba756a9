/**
 * A JSON body serialized already (issue 18): answers assembled from cached fragments of records are written as they
 * are instead of being parsed and serialized again. `sendJson` writes `text` unchanged.
 */
export class JsonText {
  constructor(readonly text: string) {}

  /**
   * An object whose `key` holds the array of `items` (each a JSON text) followed by `rest`'s members: the same bytes
   * `JSON.stringify({ [key]: items.map(JSON.parse), ...rest })` gives.
   */
  static withArray(key: string, items: string[], rest: Record<string, unknown>): JsonText {
    const tail = JSON.stringify(rest);
    return new JsonText(`{${JSON.stringify(key)}:[${items.join(',')}]${tail === '{}' ? '}' : `,${tail.slice(1)}`}`);
  }
}
