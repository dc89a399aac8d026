import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/shared/api/client';

/** The server's words when a failure carries none (no ApiError): the spec's generic message (access 8). */
export const UNKNOWN_ERROR = 'An unknown error occurred, please try again or report this error.';

/**
 * A failed submit shown on the form: each server message that `fieldFor` places on a field becomes that field's
 * error (shown at once, since the form was submitted, and replaced by the field's own rules when it changes);
 * the rest become the form's root error, under FormServerError until the next submit. The API's messages name no
 * field, so `fieldFor` matches them by their words or codes. A call whose session ended shows nothing: the user is
 * on the way to the login page already.
 */
export function applyServerError<V extends FieldValues>(
  setError: UseFormSetError<V>,
  error: unknown,
  fieldFor: (message: string, codes: readonly string[]) => FieldPath<V> | undefined = () => undefined,
): void {
  if (error instanceof ApiError && error.sessionEnded) return;
  const messages = error instanceof ApiError && error.messages.length > 0 ? error.messages : [UNKNOWN_ERROR];
  const codes = error instanceof ApiError ? error.codes : [];
  const rest: string[] = [];
  for (const message of messages) {
    const field = fieldFor(message, codes);
    if (field) setError(field, { type: 'server', message });
    else rest.push(message);
  }
  if (rest.length > 0) setError('root.server', { type: 'server', message: rest.join('\n') });
}

/** A `fieldFor` from a table of the server's messages (its words, as its DTOs write them) to field names. */
export const fieldsByMessage =
  <V extends FieldValues>(table: Partial<Record<string, FieldPath<V>>>) =>
  (message: string): FieldPath<V> | undefined =>
    table[message];
