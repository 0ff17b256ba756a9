import 'reflect-metadata';
import { declaredParams, limitKeywords, Param, swaggerType, withRequired } from './param.decorator';
import { ParamSpec } from './param-rules';

const d = { description: 'x' };

describe('the JSON-schema type of a parameter (Swagger, namespace index, /doc)', () => {
  it('one type keyword per kind', () => {
    const cases: Array<[ParamSpec, Record<string, unknown>]> = [
      [{ ...d, kind: 'integer' }, { type: 'integer' }],
      [{ ...d, kind: 'number' }, { type: 'number' }],
      [{ ...d, kind: 'boolean' }, { type: 'boolean' }],
      [{ ...d, kind: 'enum', values: ['a', 'b'] }, { type: 'string', enum: ['a', 'b'] }],
      [{ ...d, kind: 'enum' }, { type: 'string', enum: [] }],
      [{ ...d, kind: 'list', items: 'integer' }, { type: 'array', items: { type: 'integer' } }],
      [{ ...d, kind: 'list', items: 'string' }, { type: 'array', items: { type: 'string' } }],
      [{ ...d, kind: 'date' }, { type: 'string' }],
      [{ ...d, kind: 'date', format: 'wall-clock' }, { type: 'string', format: 'wall-clock' }],
      [{ ...d, kind: 'string', format: 'uri' }, { type: 'string', format: 'uri' }],
      [{ ...d, kind: 'string' }, { type: 'string' }],
      [{ ...d, kind: 'object' }, { type: 'object' }],
      [{ ...d, kind: 'any' }, {}],
    ];
    for (const [spec, schema] of cases) expect({ spec, schema: swaggerType(spec) }).toEqual({ spec, schema });
  });

  it('size limits: per item inside `items` for a list', () => {
    expect(limitKeywords({ ...d, kind: 'list', items: 'integer', maxItems: 5, maxLength: 15 })).toEqual({ maxItems: 5, items: { type: 'integer', maxLength: 15 } });
    expect(limitKeywords({ ...d, kind: 'string', maxLength: 20 })).toStrictEqual({ maxLength: 20 });
    expect(limitKeywords({ ...d, kind: 'any', maxLength: 20, maxItems: 3 })).toStrictEqual({ maxLength: 20, maxItems: 3 });
    // No limit declared, no keyword (not even an undefined one).
    expect(limitKeywords({ ...d, kind: 'integer' })).toStrictEqual({});
  });
});

describe('declared parameters', () => {
  it('in declaration order, each once; a DTO made with required names keeps the order', () => {
    class Three {}
    for (const name of ['a', 'b', 'c']) Param({ kind: 'string', description: name })(Three.prototype, name);
    expect(declaredParams(Three).map((p) => p.name)).toEqual(['a', 'b', 'c']);
    const required = withRequired(Three, ['b'], 'ThreeCreate');
    expect(required.name).toBe('ThreeCreate'); // the name /doc gives its body schema
    expect(declaredParams(required).map((p) => [p.name, Boolean(p.spec.required)])).toEqual([
      ['a', false],
      ['b', true],
      ['c', false],
    ]);
    expect(declaredParams(class None {})).toEqual([]);
  });
});
