import 'reflect-metadata';
import { InvalidParamsError, MissingParamsError } from '../../domain/errors';
import { inDeclaredOrder, readLeniently, sentValues, validateInput } from './input';
import { Param } from './param.decorator';

class Sample {
  @Param({ kind: 'string', required: true, nonEmpty: true, description: 'a' }) title?: string;
  @Param({ kind: 'integer', min: 1, description: 'b' }) page?: number;
  @Param({ kind: 'boolean', description: 'c' }) featured?: boolean;
}

describe('parameter reading (CONTRACT §4.3, §4.4)', () => {
  it('validateInput: missing required parameters first, then every type error at once', () => {
    expect(() => validateInput(Sample, { page: 'x' })).toThrow(MissingParamsError);
    const e = (() => {
      try {
        validateInput(Sample, { title: '', page: 'x', featured: true });
      } catch (err) {
        return err as InvalidParamsError;
      }
    })();
    expect(e?.problems.map((p) => p.param)).toEqual(['title', 'page']);
  });

  it('readLeniently: refused parameters are left out and listed; the others are typed', () => {
    const read = readLeniently(Sample, { title: 'T', page: '0', featured: '1' });
    expect(read.invalid).toEqual([{ param: 'page', detail: 'rest_out_of_bounds', args: { min: 1, max: Number.MAX_SAFE_INTEGER } }]);
    expect([...read.sent]).toEqual(['title', 'featured']);
    expect(read).toMatchObject({ title: 'T', featured: true });
    expect(read.page).toBeUndefined();
    expect(() => readLeniently(Sample, {})).toThrow(MissingParamsError);
  });

  it('inDeclaredOrder: a rest_invalid_param error lists its problems in declaration order', async () => {
    const work = async () => {
      throw new InvalidParamsError([
        { param: 'featured', detail: 'rest_invalid_type' },
        { param: 'unknown', detail: 'rest_invalid_type' },
        { param: 'title', detail: 'rest_empty_value' },
      ]);
    };
    const e = await inDeclaredOrder(Sample, work).catch((err: InvalidParamsError) => err);
    expect((e as InvalidParamsError).problems.map((p) => p.param)).toEqual(['title', 'featured', 'unknown']);
    const other = new InvalidParamsError([{ param: 'b', detail: 'rest_empty_value' }], 'could-not-create-venue');
    await expect(inDeclaredOrder(Sample, async () => Promise.reject(other))).rejects.toBe(other);
  });
});

describe('parameter reading details', () => {
  it('a valid input passes, typed, and remembers which names were sent (not enumerable)', () => {
    const input = validateInput(Sample, { title: 'x', page: '2', other: 1 });
    expect({ ...input }).toEqual({ title: 'x', page: 2 });
    expect([...input.sent]).toEqual(['title', 'page']);
    expect(Object.keys(input)).not.toContain('sent');
    expect(sentValues(input)).toEqual({ title: 'x', page: 2 });
  });

  it('reading leniently leaves invalid parameters out and lists them (not enumerable); valid ones stay', () => {
    const input = readLeniently(Sample, { title: 'x', page: '0', featured: 'true' });
    expect({ ...input }).toEqual({ title: 'x', featured: true });
    expect(input.invalid.map((p) => p.param)).toEqual(['page']);
    expect(Object.keys(input)).not.toContain('invalid');
    expect(readLeniently(Sample, { title: 'x' }).invalid).toEqual([]);
  });
});

describe('validation cost follows what was sent (issue 18)', () => {
  const checked: string[] = [];
  const spy = (value: unknown, param: string) => (checked.push(param), value === 'bad' ? { param, detail: 'rest_invalid_type' as const } : null);
  class Wide {
    @Param({ kind: 'string', description: 'a', check: spy }) a?: string;
    @Param({ kind: 'string', description: 'b', check: spy }) b?: string;
    @Param({ kind: 'string', description: 'c', check: spy }) c?: string;
  }

  beforeEach(() => (checked.length = 0));

  it('checks only the parameters sent, each once when valid', () => {
    expect({ ...validateInput(Wide, { b: 'x' }) }).toEqual({ b: 'x' });
    expect(checked).toEqual(['b']);
  });

  it('an own property only: names inherited from Object.prototype are not parameters sent', () => {
    class Odd {}
    Param({ kind: 'string', description: 'x' })(Odd.prototype, 'toString');
    expect([...validateInput(Odd, {}).sent]).toEqual([]);
    expect([...validateInput(Odd, Object.assign(Object.create(null), { toString: 'v' })).sent]).toEqual(['toString']);
  });

  it('null is checked like any sent value (rest_empty_value where it clears nothing)', () => {
    expect(readLeniently(Sample, { title: 'x', page: null }).invalid).toEqual([{ param: 'page', detail: 'rest_empty_value' }]);
  });

  it('a refused value names its problem through class-validator, in declaration order', () => {
    expect(readLeniently(Wide, { c: 'bad', a: 'bad' }).invalid.map((p) => p.param)).toEqual(['a', 'c']);
  });
});
