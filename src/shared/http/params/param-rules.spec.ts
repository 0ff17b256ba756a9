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
