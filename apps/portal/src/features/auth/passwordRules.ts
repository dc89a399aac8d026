import { INVALID_PASSWORD, isValidPassword } from '@credence/domain';
import { PASSWORDS_DIFFER, required } from '@/shared/forms/validators';

/** Spec 5.2 and 5.3: a new password and its confirmation. */
export function newPasswordErrors(
  password: string,
  confirm: string,
  labels = { password: 'Password', confirm: 'Confirm Password' },
): { password?: string; confirm?: string } {
  return {
    password:
      required(labels.password, password) ?? (isValidPassword(password) ? undefined : INVALID_PASSWORD),
    confirm: required(labels.confirm, confirm) ?? (confirm === password ? undefined : PASSWORDS_DIFFER),
  };
}
