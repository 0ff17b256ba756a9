import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { isRead } from './read-cache/read-cache-rules';
import type { ApiRequest } from './api-request';
import { longTextsOf, OffLoopTextCleaning } from '../text/off-loop-text-cleaning';

/**
 * Never refuses: lets a write's long rich texts be cleaned in a worker thread (`OffLoopTextCleaning`) once the caller
 * is authenticated and allowed (it runs after AuthGuard), before its parameters are read and its unit of work begins.
 * A guard rather than an interceptor: a read costs it one synchronous call, where any interceptor would give every
 * request an RxJS pipeline.
 */
@Injectable()
export class LongTextGuard implements CanActivate {
  constructor(private readonly cleaning: OffLoopTextCleaning) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (!this.cleaning.offLoop) return true;
    const req = context.switchToHttp().getRequest<ApiRequest>();
    if (isRead(req.method)) return true;
    const texts = longTextsOf(req.state?.body);
    if (texts.length === 0) return true;
    return this.cleaning.preclean(texts).then(() => true); // never rejects: a text the worker failed is cleaned as before
  }
}
