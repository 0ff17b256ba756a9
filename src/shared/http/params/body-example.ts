import { declaredParams } from './param.decorator';

const BODY_EXAMPLE = Symbol('contract:body-example');

/**
 * The body /doc shows for a write DTO, which the explorer's "Try it out" sends as shown: the examples of `fields`
 * together, a realistic request that succeeds as it stands (for a role that may make it). Works on a class declaration
 * and on a class made by `withRequired`: `BodyExample([...])(withRequired(...))`.
 */
export function BodyExample(fields: readonly string[]) {
  return <T extends Function>(dto: T): T => {
    const params = declaredParams(dto);
    const example = Object.fromEntries(
      fields.map((name) => {
        const spec = params.find((p) => p.name === name)?.spec;
        if (spec?.example === undefined) throw new Error(`${dto.name} has no example for ${name}`);
        return [name, spec.example];
      }),
    );
    Reflect.defineMetadata(BODY_EXAMPLE, example, dto);
    return dto;
  };
}

/** The body example a DTO class declares itself (not one inherited from the class it extends). */
export function bodyExample(dto: Function): Record<string, unknown> | undefined {
  return Reflect.getOwnMetadata(BODY_EXAMPLE, dto) as Record<string, unknown> | undefined;
}
