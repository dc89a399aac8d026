import type { TypeCode } from './verification-types';

/**
 * The account facts that access decisions depend on (access.md 3.1, 3.2, 6). The session token carries them;
 * the API, the portal and the console all decide from this one shape with the functions below.
 */
export interface AccountFacts {
  username: string;
  /** NONE, CARD, INVOICE, INSTITUTE, *_PARENT, TOKEN*, INSTITUTE* (token types begin INSTITUTE or TOKEN). */
  paymentType: string;
  isIndividual: boolean;
  isApplicant: boolean;
  applicantPays: boolean;
  /** Team admin (ROLE_ADMIN). */
  admin: boolean;
  /** A staff administrator of the product (usernames on the staff domain, auditors excepted). */
  qcAdmin: boolean;
  /** A staff auditor (see staff-roles.ts): replays, exports and verifies histories, changes nothing. */
  auditor?: boolean;
  /** The token's allowedTypes, when the account has an explicit list: overrides the defaults. */
  allowedTypes?: readonly TypeCode[] | null;
  hasReportsAccess: boolean;
  hasAnalyticsAccess: boolean;
  hasCountryAccess: boolean;
  hasApplicants: boolean;
  inviteApplicants: boolean;
  hasReferrals: boolean;
  sharingDisabled: boolean;
}

export const isParentPaymentType = (paymentType: string) => paymentType.endsWith('_PARENT');
/** Institute accounts and parent accounts receive pending verifications (6.2). */
export const isInstituteOrParent = (paymentType: string) => paymentType === 'INSTITUTE' || isParentPaymentType(paymentType);
/**
 * 'Values beginning INSTITUTE or TOKEN are token payment types' (3.1), taken literally: institute accounts
 * (which may submit on behalf of their institute) pay in credits, like TOKEN accounts.
 */
export const usesTokens = (paymentType: string) => paymentType.startsWith('TOKEN') || paymentType.startsWith('INSTITUTE');
/** 'pays' is true for CARD or INVOICE (6.2). */
export const pays = (paymentType: string) => paymentType === 'CARD' || paymentType === 'INVOICE';

export const isStaffUsername = (username: string, staffDomain: string) =>
  username.trim().toLowerCase().endsWith(`@${staffDomain.toLowerCase()}`);

const STAFF_TYPES: readonly TypeCode[] = ['edu', 'emp', 'pli', 'pce', 'idc', 'hsc', 'elc', 'arf'];
const INDIVIDUAL_TYPES: readonly TypeCode[] = ['edu', 'pli', 'pce', 'hsc'];
const OTHER_TYPES: readonly TypeCode[] = ['edu', 'emp', 'pli', 'pce', 'hsc'];

/**
 * Allowed verification types (6.4): staff all eight, individuals (applicant or not) edu/pli/pce/hsc, others
 * edu/emp/pli/pce/hsc; the token's explicit list overrides them, and inside an application its own list applies.
 */
export function allowedTypes(
  account: Pick<AccountFacts, 'qcAdmin' | 'isIndividual' | 'allowedTypes'>,
  applicationAllowedTypes?: readonly TypeCode[] | null,
): readonly TypeCode[] {
  if (applicationAllowedTypes) return applicationAllowedTypes;
  if (account.allowedTypes) return account.allowedTypes;
  if (account.qcAdmin) return STAFF_TYPES;
  return account.isIndividual ? INDIVIDUAL_TYPES : OTHER_TYPES;
}

/** Who sees prices (6.2): CARD or INVOICE payers, except an applicant who does not pay. */
export const seesPrices = (a: Pick<AccountFacts, 'paymentType' | 'isApplicant' | 'applicantPays'>) =>
  pays(a.paymentType) && !(a.isApplicant && !a.applicantPays);

export const canUseAnalytics = (a: Pick<AccountFacts, 'admin' | 'hasAnalyticsAccess' | 'isIndividual'>) =>
  a.admin && a.hasAnalyticsAccess && !a.isIndividual;

/** Country Insights (money 6, access 6.2): non-individuals with hasCountryAccess; everyone else gets its prompt. */
export const canUseCountryInsights = (a: Pick<AccountFacts, 'hasCountryAccess' | 'isIndividual'>) =>
  a.hasCountryAccess && !a.isIndividual;

export const canRequestInstitute = (a: Pick<AccountFacts, 'isIndividual'>) => !a.isIndividual;

/** New Verification is hidden when sharingDisabled, when paymentType is NONE or when no types are allowed (6.2). */
export const canCreateVerification = (a: AccountFacts) =>
  !a.sharingDisabled && a.paymentType !== 'NONE' && allowedTypes(a).length > 0;

/** Where '/' leads (2.1): individuals to the wallet, institutes and parents to the dashboard, others home. */
export function startRoute(a: Pick<AccountFacts, 'isIndividual' | 'paymentType'>): '/wallet' | '/dashboard' | '/home' {
  if (a.isIndividual) return '/wallet';
  if (isInstituteOrParent(a.paymentType)) return '/dashboard';
  return '/home';
}

/**
 * Currency symbol for an account's currency, as access 9 gives them: USD $, EUR €, AUD $ (not 'A$': an account
 * deals in one currency, and its users read '$' as theirs), otherwise £.
 */
export function currencySymbol(currency: string | null | undefined): string {
  switch (currency) {
    case 'USD':
      return '$';
    case 'EUR':
      return '€';
    case 'AUD':
      return '$';
    default:
      return '£';
  }
}
