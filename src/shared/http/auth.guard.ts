import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ANONYMOUS, Caller } from '../domain/caller';
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

/** What a route declares: no authentication at all, and the least action its caller must be allowed. */
interface RouteRules {
  ignoresAuthentication: boolean;
  action: Action | undefined;
}

/**
 * Step 3 and 4 of CONTRACT §4.4: verify the bearer token (401 rest_invalid_token on any failure, never anonymous), note
 * the user as known, then check the route permission (401 for anonymous callers, 403 for roles that never may).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  /** Per handler: its metadata never changes, and reading it through the Reflector on every request was measurable. */
  private readonly rulesByHandler = new WeakMap<object, RouteRules>();

  constructor(
    private readonly verifier: TokenVerifier,
    private readonly users: UserDirectory,
    private readonly reflector: Reflector,
  ) {}

  /** Synchronous for anonymous callers (most reads): Nest awaits only a guard that returns a promise. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const rules = this.rulesOf(context);
    if (rules.ignoresAuthentication) return true;
    const req = context.switchToHttp().getRequest<ApiRequest>();
    const header = authorizationHeader(req); // two or more Authorization headers: 401 rest_invalid_token
    if (header === undefined) return this.admit(req, ANONYMOUS, rules.action);
    if (!this.verifier.enabled) throw invalidToken('signature');
    return this.verified(req, header, rules.action);
  }

  private async verified(req: ApiRequest, header: string, action: Action | undefined): Promise<boolean> {
    const caller = await this.verifier.verify(header);
    await this.users.remember([caller.userId as number]);
    return this.admit(req, caller, action);
  }

  private admit(req: ApiRequest, caller: Caller, action: Action | undefined): boolean {
    req.state.caller = caller;
    if (action && !Policy.mayPerform(caller, action)) {
      throw caller.role === 'anonymous' ? new DomainError('unauthenticated', 'rest_forbidden') : forbidden();
    }
    return true;
  }

  private rulesOf(context: ExecutionContext): RouteRules {
    const handler = context.getHandler();
    let rules = this.rulesByHandler.get(handler);
    if (!rules) {
      const targets = [handler, context.getClass()];
      rules = {
        ignoresAuthentication: this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets) === true,
        action: this.reflector.getAllAndOverride<Action | undefined>(REQUIRED_ACTION, targets),
      };
      this.rulesByHandler.set(handler, rules);
    }
    return rules;
  }
}
