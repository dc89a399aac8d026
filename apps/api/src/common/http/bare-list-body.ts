import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  mixin,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';

/**
 * For the calls whose body the spec gives only as "a list of ids" (template ids of the analytics calls, the
 * verifications of an application): a bare JSON list is read as `{[field]: list}`, so one class-validator DTO
 * checks both shapes. Interceptors run before pipes, so the DTO sees the object.
 */
export function BareListBody(field: string): Type<NestInterceptor> {
  @Injectable()
  class BareListBodyInterceptor implements NestInterceptor {
    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
      const req = context.switchToHttp().getRequest<Request>();
      if (Array.isArray(req.body)) req.body = { [field]: req.body as unknown[] };
      return next.handle();
    }
  }
  return mixin(BareListBodyInterceptor);
}
