import { isValidEmail } from '@credence/domain';

/** Messages of the forms' own checks. The spec fixes some words (5.x); these cover what it leaves open. */
export const required = (label: string, value: unknown): string | undefined => {
  const empty = value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  return empty ? `${label} is required` : undefined;
};

export const INVALID_EMAIL = 'Please enter a valid email address';

/** Spec 5.1 and 5.5: required, and a valid e-mail by the domain's rule. */
export const email = (label: string, value: string): string | undefined =>
  required(label, value) ?? (isValidEmail(value) ? undefined : INVALID_EMAIL);

export const PASSWORDS_DIFFER = 'Passwords do not match';
