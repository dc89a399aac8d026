import { mayAudit, DomainError } from '@credence/domain';
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal';

/**
 * The audit routes: staff administrators and auditors. Anyone else signed in is told the verification is not there
 * (404), as for another tenant's verification: the route does not confirm what exists.
 */
@Injectable()
export class AuditAccessGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: Principal }>().user;
    if (!user || !mayAudit(user)) throw new DomainError('not-found', 'Verification not found.');
    return true;
  }
}
