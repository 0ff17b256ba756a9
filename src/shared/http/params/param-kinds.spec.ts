import { MAX_LENGTH } from '../../domain/input-limits';
import { checkParam, coerceParam, DEFAULT_MAX_ITEMS, MAX_INTEGER, maxItemsOf, maxLengthOf, ParamSpec, readList } from './param-rules';

const d = { description: 'x' };
const detailOf = (spec: ParamSpec, value: unknown) => checkParam(spec, 'p', value)?.detail ?? null;

describe('integer parameters (CONTRACT §1.4, §4.3)', () => {
  const spec: ParamSpec = { ...d, kind: 'integer', min: 1, max: 100 };
  it('accepts JSON integers and strings of digits within the range, as numbers', () => {
    expect(detailOf(spec, 1)).toBeNull();
    expect(detailOf(spec, 100)).toBeNull();
    expect(detailOf(spec, '42')).toBeNull();
    expect(coerceParam(spec, '42')).toBe(42);
    expect(coerceParam(spec, 7)).toBe(7);
  });
  it('refuses fractions, signs other than "-", words and other types as of the wrong type', () => {
    for (const v of [1.5, '1.5', '+1', ' 1', '1a', '', true, [1], {}, '-0', '-00']) expect(detailOf(spec, v)).toBe('rest_invalid_type');
    expect(checkParam(spec, 'p', 'x')).toEqual({ param: 'p', detail: 'rest_invalid_type', args: { type: 'integer' } });
  });
  it('an integer outside the range, negative or beyond 2^53−1 is out of bounds', () => {
    expect(checkParam(spec, 'p', 0)).toEqual({ param: 'p', detail: 'rest_out_of_bounds', args: { min: 1, max: 100 } });
    expect(detailOf(spec, 101)).toBe('rest_out_of_bounds');
    expect(detailOf(spec, '-1')).toBe('rest_out_of_bounds');
    expect(detailOf(spec, '-01')).toBe('rest_out_of_bounds'); // a negative number with a leading zero, not "-0"
    const open: ParamSpec = { ...d, kind: 'integer' };
    expect(detailOf(open, MAX_INTEGER)).toBeNull();
    expect(detailOf(open, -MAX_INTEGER)).toBeNull();
    expect(detailOf(open, String(MAX_INTEGER))).toBeNull();
    expect(checkParam(open, 'p', 2 ** 53)).toEqual({ param: 'p', detail: 'rest_out_of_bounds', args: { min: -MAX_INTEGER, max: MAX_INTEGER } });
    expect(detailOf(open, '9007199254740993')).toBe('rest_out_of_bounds');
    expect(detailOf(open, '-9007199254740993')).toBe('rest_out_of_bounds');
  });
});

describe('number parameters', () => {
  const spec: ParamSpec = { ...d, kind: 'number', min: -90, max: 90 };
  it('accepts finite numbers and numeric strings within the range', () => {
    for (const v of [0, -90, 90, '12.5', ' -3 ', '+4', '.5', '5.']) expect(detailOf(spec, v)).toBeNull();
    expect(coerceParam(spec, ' 12.5 ')).toBe(12.5);
    expect(coerceParam(spec, 3)).toBe(3);
  });
  it('refuses the rest, and says which bound is open', () => {
    for (const v of [Infinity, NaN, 'abc', '1e3', '1.2.3', '', true]) expect(detailOf(spec, v)).toBe('rest_invalid_type');
    expect(checkParam(spec, 'p', 'x')?.args).toEqual({ type: 'number' });
    expect(checkParam(spec, 'p', 90.5)).toEqual({ param: 'p', detail: 'rest_out_of_bounds', args: { min: -90, max: 90 } });
    expect(detailOf(spec, -90.5)).toBe('rest_out_of_bounds');
    expect(checkParam({ ...d, kind: 'number', min: 0 }, 'p', -1)?.args).toEqual({ min: 0, max: '∞' });
    expect(checkParam({ ...d, kind: 'number', max: 0 }, 'p', 1)?.args).toEqual({ min: '-∞', max: 0 });
    expect(detailOf({ ...d, kind: 'number' }, 1e300)).toBeNull();
  });
  it('with exclusiveMin refuses the minimum itself and accepts what is above it', () => {
    const radius: ParamSpec = { ...d, kind: 'number', min: 0, max: 20000, exclusiveMin: true };
    expect(checkParam(radius, 'p', 0)).toEqual({ param: 'p', detail: 'rest_out_of_bounds', args: { min: 0, max: 20000 } });
    expect(detailOf(radius, '0')).toBe('rest_out_of_bounds');
    expect(detailOf(radius, 0.001)).toBeNull();
    expect(detailOf({ ...radius, exclusiveMin: false }, 0)).toBeNull();
  });
});

