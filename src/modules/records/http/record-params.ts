import { declaredParams, Param } from '../../../shared/http/params/param.decorator';

/** DELETE of a venue or organizer (§9.10). */
export class DeleteParams {
  @Param({ kind: 'boolean', description: 'Delete permanently instead of moving to the trash' })
  force?: boolean;
}

/**
 * A create DTO: the parameters of the write DTO, in its order, with the name required, so a missing name answers
 * rest_missing_callback_param first (§4.4). `className` is the name /doc gives its body schema.
 */
export function withNameRequired<T>(write: new () => T, nameParam: string, className: string): new () => T {
  const create = class {};
  Object.defineProperty(create, 'name', { value: className });
  for (const { name, spec } of declaredParams(write)) {
    Param(name === nameParam ? { ...spec, required: true } : spec)(create.prototype, name);
  }
  return create as unknown as new () => T;
}
