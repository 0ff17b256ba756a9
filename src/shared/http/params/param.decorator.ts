import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { acceptsNull, maxItemsOf, maxLengthOf, ParamSpec } from './param-rules';

const SPECS = Symbol('contract:param-specs');

export interface DeclaredParam {
  name: string;
  spec: ParamSpec;
}

/** The parameters a DTO class declares, in declaration order (the order of the contract's parameter tables). */
export function declaredParams(dto: Function): DeclaredParam[] {
  return (Reflect.getMetadata(SPECS, dto.prototype) as DeclaredParam[] | undefined) ?? [];
}

/** The JSON-schema type keywords of a parameter: the one mapping used by Swagger, the namespace index and /doc. */
export function swaggerType(spec: ParamSpec): Record<string, unknown> {
  switch (spec.kind) {
    case 'integer':
      return { type: 'integer' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'string', enum: [...(spec.values ?? [])] };
    case 'list':
      return { type: 'array', items: { type: spec.items === 'integer' ? 'integer' : 'string' } };
    case 'date':
      // Not `date-time`: dates also take relative forms and wall-clock strings (CONTRACT §8.2.2).
      return { type: 'string', ...(spec.format ? { format: spec.format } : {}) };
    case 'object':
      return { type: 'object' };
    case 'any':
      return {};
    default:
      return { type: 'string', ...(spec.format ? { format: spec.format } : {}) };
  }
}

/**
 * The size limits of a parameter as JSON-schema keywords (issue 14): `maxLength` of a text (of each item of a list, in
 * `items`), `maxItems` of a list. For /doc and Swagger; the namespace index keeps to the keywords the contract lists.
 */
export function limitKeywords(spec: ParamSpec): Record<string, unknown> {
  const maxLength = maxLengthOf(spec);
  const maxItems = maxItemsOf(spec);
  const type = swaggerType(spec);
  if (spec.kind === 'list') return { maxItems, items: { ...(type.items as object), maxLength } };
  return { ...(maxLength !== undefined ? { maxLength } : {}), ...(maxItems !== undefined ? { maxItems } : {}) };
}

/**
 * Declares one request parameter: the spec kept for validation (`ParamValue`: class-validator running the contract's
 * rules), conversion and the namespace index, and its documentation (Swagger).
 */
export function Param(spec: ParamSpec): PropertyDecorator {
  const record: PropertyDecorator = (target, propertyKey) => {
    const name = String(propertyKey);
    const list = [...((Reflect.getMetadata(SPECS, target) as DeclaredParam[] | undefined) ?? [])];
    list.push({ name, spec });
    Reflect.defineMetadata(SPECS, list, target);
  };
  const swagger = ApiProperty({
    required: Boolean(spec.required),
    description: spec.description,
    nullable: acceptsNull(spec) || undefined,
    default: spec.default,
    minimum: spec.min,
    exclusiveMinimum: spec.exclusiveMin,
    maximum: spec.max,
    ...swaggerType(spec),
    ...limitKeywords(spec),
  } as never);
  return applyDecorators(record, swagger);
}

/**
 * A DTO with the parameters of `dto`, in its order, where `names` are required: a create DTO made from its update DTO,
 * so a missing required parameter answers rest_missing_callback_param first (§4.4). `className` is the name /doc gives
 * its body schema.
 */
export function withRequired<T>(dto: new () => T, names: readonly string[], className: string): new () => T {
  const out = class {};
  Object.defineProperty(out, 'name', { value: className });
  for (const { name, spec } of declaredParams(dto)) Param(names.includes(name) ? { ...spec, required: true } : spec)(out.prototype, name);
  return out as unknown as new () => T;
}
