import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ANONYMOUS } from '../domain/caller';
import { DomainError, forbidden } from '../domain/errors';
import { Action, Policy } from '../domain/policy';
import { authorizationHeader } from '../auth/authorization-header';
import { TokenVerifier, invalidToken } from '../auth/token-verifier';
import { UserDirectory } from '../auth/user-directory';
import type { ApiRequest } from './api-request';

const REQUIRED_ACTION = 'contract:required-action';
const PUBLIC_ROUTE = 'contract:no-auth';

/** Step 4 of CONTRACT §4.4: the least role that may call this route at all. */
export const Requires = (action: Action) => SetMetadata(REQUIRED_ACTION, action);

/** Routes outside the API (health) ignore any Authorization header. */
export const IgnoresAuthentication = () => SetMetadata(PUBLIC_ROUTE, true);

/**
 * Step 3 and 4 of CONTRACT §4.4: verify the bearer token (401 rest_invalid_token on any failure, never anonymous), note
 * the user as known, then check the route permission (401 for anonymous callers, 403 for roles that never may).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly verifier: TokenVerifier,
    private readonly users: UserDirectory,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const req = context.switchToHttp().getRequest<ApiRequest>();
    const header = authorizationHeader(req); // two or more Authorization headers: 401 rest_invalid_token
    let caller = ANONYMOUS;
    if (header !== undefined) {
      if (!this.verifier.enabled) throw invalidToken('signature');
      caller = await this.verifier.verify(header);
      await this.users.remember([caller.userId as number]);
    }
    req.state.caller = caller;
    const action = this.reflector.getAllAndOverride<Action | undefined>(REQUIRED_ACTION, targets);
    if (action && !Policy.mayPerform(caller, action)) {
      throw caller.role === 'anonymous' ? new DomainError('unauthenticated', 'rest_forbidden') : forbidden();
    }
    return true;
  }
}
