import { acceptsNull, checkParam, coerceParam, emptyValueOf, ParamSpec } from './param-rules';

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
