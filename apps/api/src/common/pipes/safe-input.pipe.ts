import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { DomainError } from '@credence/domain';
import { findUnsafe, UNSAFE_TEXT_CODE, UNSAFE_TEXT_MESSAGE } from './unsafe-text';

/**
 * The same refusal as refuseUnsafeInput, for what a route reads after the middleware ran: multipart form fields
 * (parsed by the route's file interceptor) and anything a pipe before this one produced. Global, so no route opts out.
 */
@Injectable()
export class SafeInputPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type === 'custom') return value;
    const found = findUnsafe(value, metadata.type === 'body' ? 'body' : metadata.data ?? metadata.type);
    if (found) throw new DomainError('invalid', UNSAFE_TEXT_MESSAGE, UNSAFE_TEXT_CODE);
    return value;
  }
}
