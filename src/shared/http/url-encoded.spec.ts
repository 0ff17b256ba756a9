import { decodeUrlEncoded, formParamThatIsNotUtf8 } from './url-encoded';

const form = (text: string | Buffer) => formParamThatIsNotUtf8(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);

describe('form bodies that are not UTF-8 (CONTRACT §1.4)', () => {
  it.each([
    'name=caf%C3%A9',
    'name=café&title=x',
    'title=100% fun',
    'title=50%&x=%',
    'name=a+b%2Bc',
    'tags[]=%E2%82%AC&tags[]=x',
    'name=%EF%BF%BD',
    '',
  ])('%j is UTF-8', (text) => {
    expect(form(text)).toBeNull();
  });

  it.each([
    ['name=caf%E9', 'name'],
    ['title=ok&name=caf%E9%20x%C3%A9', 'name'],
    ['tags[]=ok&tags[]=%C3', 'tags'],
    ['n%E9me=x', 'n%E9me'],
    ['title=%ED%A0%80', 'title'],
  ])('%j names %s', (text, param) => {
    expect(form(text)).toBe(param);
  });

  it('names the parameter holding raw bytes that are no UTF-8', () => {
    expect(form(Buffer.concat([Buffer.from('title=fine&name=raw'), Buffer.from([0xe9]), Buffer.from('x')]))).toBe('name');
    expect(form(Buffer.from([0x61, 0x3d, 0xff]))).toBe('a');
  });
});

describe('decoding a query string or form value', () => {
  it.each([
    ['caf%C3%A9', 'café'],
    ['a+b%2Bc', 'a b+c'],
    ['caf%C3%A9%20100%25+et+100% fun', 'café 100% et 100% fun'],
    ['50%', '50%'],
    ['%zz%41', '%zzA'],
    ['%', '%'],
    ['caf%E9+x', 'caf%E9 x'],
    ['', ''],
  ])('%j → %j', (text, decoded) => {
    expect(decodeUrlEncoded(text)).toBe(decoded);
  });
});
