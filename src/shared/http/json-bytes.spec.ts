import { JsonBytes } from './json-bytes';

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
