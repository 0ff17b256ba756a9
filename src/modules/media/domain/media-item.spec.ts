import { classifyImageInput } from './media-item';

describe('what an image value asks for (CONTRACT §9.8)', () => {
  it('not sent leaves the image, the empty values remove it', () => {
    expect(classifyImageInput(undefined)).toEqual({ kind: 'unchanged' });
    for (const v of [null, '', 0, '0', false, ' 000 ']) expect(classifyImageInput(v)).toEqual({ kind: 'remove' });
  });

  it('a positive integer or a string of up to 15 significant digits is an id', () => {
    expect(classifyImageInput(7)).toEqual({ kind: 'id', id: 7 });
    expect(classifyImageInput(' 42 ')).toEqual({ kind: 'id', id: 42 });
    expect(classifyImageInput('007')).toEqual({ kind: 'id', id: 7 });
    expect(classifyImageInput('1'.repeat(15))).toEqual({ kind: 'id', id: 111111111111111 });
    expect(classifyImageInput(`000${'1'.repeat(15)}`)).toEqual({ kind: 'id', id: 111111111111111 });
    for (const v of [-1, 1.5, 2 ** 53, '1'.repeat(16), '12a', '-3', '1 2', true, {}]) expect(classifyImageInput(v)).toEqual({ kind: 'invalid' });
  });

  it('an http(s) URL of a file with an image extension (any case) is a URL to fetch', () => {
    expect(classifyImageInput(' https://e.com/a/photo.JPG ')).toEqual({ kind: 'url', url: 'https://e.com/a/photo.JPG', extension: 'jpg' });
    for (const v of ['https://e.com/photo', 'https://e.com/photo.exe', 'https://e.com/photo.jpg/', 'ftp://e.com/a.png', 'https://e.com/a.png#<script>', 'https://e.com/x.png.']) {
      expect(classifyImageInput(v)).toEqual({ kind: 'invalid' });
    }
  });
});
