const COMMA = Buffer.from(',');

/**
 * A JSON body serialized and UTF-8 encoded already: answers assembled from cached fragments of records are written as
 * they are instead of being parsed and serialized again; `sendJson` writes `bytes` unchanged. Bytes, not text: a list
 * page is joined from its records' cached bytes (Buffer.concat: ~8 µs for a 46 KB page) instead of joining their texts
 * and encoding the whole page again (~90 µs: its text is two-byte as soon as one character is not Latin-1).
 */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}

  /**
   * An object whose `key` holds the array of `items` (each the bytes of a JSON text) followed by `rest`'s members: the
   * bytes of `JSON.stringify({ [key]: items.map(JSON.parse), ...rest })`.
   */
  static withArray(key: string, items: Buffer[], rest: Record<string, unknown>): JsonBytes {
    return new JsonBytes(Buffer.concat([...arrayParts(key, items, rest)]));
  }
}

/**
 * A body too large to hold whole (JSON unless `contentType` says otherwise): its parts, written to the connection one
 * after the other as it takes them (`sendJson`), without a `Content-Length`. Leaving the iteration early (the client
 * went) runs the parts' `finally`.
 */
export class JsonStream {
  constructor(
    readonly parts: AsyncGenerator<Buffer, void, undefined>,
    readonly contentType = 'application/json; charset=UTF-8',
  ) {}
}

/**
 * Above this many bytes an array answer is streamed (`JsonStream`), below it sent whole with its length (and kept by
 * the read cache): a list page of ordinary events is a few tens of KB, one of long programmes tens of MB.
 */
export const WHOLE_BODY_MAX_BYTES = 1024 * 1024;

/**
 * `JsonBytes.withArray` of items produced one by one: whole when they add up to at most `wholeMax` bytes; otherwise a
 * `JsonStream` that sends those read so far, then takes each next item only once the previous one has left.
 */
export async function arrayBody(
  key: string,
  items: AsyncGenerator<Buffer, void, undefined>,
  rest: Record<string, unknown>,
  wholeMax = WHOLE_BODY_MAX_BYTES,
): Promise<JsonBytes | JsonStream> {
  const first: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await items.next();
    if (next.done) return JsonBytes.withArray(key, first, rest);
    first.push(next.value);
    size += next.value.length;
    if (size > wholeMax) return new JsonStream(streamedArray(key, first, items, rest));
  }
}

async function* streamedArray(key: string, first: Buffer[], more: AsyncGenerator<Buffer, void, undefined>, rest: Record<string, unknown>): AsyncGenerator<Buffer, void, undefined> {
  try {
    yield* arrayParts(key, [], null);
    for (let i = 0; i < first.length; i++) {
      if (i > 0) yield COMMA;
      yield first[i];
      first[i] = Buffer.alloc(0); // sent: not held until the end
    }
    for (let next = await more.next(); !next.done; next = await more.next()) {
      yield COMMA;
      yield next.value;
    }
    yield* arrayParts(key, null, rest);
  } finally {
    await more.return(undefined);
  }
}

/** The opening (`items` given), the items, and the closing (`rest` given) of `{key: [items], ...rest}`. */
function* arrayParts(key: string, items: Buffer[] | null, rest: Record<string, unknown> | null): Generator<Buffer> {
  if (items !== null) {
    yield Buffer.from(`{${JSON.stringify(key)}:[`);
    for (let i = 0; i < items.length; i++) {
      if (i > 0) yield COMMA;
      yield items[i];
    }
  }
  if (rest !== null) {
    const tail = JSON.stringify(rest);
    yield Buffer.from(`]${tail === '{}' ? '}' : `,${tail.slice(1)}`}`);
  }
}
