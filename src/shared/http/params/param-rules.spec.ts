import { acceptsNull, checkParam, coerceParam, emptyValueOf, MAX_INTEGER, ParamSpec } from './param-rules';

describe('JSON null (CONTRACT §1.4: null means "clear")', () => {
  const d = { description: 'x' };
  const cases: Array<[string, ParamSpec, unknown]> = [
    ['a boolean is false', { ...d, kind: 'boolean' }, false],
    ['a string that may be empty is ""', { ...d, kind: 'string' }, ''],
    ['a list is []', { ...d, kind: 'list', items: 'string' }, []],
    ['an integer whose range holds 0 is 0', { ...d, kind: 'integer', min: 0 }, 0],
    ['a nullable field stays null (its handler clears it)', { ...d, kind: 'string', nonEmpty: true, nullable: true }, null],
  ];
  it.each(cases)('%s', (_, spec, empty) => {
    expect(emptyValueOf(spec)).toEqual(empty);
    expect(checkParam(spec, 'p', null)).toBeNull();
    expect(coerceParam(spec, null)).toEqual(empty);
  });

  const refused: Array<[string, ParamSpec]> = [
    ['a string that may not be empty', { ...d, kind: 'string', nonEmpty: true }],
    ['an integer from 1', { ...d, kind: 'integer', min: 1 }],
    ['a date', { ...d, kind: 'date' }],
    ['an enum', { ...d, kind: 'enum', values: ['a'] }],
    ['a number', { ...d, kind: 'number' }],
    ['an untyped value', { ...d, kind: 'any' }],
  ];
  it.each(refused)('%s refuses null with rest_empty_value', (_, spec) => {
    expect(acceptsNull(spec)).toBe(false);
    expect(checkParam(spec, 'p', null)).toEqual({ param: 'p', detail: 'rest_empty_value', args: undefined });
  });
});

describe('integer bounds (CONTRACT §4.3 rest_out_of_bounds, §7.2)', () => {
  const page: ParamSpec = { kind: 'integer', min: 1, description: 'x' };
  const out = { param: 'page', detail: 'rest_out_of_bounds', args: { min: 1, max: MAX_INTEGER } };

  it('states one range whatever the spelling: at least the minimum, at most 2^53−1', () => {
    for (const value of ['0', 0, '-1', -1, '9007199254740992', 2 ** 60, '99999999999999999999']) {
      expect(checkParam(page, 'page', value)).toEqual(out);
    }
    for (const value of ['1', '0001', '9007199254740991', MAX_INTEGER]) expect(checkParam(page, 'page', value)).toBeNull();
    expect(coerceParam(page, '9007199254740991')).toBe(MAX_INTEGER);
  });

  it('what is not an integer stays a type error', () => {
    for (const value of ['1e3', '1.0', ' 12 ', '0x1', 1.5, true]) {
      expect(checkParam(page, 'page', value)).toEqual({ param: 'page', detail: 'rest_invalid_type', args: { type: 'integer' } });
    }
  });
});

describe('parameter rules at their edges (issue 19)', () => {
  const d = { description: 'x' };

  it('numbers: a leading or trailing dot and surrounding spaces are read', () => {
    const spec: ParamSpec = { ...d, kind: 'number' };
    for (const [text, n] of [['.25', 0.25], ['-.75', -0.75], ['2.', 2], [' 1.5 ', 1.5]] as const) {
      expect(checkParam(spec, 'p', text)).toBeNull();
      expect(coerceParam(spec, text)).toBe(n);
    }
    expect(checkParam(spec, 'p', '.')).toMatchObject({ detail: 'rest_invalid_type' });
  });

  it('null on an integer whose range is all negative is refused (0 is not in it)', () => {
    expect(emptyValueOf({ ...d, kind: 'integer', max: -1 })).toBeUndefined();
    expect(checkParam({ ...d, kind: 'integer', max: -1 }, 'p', null)).toMatchObject({ detail: 'rest_empty_value' });
  });

  it('lists: a text longer than all its items may be is too long even when its items are few and short', () => {
    const spec: ParamSpec = { ...d, kind: 'list', items: 'string', maxLength: 5, maxItems: 2 };
    expect(checkParam(spec, 'p', `a${','.repeat(20)}`)).toEqual({ param: 'p', detail: 'rest_too_long', args: { max: 5 } });
    expect(checkParam(spec, 'p', 'a,bb')).toBeNull();
  });

  it('lists: one bad item is enough', () => {
    expect(checkParam({ ...d, kind: 'list', items: 'string', maxLength: 3 }, 'p', ['ab', 'abcd'])).toMatchObject({ detail: 'rest_too_long' });
    expect(checkParam({ ...d, kind: 'list', items: 'integer' }, 'p', ['1', 'x'])).toMatchObject({ detail: 'rest_invalid_type' });
    expect(checkParam({ ...d, kind: 'list', items: 'integer' }, 'p', ['1', '0'])).toMatchObject({ detail: 'rest_invalid_type' });
  });

  it('a parameter not sent stays not sent', () => {
    for (const spec of [{ ...d, kind: 'boolean', lenient: true }, { ...d, kind: 'list', items: 'string' }, { ...d, kind: 'string' }] as ParamSpec[])
      expect(coerceParam(spec, undefined)).toBeUndefined();
  });

  it('strings sent as numbers become their text; dates stay numbers (a Unix timestamp with its sign and fraction, §8.2.2)', () => {
    expect(coerceParam({ ...d, kind: 'date' }, -1767225600.5)).toBe(-1767225600.5);
    expect(coerceParam({ ...d, kind: 'date' }, '1767225600')).toBe('1767225600');
    expect(coerceParam({ ...d, kind: 'string', acceptNumbers: true }, 12.5)).toBe('12.5');
    expect(coerceParam({ ...d, kind: 'string' }, 'x')).toBe('x');
  });
});
