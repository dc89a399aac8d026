import { ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import type { Principal } from './principal';
import { IS_PUBLIC } from './public.decorator';
import { AUDITOR_READ_ONLY, AUDITORS_MAY_READ, REQUIRED_ROLE, type RequiredRole } from './roles.decorator';

/**
 * Deny by default: every route needs a valid session token unless marked @Public(). A public route still
 * reads a valid token when one is sent (prices per account, say) but never fails on a missing or bad one.
 * @StaffOnly() and @TeamAdminOnly() add a role check (403); @AuditorsMayRead() lets staff auditors through a
 * @StaffOnly() route's GET.
 */
@Injectable()
export class SessionGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    const req = context.switchToHttp().getRequest<Request & { user?: Principal }>();
    if (isPublic) {
      if (req.header('x-auth-token') || req.header('authorization')) {
        await (super.canActivate(context) as Promise<boolean>).catch(() => {
          req.user = undefined;
        });
      }
      return true;
    }
    await (super.canActivate(context) as Promise<boolean>);
    const role = this.reflector.getAllAndOverride<RequiredRole | undefined>(REQUIRED_ROLE, targets);
    const user = req.user!;
    if (role === 'staff' && !user.qcAdmin) {
      const read = req.method === 'GET' || req.method === 'HEAD';
      if (user.auditor && read && this.reflector.getAllAndOverride<boolean>(AUDITORS_MAY_READ, targets)) return true;
      throw new ForbiddenException(user.auditor && !read ? AUDITOR_READ_ONLY : 'This is for Credence staff only.');
    }
    if (role === 'team-admin' && !user.admin && !user.qcAdmin) {
      throw new ForbiddenException('Only an administrator of your organisation can do this.');
    }
    return true;
  }

  override handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) throw new UnauthorizedException('Authentication required');
    return user;
  }
}
