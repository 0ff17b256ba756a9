import { parseSearch } from '../../src/modules/events/domain/event-query';
import { decodeEntities } from '../../src/modules/imports/domain/html-entities';
import { cleanTermDescription, cleanTermName, isIdReference, termIdOf, throwProblems } from '../../src/modules/terms/domain/term-rules';
import { strongestRole } from '../../src/shared/domain/caller';
import { InvalidParamsError } from '../../src/shared/domain/errors';
import { asShown } from '../../src/shared/domain/publication';

describe('HTML entities of imported plain text (issue 15, CONTRACT §1.7)', () => {
  it('decodes decimal and hexadecimal references of Unicode scalar values, any case of x', () => {
    expect(decodeEntities('Rock &#038; Roll, Ben&#8217;s, &#x1F600; &#X41; &#1114111;')).toBe('Rock & Roll, Ben’s, 😀 A \u{10ffff}');
  });
  it('keeps references that name no character: 0, surrogates, beyond U+10FFFF', () => {
    expect(decodeEntities('&#0; &#xD800; &#xDFFF; &#55295; &#57344; &#x110000;')).toBe('&#0; &#xD800; &#xDFFF; \ud7ff \ue000 &#x110000;');
  });
  it('decodes the named references WordPress writes, in any case, and keeps unknown ones', () => {
    expect(decodeEntities('&AMP; &hellip; &Prime; &prime; &bogus; & x')).toBe('& … ″ ′ &bogus; & x');
    expect(decodeEntities('no entities')).toBe('no entities');
  });
});

describe('term write rules (CONTRACT §11.1)', () => {
  it('a name is plain text that must not be empty after cleaning', () => {
    expect(cleanTermName(' <b>Jazz</b> ')).toBe('Jazz');
    expect(() => cleanTermName('<script>x</script>')).toThrow(InvalidParamsError);
    try {
      cleanTermName(' ');
    } catch (e) {
      expect((e as InvalidParamsError).problems).toEqual([{ param: 'name', detail: 'rest_empty_value', args: undefined }]);
    }
  });
  it('a description is rich text; null empties it', () => {
    expect(cleanTermDescription(null)).toBe('');
    expect(cleanTermDescription('<p>x</p>')).toBe('<p>x</p>');
  });
  it('a description too long as stored is refused: each bare `<` is stored as `&lt;` (emoji count once, as sent)', () => {
    expect(cleanTermDescription('<'.repeat(250_000))).toHaveLength(1_000_000);
    expect(cleanTermDescription('😀'.repeat(1_000_000))).toHaveLength(2_000_000);
    let refused: unknown;
    try {
      cleanTermDescription('<'.repeat(250_001));
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(InvalidParamsError);
    expect((refused as InvalidParamsError).problems).toEqual([{ param: 'description', detail: 'rest_too_long', args: { max: 1_000_000 } }]);
  });
  it('list items of digits are ids however long (past 15 digits one that names nothing), anything else a slug or a name', () => {
    expect(isIdReference('12')).toBe(true);
    expect(isIdReference('1'.repeat(15))).toBe(true);
    expect(isIdReference('1'.repeat(16))).toBe(true);
    expect([termIdOf('0163'), termIdOf('1'.repeat(15)), termIdOf('1'.repeat(16)), termIdOf('0')]).toEqual([163, 111111111111111, 0, 0]);
    for (const v of ['a12', '12a', 'jazz', '', ' 12']) expect(isIdReference(v)).toBe(false);
  });
  it('problems are thrown together, none is nothing', () => {
    expect(() => throwProblems([])).not.toThrow();
    expect(() => throwProblems([{ param: 'p', detail: 'rest_empty_value' }])).toThrow(InvalidParamsError);
  });
});

describe('roles from token claims (CONTRACT §3.1)', () => {
  it('the strongest recognised role in any case, subscriber when none is', () => {
    expect(strongestRole(['Editor', 'author'])).toBe('editor');
    expect(strongestRole(['author', 'contributor'])).toBe('author');
    expect(strongestRole(['contributor', 'author'])).toBe('author');
    expect(strongestRole(['anonymous', 'root'])).toBe('subscriber');
    expect(strongestRole([])).toBe('subscriber');
  });
});

describe('shown status (CONTRACT §3.5)', () => {
  it('a due future record reads as published (a copy); anything else is the record itself', () => {
    const future = { status: 'future' as const, dateUtc: '2026-11-25 10:00:00' };
    expect(asShown(future, '2026-11-25 10:00:00')).toEqual({ status: 'publish', dateUtc: '2026-11-25 10:00:00' });
    expect(future.status).toBe('future');
    expect(asShown(future, '2026-11-25 09:59:59')).toBe(future);
    const draft = { status: 'draft' as const, dateUtc: '2000-01-01 00:00:00' };
    expect(asShown(draft, '2026-11-25 10:00:00')).toBe(draft);
  });
});

describe('search words (CONTRACT §8.4)', () => {
  const same = (s: string) => s.toLowerCase();
  it('splits words, keeps quoted parts whole, -word and -"…" exclude, a lone - is a word', () => {
    expect(parseSearch('Jazz "big band" -rock -"free form" - x"y', same)).toEqual({ words: ['jazz', 'big band', '-', 'xy'], excluded: ['rock', 'free form'] });
  });
  it('drops words that fold to nothing', () => {
    expect(parseSearch('"" -"" " "', same)).toEqual({ words: [], excluded: [] });
    expect(parseSearch('a', () => '')).toEqual({ words: [], excluded: [] });
  });
});
