import { STAFF_ACCESS } from '@credence/domain';
import { ForbiddenException, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import type { Principal } from '../../common/auth/principal';
import { AUDITOR_READ_ONLY } from '../../common/auth/roles.decorator';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * An auditor changes nothing, on any route: staff actions already refuse them (they lack ROLE_QC_ADMIN), and this
 * refuses every other write an account could make (an auditor's own company is a customer account like any other).
 * Signing in, renewing and signing out (/v1/auth) stay open.
 */
@Injectable()
export class AuditorReadOnlyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { user?: Principal }>();
    if (req.user?.auditor && !STAFF_ACCESS.auditor.act && !SAFE.has(req.method) && !/^\/v1\/auth(\/|$|\?)/.test(req.originalUrl)) {
      throw new ForbiddenException(AUDITOR_READ_ONLY);
    }
    return next.handle();
  }
}
