import { cutKey, escapeLike, fold, foldKey, slugify } from './text';
import { emailProblem, isEmail, isHttpUrl, websiteProblem } from './web-values';

describe('URLs (CONTRACT §1.7, §10.1: absolute http or https with a host)', () => {
  it('accepts http and https URLs with a host, in any letter case of the scheme', () => {
    for (const url of ['http://example.org', 'https://example.org/a?b=1#c', 'HTTPS://Example.org']) expect(isHttpUrl(url)).toBe(true);
  });
  it('refuses other schemes, missing hosts, a URL not at the start, raw markup characters and overlong URLs', () => {
    for (const url of ['ftp://example.org', 'example.org', 'http:/example.org', 'http:///x', 'see http://example.org', 'http://e.com/"><script>', 'http://e.com/a b', 'javascript://example.org', 'http://[', 'http://:80']) {
      expect(isHttpUrl(url)).toBe(false);
    }
    expect(isHttpUrl(`http://e.com/${'a'.repeat(2048 - 'http://e.com/'.length)}`)).toBe(true);
    expect(isHttpUrl(`http://e.com/${'a'.repeat(2049 - 'http://e.com/'.length)}`)).toBe(false);
  });
  it('a sent website is trimmed, "" clears it, anything else that is no URL is an invalid format', () => {
    expect(websiteProblem(' https://example.org ', 'website')).toBeNull();
    expect(websiteProblem('  ', 'website')).toBeNull();
    expect(websiteProblem(null, 'website')).toBeNull();
    expect(websiteProblem('nope', 'website')).toEqual({ param: 'website', detail: 'rest_invalid_format', args: { param: 'website', kind: 'URL' } });
  });
});

describe('e-mail addresses (CONTRACT §10.1)', () => {
  it('accepts plain addresses with a dotted domain', () => {
    expect(isEmail('a@b.co')).toBe(true);
  });
  it('refuses display names, IP domains, no top-level domain, markup and overlong addresses', () => {
    for (const v of ['A <a@b.co>', 'a@[127.0.0.1]', 'a@127.0.0.1', 'a@localhost', 'a@b.c"><script>', `${'a'.repeat(64)}@${'b'.repeat(186)}.co`]) {
      expect(isEmail(v)).toBe(false);
    }
  });
  it('a sent address is trimmed, "" clears it, anything else invalid is an invalid format', () => {
    expect(emailProblem(' a@b.co ', 'email')).toBeNull();
    expect(emailProblem(' ', 'email')).toBeNull();
    expect(emailProblem(3, 'email')).toBeNull();
    expect(emailProblem('nope', 'email')).toEqual({ param: 'email', detail: 'rest_invalid_format', args: { param: 'email', kind: 'e-mail address' } });
  });
});

describe('text keys and slugs (CONTRACT §1.7, §9.4)', () => {
  it('folds case, accents and the letters that do not decompose', () => {
    expect(fold('Crème BRÛLÉE')).toBe('creme brulee');
    expect(fold('e\u0301\u0300x')).toBe('ex');
    expect(fold('Straße Æsir œuvre Øre Đakovo Łódź')).toBe('strasse aesir oeuvre ore dakovo lodz');
    expect(fold('STRAẞE')).toBe(fold('straße')); // the capital sharp s too (lower case would make it ß)
    expect(fold(fold('GROẞ'))).toBe(fold('GROẞ'));
  });
  it('escapes the LIKE wildcards and the escape character itself (MySQL containment)', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(escapeLike('plain')).toBe('plain');
  });
  it('cuts a key to its column, never inside a surrogate pair', () => {
    expect(cutKey('abcd', 4)).toBe('abcd');
    expect(cutKey('abcde', 4)).toBe('abcd');
    expect(cutKey('abc😀', 4)).toBe('abc');
    expect(cutKey('ab😀c', 4)).toBe('ab😀');
    expect(foldKey('ÀBCDE', 3)).toBe('abc');
  });
  it('slugs: folded, runs of other characters as one dash, no dash at either end, 200 characters at most', () => {
    expect(slugify('  Hello,  World!! ')).toBe('hello-world');
    expect(slugify('--a--b--')).toBe('a-b');
    expect(slugify('!!!')).toBe('');
    expect(slugify(`${'a'.repeat(199)} b`)).toBe('a'.repeat(199));
    expect(slugify('a'.repeat(250))).toBe('a'.repeat(200));
    expect(slugify(`${'a'.repeat(199)}--b`)).toBe('a'.repeat(199));
  });
});
