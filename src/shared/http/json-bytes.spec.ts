import { arrayBody, JsonBytes, JsonStream } from './json-bytes';

describe('JsonBytes (issue 18: JSON bodies assembled from encoded fragments)', () => {
  const items = [{ id: 1, title: 'Café ☕' }, { id: 2, title: 'Noël' }, { id: 3 }];
  const encoded = items.map((item) => Buffer.from(JSON.stringify(item)));

  it('withArray gives the bytes JSON.stringify gives for the whole object', () => {
    const rest = { rest_url: 'https://x.example/?a=1&b="2"', total: 3, total_pages: 1 };
    expect(JsonBytes.withArray('events', encoded, rest).bytes.equals(Buffer.from(JSON.stringify({ events: items, ...rest })))).toBe(true);
  });

  it('with no other members and with no items', () => {
    expect(JsonBytes.withArray('events', encoded, {}).bytes.toString()).toBe(JSON.stringify({ events: items }));
    expect(JsonBytes.withArray('events', [], { total: 0 }).bytes.toString()).toBe('{"events":[],"total":0}');
    expect(JsonBytes.withArray('a"b', encoded.slice(0, 1), {}).bytes.toString()).toBe(JSON.stringify({ 'a"b': items.slice(0, 1) }));
  });
});

describe('arrayBody: whole up to a size, streamed above it', () => {
  const items = [{ id: 1, title: 'Café ☕' }, { id: 2, title: 'x'.repeat(100) }, { id: 3 }];
  const rest = { rest_url: 'https://x.example/', total: 3, total_pages: 1 };
  const expected = Buffer.from(JSON.stringify({ events: items, ...rest }));
  let finished: boolean;
  async function* produced(): AsyncGenerator<Buffer, void, undefined> {
    try {
      for (const item of items) yield Buffer.from(JSON.stringify(item));
    } finally {
      finished = true;
    }
  }
  const collect = async (body: JsonBytes | JsonStream) => {
    if (body instanceof JsonBytes) return body.bytes;
    const parts: Buffer[] = [];
    for await (const part of { [Symbol.asyncIterator]: () => body.parts }) parts.push(part);
    return Buffer.concat(parts);
  };
  beforeEach(() => (finished = false));

  it('is JsonBytes with the whole body when the items fit', async () => {
    const body = await arrayBody('events', produced(), rest, expected.length);
    expect(body).toBeInstanceOf(JsonBytes);
    expect((await collect(body)).equals(expected)).toBe(true);
    expect(finished).toBe(true);
  });

  it('is a JsonStream of the same bytes once they add up to more, taking the rest of the items only as it is read', async () => {
    const body = await arrayBody('events', produced(), rest, 20);
    expect(body).toBeInstanceOf(JsonStream);
    expect(finished).toBe(false); // the third item is not made yet
    expect((await collect(body)).equals(expected)).toBe(true);
    expect(finished).toBe(true);
  });

  it('an empty array stays whole; leaving a stream early ends its items', async () => {
    async function* none(): AsyncGenerator<Buffer, void, undefined> {}
    expect((await collect(await arrayBody('events', none(), { total: 0 }, 0))).toString()).toBe('{"events":[],"total":0}');
    const body = (await arrayBody('events', produced(), rest, 1)) as JsonStream;
    await body.parts.next();
    await body.parts.return(undefined);
    expect(finished).toBe(true);
  });
});
