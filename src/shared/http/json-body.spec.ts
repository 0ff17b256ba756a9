import { DomainError } from '../domain/errors';
import { MAX_JSON_DEPTH, parseJsonObject, scanJsonText } from './json-body';

const errorOf = (text: string | Buffer): unknown => {
  try {
    parseJsonObject(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'));
  } catch (e) {
    return e instanceof DomainError ? { code: e.code, ...e.data } : e;
  }
  return null;
};

describe('JSON bodies (CONTRACT §1.4, issue 14)', () => {
  const levels = (n: number) => `{"a":${'['.repeat(n - 1)}${']'.repeat(n - 1)}}`;

  it('counts the top-level object as level 1 and stops the scan at MAX_JSON_DEPTH + 1', () => {
    expect(scanJsonText(levels(MAX_JSON_DEPTH)).tooDeep).toBe(false);
    expect(scanJsonText(levels(MAX_JSON_DEPTH + 1)).tooDeep).toBe(true);
    expect(scanJsonText('{"a":{"b":[{}]}}', 3).tooDeep).toBe(true);
    expect(scanJsonText('{"a":{"b":[]}}', 3).tooDeep).toBe(false);
    // Closed containers free their level again.
    expect(scanJsonText(`{"a":[${'[],'.repeat(1000)}[]]}`, 3).tooDeep).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(scanJsonText(`{"a":"${'['.repeat(200)}\\"${'{'.repeat(200)}"}`, 2).tooDeep).toBe(false);
    expect(scanJsonText(`{"a":"\\\\",${'['.repeat(3)}]]]}`, 3).tooDeep).toBe(true); // `"\\"` ends the string
  });

  it('walks 10,000 levels without recursion and refuses them before parsing', () => {
    expect(errorOf(levels(10_000))).toEqual({ code: 'rest_invalid_json', json_error_code: 1, json_error_message: 'Maximum stack depth exceeded' });
    expect(errorOf(`]]]]${levels(10_000)}`)).toEqual({ code: 'rest_invalid_json', json_error_code: 1, json_error_message: 'Maximum stack depth exceeded' });
  });

  it('gives PHP json_last_error codes', () => {
    expect(errorOf('{"a":')).toMatchObject({ json_error_code: 4, json_error_message: 'Syntax error' });
    expect(errorOf('[]')).toMatchObject({ json_error_code: 4 });
    expect(errorOf('{"a":"\u0001"}')).toMatchObject({ json_error_code: 3 });
    expect(errorOf(Buffer.from([0x7b, 0xff, 0x7d]))).toMatchObject({ json_error_code: 5 });
    expect(errorOf('{"a":"\\ud83c"}')).toMatchObject({ json_error_code: 10 });
    expect(errorOf('{"a":"\\ud83c\\n"}')).toMatchObject({ json_error_code: 10 });
  });

  it('parses good bodies; whitespace only is no parameters', () => {
    expect(parseJsonObject(Buffer.from(levels(MAX_JSON_DEPTH)))).toEqual(JSON.parse(levels(MAX_JSON_DEPTH)));
    expect(parseJsonObject(Buffer.from(' \n\t'))).toEqual({});
    expect(parseJsonObject(Buffer.from('{"a":"\\ud83c\\udfb7","b":"\\u00e9"}'))).toEqual({ a: '🎷', b: 'é' });
  });
});
