/**
 * The registration rules of access.md 5.1 and 5.2 (and the e-mail rule 5.5 shares): which fields a variant
 * requires, what a valid e-mail is and how it is stored, the volume options, and the terms message. The portal's
 * forms and the API's checks read them from here instead of re-deriving them.
 */

/** 'C' registers an organisation (company), 'I' an individual (3.7). */
export type RegistrationKind = 'C' | 'I';

/** 3.7 and 9: the annual estimated volume; 200+ leads to /BookAMeeting. */
export const VOLUME_CHECKS = ['0-199', '200+'] as const;
export type VolumeChecks = (typeof VOLUME_CHECKS)[number];
export const isVolumeChecks = (value: unknown): value is VolumeChecks =>
  (VOLUME_CHECKS as readonly unknown[]).includes(value);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 5.1: the e-mail is trimmed and lower-cased; it becomes the unique username. */
export const normaliseEmail = (raw: string) => raw.trim().toLowerCase();

/** 5.1 and 5.5: 'valid e-mail' (one @, something before it, a dotted domain after it, no spaces). */
export const isValidEmail = (raw: string) => EMAIL.test(raw.trim());

export type StartRegistrationField =
  | 'firstname'
  | 'lastname'
  | 'email'
  | 'companyName'
  | 'jobTitle'
  | 'phone'
  | 'understand';

/**
 * 5.1: first name, last name and e-mail always; an organisation also Company Name, Job Title and Phone; an
 * organisation without an application template (atid) also the 'I understand ...' checkbox.
 */
export function startRegistrationRequires(
  kind: RegistrationKind,
  hasTemplate: boolean,
): readonly StartRegistrationField[] {
  const always: StartRegistrationField[] = ['firstname', 'lastname', 'email'];
  if (kind === 'I') return always;
  return [...always, 'companyName', 'jobTitle', 'phone', ...(hasTemplate ? [] : (['understand'] as const))];
}

/**
 * What the complete form asks for (5.2): a team member joining an existing company sets a password only; an
 * individual also names a country; an organisation also its name, volume, country and industry.
 */
export type CompleteRegistrationVariant = 'member' | 'individual' | 'organisation';

export type CompleteRegistrationField =
  | 'password'
  | 'confirm'
  | 'companyName'
  | 'volumeChecks'
  | 'country'
  | 'industry'
  | 'terms';

export function completeRegistrationVariant(token: {
  companyId?: unknown;
  individual: boolean;
}): CompleteRegistrationVariant {
  if (token.companyId) return 'member';
  return token.individual ? 'individual' : 'organisation';
}

/** 5.2: password, confirmation and terms always; country unless joining a company; volume and industry for organisations. */
export function completeRegistrationRequires(
  variant: CompleteRegistrationVariant,
): readonly CompleteRegistrationField[] {
  const always: CompleteRegistrationField[] = ['password', 'confirm', 'terms'];
  switch (variant) {
    case 'member':
      return always;
    case 'individual':
      return [...always, 'country'];
    case 'organisation':
      return [...always, 'companyName', 'volumeChecks', 'country', 'industry'];
    default: {
      const never: never = variant;
      return never;
    }
  }
}

/**
 * 5.2 and 5.4: the terms must be agreed. With an application owner the bracketed part of the spec's message is
 * included (its consent text says the results are shared with that owner); the spec's wording is kept as written.
 */
export const termsNotAccepted = (withOwner: boolean) =>
  `You must accept our terms & conditions${withOwner ? ' and agree to share you data' : ''} in order to use our service.`;
