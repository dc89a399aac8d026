import { createParamDecorator, ExecutionContext, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import type { Principal } from './principal';

/** The verified caller of a guarded route. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  const req = ctx.switchToHttp().getRequest<Request & { user?: Principal }>();
  if (!req.user) throw new UnauthorizedException('Authentication required');
  return req.user;
});

/** The caller when a public route also serves signed-in users (e.g. prices shown per account). */
export const OptionalPrincipal = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): Principal | null =>
    ctx.switchToHttp().getRequest<Request & { user?: Principal }>().user ?? null,
);
