import type { Response } from 'express';
import { etagOf, etagOfText, sendBytesWithEtag, sendWithEtag } from './etag';

/** The part of an express Response the senders use. */
const fakeResponse = () => {
  const res = { headers: {} as Record<string, unknown>, statusCode: 200 };
  const api = {
    setHeader: (name: string, value: unknown) => (res.headers[name] = value),
    status: (code: number) => ((res.statusCode = code), api),
  };
  return { res, api: api as unknown as Response };
};

describe('sending with an ETag (CONTRACT §9.11)', () => {
  it('the ETag is the quoted first 40 hex digits of the SHA-256 of the JSON text', () => {
    expect(etagOfText('{"a":1}')).toBe('"015abd7f5cc57a2dd94b7590f04ad8084273905e"');
    expect(etagOf({ a: 1 })).toBe(etagOfText('{"a":1}'));
    // its UTF-8 bytes give the same tag, also beyond ASCII
    expect(etagOfText(Buffer.from('{"a":"Café ☕"}'))).toBe(etagOf({ a: 'Café ☕' }));
  });

  it('sends the body with its ETag, or a bare 304 when If-None-Match holds it', () => {
    const first = fakeResponse();
    expect(sendWithEtag(first.api, { a: 1 })).toEqual({ a: 1 });
    expect(first.res).toEqual({ headers: { ETag: etagOf({ a: 1 }) }, statusCode: 200 });
    const again = fakeResponse();
    expect(sendWithEtag(again.api, { a: 1 }, etagOf({ a: 1 }))).toBeUndefined();
    expect(again.res).toEqual({ headers: { ETag: etagOf({ a: 1 }) }, statusCode: 304 });
  });

  it('does the same for a body serialized and encoded already', () => {
    const first = fakeResponse();
    expect(sendBytesWithEtag(first.api, Buffer.from('{"a":1}'))?.bytes.toString()).toBe('{"a":1}');
    expect(first.res).toEqual({ headers: { ETag: etagOfText('{"a":1}') }, statusCode: 200 });
    const again = fakeResponse();
    expect(sendBytesWithEtag(again.api, Buffer.from('{"a":1}'), `"x", ${etagOfText('{"a":1}')}`)).toBeUndefined();
    expect(again.res).toEqual({ headers: { ETag: etagOfText('{"a":1}') }, statusCode: 304 });
  });

  it('tags a body sent again as the same buffer (a kept fragment) as before, and every other body by its own bytes', () => {
    const kept = Buffer.from('{"a":1}');
    const tagOf = (bytes: Buffer) => {
      const sent = fakeResponse();
      sendBytesWithEtag(sent.api, bytes);
      return sent.res.headers.ETag;
    };
    expect(tagOf(kept)).toBe(etagOfText('{"a":1}'));
    expect(tagOf(kept)).toBe(etagOfText('{"a":1}'));
    expect(tagOf(Buffer.from('{"a":2}'))).toBe(etagOfText('{"a":2}'));
    expect(tagOf(Buffer.from('{"a":1}'))).toBe(etagOfText('{"a":1}'));
  });
});
