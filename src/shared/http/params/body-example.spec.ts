import 'reflect-metadata';
import { BodyExample, bodyExample } from './body-example';
import { Param, withRequired } from './param.decorator';

@BodyExample(['note'])
class Update {
  @Param({ kind: 'string', description: 'a', example: 'Jazz' }) title?: string;
  @Param({ kind: 'string', description: 'b', example: 'Bring a blanket' }) note?: string;
  @Param({ kind: 'string', description: 'c' }) other?: string;
}

describe('BodyExample', () => {
  it("is the named fields' own examples, in the order given", () => {
    expect(bodyExample(Update)).toEqual({ note: 'Bring a blanket' });
    const Create = BodyExample(['title', 'note'])(withRequired(Update, ['title'], 'Create'));
    expect(JSON.stringify(bodyExample(Create))).toBe('{"title":"Jazz","note":"Bring a blanket"}');
  });

  it('belongs to the class that declares it, not to the classes that extend it', () => {
    class Extended extends Update {}
    expect(bodyExample(Extended)).toBeUndefined();
  });

  it('refuses, at startup, a field without an example or that the class does not declare', () => {
    expect(() => BodyExample(['other'])(Update)).toThrow('Update has no example for other');
    expect(() => BodyExample(['missing'])(Update)).toThrow('Update has no example for missing');
  });
});
