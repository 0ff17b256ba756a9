import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { InvalidParamsError, MissingParamsError, ParamProblem } from '../../domain/errors';
import { ApiRequest, requestParams } from '../api-request';
import { declaredParams } from './param.decorator';
import { problemOf } from './param-value';
import { coerceParam } from './param-rules';

/**
 * The request's parameters (body first, then query; CONTRACT §1.4), validated against `dto` and converted to typed
 * values. Nest resolves parameters after the guards, so validation comes after the role check (§4.4).
 */
export const Input = createParamDecorator((dto: new () => object, ctx: ExecutionContext) =>
  validateInput(dto, requestParams(ctx.switchToHttp().getRequest<ApiRequest>())),
);

/** What an input DTO becomes: typed values plus the names the client actually sent (for links and partial updates). */
export type Validated<T> = T & { readonly sent: ReadonlySet<string> };

/**
 * Validates raw parameters against a DTO class: required parameters first (rest_missing_callback_param), then every
 * parameter's type and format (rest_invalid_param naming all failures). Returns typed values.
 */
export function validateInput<T extends object>(dto: new () => T, raw: Record<string, unknown>): Validated<T> {
  const { value, invalid } = readInput(dto, raw);
  if (invalid.length > 0) throw new InvalidParamsError(invalid);
  return value;
}

/** Only the parameters the client sent, by name (partial updates and inline objects leave the others alone). */
export function sentValues(input: Validated<object>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of input.sent) out[name] = (input as Record<string, unknown>)[name];
  return out;
}

/** What `readLeniently` returns: the valid parameters, typed, and the problems of the others (left out). */
export type Lenient<T> = Validated<T> & { readonly invalid: readonly ParamProblem[] };

/**
 * Like `validateInput`, except that parameters of the wrong type or format do not fail here: they are left out and
 * listed in `invalid`, so a handler can name them together with the problems only it can find (CONTRACT §4.3: one
 * error names every failing parameter). Missing required parameters still fail at once (§4.4).
 */
export function readLeniently<T extends object>(dto: new () => T, raw: Record<string, unknown>): Lenient<T> {
  const { value, invalid } = readInput(dto, raw);
  Object.defineProperty(value, 'invalid', { value: invalid, enumerable: false });
  return value as Lenient<T>;
}

/** `Input` read leniently (see `readLeniently`). */
export const LenientInput = createParamDecorator((dto: new () => object, ctx: ExecutionContext) =>
  readLeniently(dto, requestParams(ctx.switchToHttp().getRequest<ApiRequest>())),
);

/**
 * Runs `work`; a rest_invalid_param error it throws lists its problems in the DTO's declaration order (the order of the
 * contract's parameter tables), whichever layer found each one.
 */
export async function inDeclaredOrder<T>(dto: Function, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof InvalidParamsError) || e.code !== 'rest_invalid_param') throw e;
    const order = declaredParams(dto).map((p) => p.name);
    const rank = (p: ParamProblem) => (order.includes(p.param) ? order.indexOf(p.param) : order.length);
    throw new InvalidParamsError([...e.problems].sort((a, b) => rank(a) - rank(b)));
  }
}

function readInput<T extends object>(dto: new () => T, raw: Record<string, unknown>): { value: Validated<T>; invalid: ParamProblem[] } {
  const params = declaredParams(dto);
  const missing = params.filter((p) => p.spec.required && sentValue(raw, p.name) === undefined).map((p) => p.name);
  if (missing.length > 0) throw new MissingParamsError(missing);

  const out = new dto() as Record<string, unknown>;
  const sent = new Set<string>();
  const invalid: ParamProblem[] = [];
  for (const param of params) {
    const value = sentValue(raw, param.name);
    if (value === undefined) continue;
    const problem = problemOf(param, value);
    if (problem) {
      invalid.push(problem);
      continue;
    }
    sent.add(param.name);
    out[param.name] = coerceParam(param.spec, value);
  }
  Object.defineProperty(out, 'sent', { value: sent, enumerable: false });
  return { value: out as Validated<T>, invalid };
}

/** A parameter the client sent (an own property: `constructor` or `toString` are never read from a prototype). */
function sentValue(raw: Record<string, unknown>, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(raw, name) ? raw[name] : undefined;
}
