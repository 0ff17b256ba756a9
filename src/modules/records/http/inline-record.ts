import type { ParamProblem } from '../../../shared/domain/errors';
import { readLeniently, sentValues } from '../../../shared/http/params/input';

/**
 * An inline venue or organizer object of an event write (§9.5), read with the aggregate's own write parameters: the
 * typed values of its valid fields, and the problems of the others — its missing name first, then each field's type or
 * format — which the aggregate reports, with its value checks, as 400 `could-not-create-<kind>`.
 */
export function readInlineRecord(dto: new () => object, nameParam: string, raw: Record<string, unknown>) {
  const invalid: ParamProblem[] = [];
  if (raw[nameParam] === undefined) invalid.push({ param: nameParam, detail: 'rest_empty_value', args: { param: nameParam } });
  const read = readLeniently(dto, raw);
  invalid.push(...read.invalid);
  return { values: sentValues(read), invalid };
}