describe('boolean parameters', () => {
  const spec: ParamSpec = { ...d, kind: 'boolean' };
  it('reads true/1 and false/0 in any letter case, JSON booleans and the numbers 1 and 0', () => {
    const cases: Array<[unknown, boolean]> = [[true, true], [false, false], [1, true], [0, false], ['TRUE', true], ['1', true], ['False', false], ['0', false]];
    for (const [v, b] of cases) {
      expect(detailOf(spec, v)).toBeNull();
      expect(coerceParam(spec, v)).toBe(b);
    }
  });
  it('refuses anything else, unless lenient (then false) or one of its own words', () => {
    for (const v of [2, 'yes', '', [true], {}]) expect(detailOf(spec, v)).toBe('rest_invalid_type');
    expect(checkParam(spec, 'p', 'yes')?.args).toEqual({ type: 'boolean' });
    expect(coerceParam({ ...spec, lenient: true }, 'yes')).toBe(false);
    expect(detailOf({ ...spec, lenient: true }, 'yes')).toBeNull();
    const worded: ParamSpec = { ...spec, trueWords: ['on'], falseWords: ['off'] };
    expect(coerceParam(worded, 'ON')).toBe(true);
    // §1.4 names the spellings: surrounding whitespace is not one of them (a black-box probe, 2026-11-27).
    for (const spaced of [' ON', '1 ', ' true', '0\r\n']) expect(detailOf(worded, spaced)).toBe('rest_invalid_type');
    expect(coerceParam(worded, 'off')).toBe(false);
    expect(detailOf(worded, 'maybe')).toBe('rest_invalid_type');
  });
});

describe('string and date parameters', () => {
  it('a string is text; numbers only where accepted (and for dates), as text', () => {
    const spec: ParamSpec = { ...d, kind: 'string' };
    expect(detailOf(spec, 'abc')).toBeNull();
    expect(checkParam(spec, 'p', 5)).toEqual({ param: 'p', detail: 'rest_invalid_type', args: { type: 'string' } });
    expect(detailOf({ ...spec, acceptNumbers: true }, 5)).toBeNull();
    expect(coerceParam({ ...spec, acceptNumbers: true }, 5)).toBe('5');
    expect(coerceParam(spec, 'abc')).toBe('abc');
    expect(detailOf({ ...d, kind: 'date' }, 20261125)).toBeNull();
    expect(coerceParam({ ...d, kind: 'date' }, 20261125)).toBe(20261125); // a timestamp: only a number may carry a sign or fraction
  });
  it('blank text: empty value where it may not be empty, an invalid date for dates', () => {
    expect(detailOf({ ...d, kind: 'string' }, '  ')).toBeNull();
    expect(detailOf({ ...d, kind: 'string', nonEmpty: true }, '  ')).toBe('rest_empty_value');
    expect(detailOf({ ...d, kind: 'date' }, ' ')).toBe('rest_invalid_date');
  });
  it('too long text is refused before anything reads it, with the limit', () => {
    const spec: ParamSpec = { ...d, kind: 'string', maxLength: 3 };
    expect(detailOf(spec, 'abc')).toBeNull();
    expect(checkParam(spec, 'p', 'abcd')).toEqual({ param: 'p', detail: 'rest_too_long', args: { max: 3 } });
    expect(detailOf({ ...spec, nonEmpty: true }, '    ')).toBe('rest_too_long');
    const own = { param: 'p', detail: 'rest_invalid_format' as const };
    expect(checkParam({ ...spec, tooLong: () => own }, 'p', 'abcd')).toBe(own);
  });
  it('the default limits: dates 100 characters, other text and list items 1000', () => {
    expect(maxLengthOf({ ...d, kind: 'date' })).toBe(MAX_LENGTH.date);
    expect(maxLengthOf({ ...d, kind: 'string' })).toBe(1000);
    expect(maxLengthOf({ ...d, kind: 'list' })).toBe(1000);
    expect(maxLengthOf({ ...d, kind: 'integer' })).toBeUndefined();
    expect(maxLengthOf({ ...d, kind: 'date', maxLength: 5 })).toBe(5);
    expect(detailOf({ ...d, kind: 'date' }, 'x'.repeat(101))).toBe('rest_too_long');
    expect(detailOf({ ...d, kind: 'string' }, 'x'.repeat(1001))).toBe('rest_too_long');
    expect(detailOf({ ...d, kind: 'string' }, 'x'.repeat(1000))).toBeNull();
  });
});

