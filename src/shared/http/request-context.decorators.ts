import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ANONYMOUS, Caller } from '../domain/caller';
import type { ApiRequest } from './api-request';

/** The caller verified by the AuthGuard. */
export const CurrentCaller = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Caller => ctx.switchToHttp().getRequest<ApiRequest>().state.caller ?? ANONYMOUS,
);

/** The public base address of the namespace the request arrived on (`{api}` or `{api_es}`). */
export const ApiBase = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): string => ctx.switchToHttp().getRequest<ApiRequest>().state.apiBase,
);
