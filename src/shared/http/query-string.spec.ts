import { parseQueryString } from './transport.middleware';

/** CONTRACT §1.4: lists in query strings and form bodies. */
describe('parseQueryString', () => {
  it('keeps every item of an empty-bracket list', () => {
    expect(parseQueryString('categories[]=jazz&categories[]=blues')).toEqual({ categories: ['jazz', 'blues'] });
  });

  it('reads indexed lists and bracket objects', () => {
    expect(parseQueryString('a[0]=x&a[1]=y')).toEqual({ a: ['x', 'y'] });
    expect(parseQueryString('venue[venue]=Hall&venue[city]=Rome')).toEqual({ venue: { venue: 'Hall', city: 'Rome' } });
  });

  it('lets the last of a repeated plain key win', () => {
    expect(parseQueryString('a=1&a=2&b=x')).toEqual({ a: '2', b: 'x' });
    expect(parseQueryString('a=1&a=2&a=3')).toEqual({ a: '3' });
  });

  it('treats percent-encoded brackets like literal ones', () => {
    expect(parseQueryString('tags%5B%5D=a&tags%5B%5D=b')).toEqual({ tags: ['a', 'b'] });
  });

  it('ignores reserved names and rejects more than 5 levels of brackets', () => {
    expect(parseQueryString('__proto__[x]=1&constructor=2&ok=3')).toEqual({ ok: '3' });
    expect(() => parseQueryString('a[b][c][d][e][f]=1')).not.toThrow();
    expect(() => parseQueryString('a[b][c][d][e][f][g]=1')).toThrow();
  });
});
