import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { validateSync } from 'class-validator';
import { InvalidParamsError, MissingParamsError, ParamProblem } from '../../domain/errors';
import { ApiRequest, requestParams } from '../api-request';
import { declaredParams } from './param.decorator';
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
  const params = declaredParams(dto);
  const missing = params.filter((p) => p.spec.required && raw[p.name] === undefined).map((p) => p.name);
  if (missing.length > 0) throw new MissingParamsError(missing);

  const candidate = Object.assign(new dto(), pick(raw, params.map((p) => p.name)));
  const errors = validateSync(candidate, { forbidUnknownValues: false });
  if (errors.length > 0) {
    const byName = new Map(errors.map((e) => [e.property, e]));
    const problems: ParamProblem[] = [];
    for (const { name } of params) {
      const error = byName.get(name);
      const message = error?.constraints?.contractParam;
      if (message) problems.push(JSON.parse(message) as ParamProblem);
    }
    throw new InvalidParamsError(problems);
  }
  const out = new dto() as Record<string, unknown>;
  const sent = new Set<string>();
  for (const { name, spec } of params) {
    if (raw[name] === undefined) continue;
    sent.add(name);
    out[name] = coerceParam(spec, raw[name]);
  }
  Object.defineProperty(out, 'sent', { value: sent, enumerable: false });
  return out as Validated<T>;
}

function pick(raw: Record<string, unknown>, names: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) if (Object.prototype.hasOwnProperty.call(raw, name)) out[name] = raw[name];
  return out;
}