describe('enum parameters', () => {
  const spec: ParamSpec = { ...d, kind: 'enum', values: ['asc', 'desc'] };
  it('accepts a listed value, in any case only where declared', () => {
    expect(detailOf(spec, 'asc')).toBeNull();
    expect(checkParam(spec, 'p', 'ASC')).toEqual({ param: 'p', detail: 'rest_not_in_enum', args: { values: 'asc, desc' } });
    expect(detailOf({ ...spec, caseInsensitive: true }, 'ASC')).toBeNull();
    expect(coerceParam({ ...spec, caseInsensitive: true }, 'DeSc')).toBe('desc');
    expect(coerceParam(spec, 'desc')).toBe('desc');
    expect(checkParam(spec, 'p', 1)).toEqual({ param: 'p', detail: 'rest_invalid_type', args: { type: 'string' } });
    expect(checkParam({ ...d, kind: 'enum' }, 'p', 'x')?.args).toEqual({ values: '' });
  });
});

describe('list parameters', () => {
  it('reads comma strings, arrays, numbers and bracket objects as trimmed non-empty strings', () => {
    expect(readList(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
    expect(readList(['a,b', 3, ' c ', ' '])).toEqual(['a,b', '3', 'c']); // an array's item is one item, commas and all
    expect(readList({ 0: 'Rock, Pop' })).toEqual(['Rock, Pop']);
    expect(readList(5)).toEqual(['5']);
    expect(readList({ 0: 'x', 1: 'y' })).toEqual(['x', 'y']);
    expect(readList(true)).toBeUndefined();
    expect(readList(null)).toBeUndefined();
    expect(readList(['a', { b: 1 }])).toBeUndefined();
    expect(readList([null])).toBeUndefined();
  });
  it('refuses other types, too many items and too long items', () => {
    const spec: ParamSpec = { ...d, kind: 'list', maxItems: 2, maxLength: 3 };
    expect(checkParam(spec, 'p', true)).toEqual({ param: 'p', detail: 'rest_invalid_type', args: { type: 'array' } });
    expect(detailOf(spec, 'a,b')).toBeNull();
    expect(checkParam(spec, 'p', 'a,b,c')).toEqual({ param: 'p', detail: 'rest_too_many_items', args: { max: 2 } });
    expect(checkParam(spec, 'p', ['abcd'])).toEqual({ param: 'p', detail: 'rest_too_long', args: { max: 3 } });
    expect(checkParam(spec, 'p', 'a'.repeat(7))).toEqual({ param: 'p', detail: 'rest_too_long', args: { max: 3 } });
    expect(detailOf(spec, 'abc,ab')).toBeNull();
    expect(maxItemsOf({ ...d, kind: 'list' })).toBe(DEFAULT_MAX_ITEMS);
    expect(maxItemsOf({ ...d, kind: 'string', maxItems: 4 })).toBe(4);
    expect(maxItemsOf({ ...d, kind: 'string' })).toBeUndefined();
  });
  it('lists of ids hold positive integers, coerced to numbers; past 15 digits they name nothing (§1.3), past 2^53−1 out of bounds', () => {
    const ids: ParamSpec = { ...d, kind: 'list', items: 'integer' };
    expect(detailOf(ids, '1,22')).toBeNull();
    expect(coerceParam(ids, '1, 22')).toEqual([1, 22]);
    expect(coerceParam({ ...d, kind: 'list' }, '1, 22')).toEqual(['1', '22']);
    for (const v of ['0', '-1', 'a', '1.5', '00', [1.5], [-2]]) {
      expect(checkParam(ids, 'p', v)).toEqual({ param: 'p', detail: 'rest_invalid_type', args: { type: 'array of positive integers' } });
    }
    expect(detailOf(ids, '1'.repeat(15))).toBeNull();
    expect(coerceParam(ids, '1'.repeat(16))).toEqual([1111111111111111]);
    expect(coerceParam(ids, ['9007199254740991', 7])).toEqual([Number.MAX_SAFE_INTEGER, 7]);
    expect(checkParam(ids, 'p', '9007199254740992')).toEqual({ param: 'p', detail: 'rest_out_of_bounds', args: { min: 1, max: Number.MAX_SAFE_INTEGER } });
    expect(checkParam(ids, 'p', ['1', '9007199254740992'])).toEqual({ param: 'p', detail: 'rest_out_of_bounds', args: { min: 1, max: Number.MAX_SAFE_INTEGER } });
    expect(detailOf(ids, '9007199254740991')).toBeNull();
  });

  it('a JSON number in a list is an item only as a whole number of at least 0 (an id): 7.25 is no id and no name', () => {
    const names: ParamSpec = { ...d, kind: 'list', items: 'string' };
    expect(coerceParam(names, [7, 'jazz'])).toEqual(['7', 'jazz']);
    expect(checkParam(names, 'p', [0])).toBeNull(); // digits: an id (that names nothing), reported by the service
    expect(checkParam(names, 'p', 0)).toBeNull();
    for (const v of [[7.25], [-3], [1e300], ['jazz', 0.5], { 0: 1.5 }, 2.5]) expect(checkParam(names, 'p', v)).toEqual({ param: 'p', detail: 'rest_invalid_type', args: { type: 'array' } });
  });
});

describe('object and untyped parameters, own checks, status', () => {
  it('an object is a JSON object, not an array', () => {
    const spec: ParamSpec = { ...d, kind: 'object' };
    expect(detailOf(spec, {})).toBeNull();
    expect(checkParam(spec, 'p', [])).toEqual({ param: 'p', detail: 'rest_invalid_type', args: { type: 'object' } });
    expect(detailOf(spec, 'x')).toBe('rest_invalid_type');
  });
  it('untyped text is held to its declared limit only', () => {
    expect(detailOf({ ...d, kind: 'any' }, 'x'.repeat(5000))).toBeNull();
    expect(checkParam({ ...d, kind: 'any', maxLength: 2 }, 'p', 'abc')).toEqual({ param: 'p', detail: 'rest_too_long', args: { max: 2 } });
    expect(detailOf({ ...d, kind: 'any', maxLength: 2 }, 12345)).toBeNull();
    expect(coerceParam({ ...d, kind: 'any' }, { a: 1 })).toEqual({ a: 1 });
  });
  it("a parameter's own check runs last, on an accepted value", () => {
    const own = { param: 'p', detail: 'rest_invalid_format' as const };
    const spec: ParamSpec = { ...d, kind: 'string', check: (v) => (v === 'bad' ? own : null) };
    expect(checkParam(spec, 'p', 'bad')).toBe(own);
    expect(checkParam(spec, 'p', 'good')).toBeNull();
    expect(checkParam(spec, 'p', undefined)).toBeNull();
    expect(coerceParam(spec, undefined)).toBeUndefined();
  });
});
