/**
 * A small checker of a JSON value against an OpenAPI 3.0 schema (the keywords /doc uses: $ref, allOf, oneOf, type,
 * nullable, enum, required, properties, items). Returns the first mismatch as a path and reason, or null. Used to prove that the
 * documented wire schemas describe what the service really sends.
 */
type Schema = Record<string, any>;

export function checkAgainstSchema(value: unknown, schema: Schema, doc: Schema, at = '$'): string | null {
  if (schema.$ref) return checkAgainstSchema(value, resolve(schema.$ref, doc), doc, at);
  if (value === null) return schema.nullable ? null : `${at}: null is not allowed`;
  for (const part of (schema.allOf ?? []) as Schema[]) {
    const problem = checkAgainstSchema(value, part, doc, at);
    if (problem) return problem;
  }
  if (schema.oneOf) {
    const fits = (schema.oneOf as Schema[]).filter((option) => checkAgainstSchema(value, option, doc, at) === null);
    return fits.length === 1 ? null : `${at}: matches ${fits.length} of the oneOf options`;
  }
  if (schema.enum && !schema.enum.includes(value)) return `${at}: ${JSON.stringify(value)} is not in the enum`;
  const type = schema.type as string | undefined;
  if (type && !hasType(value, type)) return `${at}: expected ${type}, got ${JSON.stringify(value)}`;
  if (type === 'array' && schema.items) {
    for (const [i, item] of (value as unknown[]).entries()) {
      const problem = checkAgainstSchema(item, schema.items, doc, `${at}[${i}]`);
      if (problem) return problem;
    }
  }
  if (type === 'object' && schema.properties) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in record)) return `${at}.${key}: required key is missing`;
    for (const [key, sub] of Object.entries(schema.properties as Record<string, Schema>)) {
      if (!(key in record)) continue;
      const problem = checkAgainstSchema(record[key], sub, doc, `${at}.${key}`);
      if (problem) return problem;
    }
    const undocumented = Object.keys(record).filter((key) => !(key in schema.properties));
    if (undocumented.length && schema.additionalProperties !== true) return `${at}: undocumented keys ${undocumented.join(', ')}`;
  }
  return null;
}

function resolve(ref: string, doc: Schema): Schema {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node: Schema, key) => node[key], doc);
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}
