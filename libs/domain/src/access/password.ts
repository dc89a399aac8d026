/**
 * The password rule (access.md 5.2, 5.3, 9): 6 to 256 characters; at least one lowercase letter, one uppercase
 * letter, one digit and one special character from ! @ # $ % ^ & * - £; nothing else (no spaces). The live hint
 * lists $ twice and no maximum; the form rule is the one enforced, the hint's wording is shown as written.
 */
export const PASSWORD_SPECIALS = '!@#$%^&*-£';
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 256;
export const INVALID_PASSWORD = 'Invalid password';

export interface PasswordChecks {
  length: boolean;
  lowercase: boolean;
  uppercase: boolean;
  digit: boolean;
  special: boolean;
  onlyAllowed: boolean;
}

const SPECIAL = /[!@#$%^&*\-£]/;
const ALLOWED = /^[A-Za-z0-9!@#$%^&*\-£]*$/;

export function checkPassword(password: string): PasswordChecks {
  return {
    length: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    digit: /[0-9]/.test(password),
    special: SPECIAL.test(password),
    onlyAllowed: ALLOWED.test(password),
  };
}

export const isValidPassword = (password: string) => Object.values(checkPassword(password)).every(Boolean);

/** The live hint's lines, word for word (5.3), each paired with the check it reports. */
export const PASSWORD_HINT: readonly { text: string; check: keyof PasswordChecks }[] = [
  { text: '6 or more characters', check: 'length' },
  { text: 'at least 1 lowercase letter', check: 'lowercase' },
  { text: '1 uppercase letter', check: 'uppercase' },
  { text: '1 digit', check: 'digit' },
  { text: '1 special character from !@#$%^&*-$£', check: 'special' },
  { text: 'no other special characters or spaces', check: 'onlyAllowed' },
];
