import { classifyImageInput } from '../../modules/media/domain/media-item';
import { exceedsLength } from './input-limits';
import { cleanPlainText, richTextToPlain, stripMarkup } from './text-cleaning';
import { cutKey, slugify } from './text';
import { isHttpUrl } from './web-values';

describe('small rules at their edges (issue 19)', () => {
  it('image ids: a digit string with zeros inside is an id; more than 15 digits (leading zeros aside) is invalid', () => {
    expect(classifyImageInput('10')).toEqual({ kind: 'id', id: 10 });
    expect(classifyImageInput(' 100 ')).toEqual({ kind: 'id', id: 100 });
    expect(classifyImageInput('0001')).toEqual({ kind: 'id', id: 1 });
    expect(classifyImageInput('000')).toEqual({ kind: 'remove' });
    expect(classifyImageInput('0')).toEqual({ kind: 'remove' });
    expect(classifyImageInput('1000000000000000')).toEqual({ kind: 'invalid' });
    expect(classifyImageInput('0100000000000000')).toEqual({ kind: 'id', id: 100000000000000 });
    expect(classifyImageInput(1)).toEqual({ kind: 'id', id: 1 });
    expect(classifyImageInput(-1)).toEqual({ kind: 'invalid' });
    expect(classifyImageInput(0.5)).toEqual({ kind: 'invalid' });
  });

  it('plain text: quotes and apostrophes come back as typed; any run of spaces, tabs and line breaks is one space', () => {
    expect(cleanPlainText(`Say "hi" it's`)).toBe(`Say "hi" it's`);
    expect(cleanPlainText('a &quot;b&quot; &#39;c&#39; &#x27;d&#x27;')).toBe(`a "b" 'c' 'd'`);
    expect(cleanPlainText('a\r\n\tb  \n c   d')).toBe('a b c d');
    expect(stripMarkup('<p>a</p>\u00a0 <p>b</p>')).toBe('a b');
    expect(stripMarkup('<p>a</p>\u00a0 <p>b</p>')).toBe('a b');
  });

  it('comparison keys: a key that fits is kept whole; slugs never start or end with a hyphen', () => {
    expect(cutKey('ab\uD800', 3)).toBe('ab\uD800');
    expect(cutKey('ab\uD83D\uDE00', 3)).toBe('ab');
    expect(slugify('--Hello--World--')).toBe('hello-world');
    expect(slugify(`${'a'.repeat(199)} b`)).toBe('a'.repeat(199));
  });

  it('URLs: the scheme must open the value', () => {
    for (const url of ['xhttp://a.example', 'ftp://a.example', 'mailto:http://a.example', 'http:a.example']) expect({ url, ok: isHttpUrl(url) }).toEqual({ url, ok: false });
    expect(isHttpUrl('HTTPS://a.example/x')).toBe(true);
    expect(isHttpUrl('http://[::1]:8080/')).toBe(true);
    expect(isHttpUrl('http://a b')).toBe(false);
  });

  it('length in code points: a lone second half of a surrogate pair counts as one character', () => {
    expect(exceedsLength('\uDE00ab', 2)).toBe(true);
    expect(exceedsLength('\uD83D\uDE00ab', 3)).toBe(false);
  });
});

describe('rich text as plain text (issue 19)', () => {
  it('collapses spaces, tabs, form feeds, vertical tabs and no-break spaces, and nothing else', () => {
    expect(richTextToPlain('<p>a \t\f\u000b\u00a0b</p>')).toBe('a b');
    expect(richTextToPlain('<p>VAT</p>')).toBe('VAT');
  });
});
