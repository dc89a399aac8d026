import { DomainError } from '@credence/domain';
import type { z } from 'zod';

/**
 * Reads an admin request body with a zod schema. react-admin's update sends the whole record back (computed
 * columns such as userCount included), so unknown keys are dropped rather than refused; wrong values are refused
 * with 400 and one message per problem.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const messages = result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  throw new DomainError('invalid', messages.join(' '));
}
