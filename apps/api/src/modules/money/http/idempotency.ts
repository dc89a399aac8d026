import { DomainError } from '@credence/domain';
import { randomUUID } from 'node:crypto';

/**
 * The request's idempotency key: the Idempotency-Key header, else the body's clientReference. Without either,
 * each request is a new command (a retried card payment is then refused by the provider: its nonce is single-use).
 */
export function idempotencyKeyOf(header: string | undefined, clientReference?: string | null): string {
  const key = (header ?? clientReference ?? '').trim();
  if (key.length > 200) throw new DomainError('invalid', 'The Idempotency-Key may have at most 200 characters.');
  return key || randomUUID();
}
