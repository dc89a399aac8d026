import {
  allowedTypes,
  canCreateVerification,
  canUseAnalytics,
  currencySymbol,
  isInstituteOrParent,
  usesTokens,
  type AccountFacts,
} from './account';
import { isTypeCode, type TypeCode } from './verification-types';

/**
 * The rules of the logged-in shell (access.md 2.2, 2.3, 4.5, 4.7, 6): which sidebar entries a user sees, the
 * badge caps, the balance line and credit link of the user drop-down, the terms and welcome modals, and the
 * impersonation toggles. Clients (portal, console) take the decisions from here and keep only the wording of
 * their own widgets.
 */

/** The session token's claims (3.2) as a client reads them: any may be missing from an older token. */
export interface AccessClaims {
  sub?: string;
  paymentType?: string;
  isIndividual?: boolean;
  isApplicant?: boolean;
  applicantPays?: boolean;
  /** A JSON string ('["edu","pli"]' or 'null'), or already a list. */
  allowedTypes?: string | readonly string[] | null;
  authorities?: readonly { authority: string }[] | null;
  hasReportsAccess?: boolean;
  hasAnalyticsAccess?: boolean;
  hasCountryAccess?: boolean;
  hasApplicants?: boolean;
  inviteApplicants?: boolean;
  hasReferrals?: boolean;
  sharingDisabled?: boolean;
}

const ROLE_ADMIN = 'ROLE_ADMIN';
const ROLE_QC_ADMIN = 'ROLE_QC_ADMIN';

/** The token's allowedTypes claim as a list, or null when the token carries no list (then the defaults apply). */
export function parseAllowedTypes(value: AccessClaims['allowedTypes']): TypeCode[] | null {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list)) return null;
  return list.filter((t): t is TypeCode => typeof t === 'string' && isTypeCode(t));
}

/** The account facts every access rule decides from, read from a session token's claims. */
export function accountFactsFromClaims(claims: AccessClaims): AccountFacts {
  const roles = new Set((claims.authorities ?? []).map((a) => a.authority));
  return {
    username: claims.sub ?? '',
    paymentType: claims.paymentType ?? 'NONE',
    isIndividual: !!claims.isIndividual,
    isApplicant: !!claims.isApplicant,
    applicantPays: !!claims.applicantPays,
    admin: roles.has(ROLE_ADMIN),
    qcAdmin: roles.has(ROLE_QC_ADMIN),
    allowedTypes: parseAllowedTypes(claims.allowedTypes),
    hasReportsAccess: !!claims.hasReportsAccess,
    hasAnalyticsAccess: !!claims.hasAnalyticsAccess,
    hasCountryAccess: !!claims.hasCountryAccess,
    hasApplicants: !!claims.hasApplicants,
    inviteApplicants: !!claims.inviteApplicants,
    hasReferrals: !!claims.hasReferrals,
    sharingDisabled: !!claims.sharingDisabled,
  };
}

/** Counters the shell keeps beside the token (3.1). */
export interface ShellCounters {
  openApplications: number;
}

export type SidebarEntry =
  | 'home'
  | 'dashboard'
  | 'wallet'
  | 'newVerification'
  | 'verificationHistory'
  | 'openApplications'
  | 'referrals'
  | 'pendingVerifications'
  | 'resolvedVerifications'
  | 'applicants'
  | 'orderCredits'
  | 'buyCredit'
  | 'invoices'
  | 'receipts'
  | 'analytics'
  | 'countryInsights'
  | 'account'
  | 'faqs'
  | 'logout';

const hasTypes = (a: AccountFacts) => allowedTypes(a).length > 0;

/** An applicant with open applications works inside them: no wallet or dashboard, no New Verification (6.1). */
export const isBusyApplicant = (a: AccountFacts, counters: ShellCounters) =>
  a.isApplicant && counters.openApplications > 0;

/** Institutes and parents without allowed verification types have no dashboard (2.2 step 6, 2.3). */
export const hasDashboard = (a: AccountFacts) => !(isInstituteOrParent(a.paymentType) && !hasTypes(a));

/** The verification group is shown only when paymentType is not NONE and allowed types exist (2.3). */
export const showsVerificationGroup = (a: AccountFacts) => a.paymentType !== 'NONE' && hasTypes(a);

/** Buy Credit and Invoices/Receipts: paymentType CARD with allowed types (2.3, 6.2). */
const paysByCard = (a: AccountFacts) => a.paymentType === 'CARD' && hasTypes(a);

/**
 * Who may buy credit (/credit/buy; money 6, access 2.3: Buy Credit is for CARD payers with allowed types, not
 * individuals). The drop-down's 'Buy more credit' and the dashboard's 'Topup' lead there only for them: 2.3 lists
 * the drop-down's conditions without the payment type, but an invoice payer sent to a purchase they cannot make
 * (the API refuses it) is not what a user expects, so the screen's own rule decides.
 */
export const canBuyCredit = (a: AccountFacts) => paysByCard(a) && !a.isIndividual;

/** The sidebar of 2.3, in display order. Account, FAQS and Logout are always there. */
export function sidebarEntries(
  a: AccountFacts,
  counters: ShellCounters = { openApplications: 0 },
): SidebarEntry[] {
  const busy = isBusyApplicant(a, counters);
  const group = showsVerificationGroup(a);
  const shown: [SidebarEntry, boolean][] = [
    ['home', !a.isIndividual],
    ['dashboard', !a.isIndividual && !busy && hasDashboard(a)],
    ['wallet', a.isIndividual && !busy && hasDashboard(a)],
    ['newVerification', group && !busy && canCreateVerification(a)],
    ['verificationHistory', group && !a.isIndividual],
    ['openApplications', a.isApplicant && counters.openApplications > 0],
    ['referrals', a.hasReferrals],
    ['pendingVerifications', isInstituteOrParent(a.paymentType)],
    ['resolvedVerifications', isInstituteOrParent(a.paymentType)],
    ['applicants', a.hasApplicants],
    ['orderCredits', usesTokens(a.paymentType) && hasTypes(a)],
    ['buyCredit', canBuyCredit(a)],
    ['invoices', paysByCard(a) && !a.isIndividual],
    ['receipts', paysByCard(a) && a.isIndividual],
    ['analytics', canUseAnalytics(a)],
    ['countryInsights', !a.isIndividual],
    ['account', true],
    ['faqs', true],
    ['logout', true],
  ];
  return shown.filter(([, visible]) => visible).map(([entry]) => entry);
}

/** Sidebar badges and their caps (2.3). */
export const BADGE_CAPS = {
  newVerification: 9,
  verificationHistory: 1000,
  invoices: 1000,
  pendingVerifications: 1000,
} as const satisfies Partial<Record<SidebarEntry, number>>;

/** What a badge shows: nothing for zero, the count up to its cap, then the cap with a plus. */
export function badgeText(count: number | null | undefined, cap: number): string | null {
  if (!count || count <= 0) return null;
  return count > cap ? `${cap}+` : String(count);
}

/** Whether the drop-down may show the balance: known credit, and not an applicant who does not pay (2.3, 6.1). */
export const showsBalance = (a: AccountFacts, currentCredit: number | null | undefined) =>
  typeof currentCredit === 'number' && (!a.isApplicant || a.applicantPays);

/** The balance line of the user drop-down, word for word (2.3), or null when it is not shown. */
export function balanceText(
  a: AccountFacts,
  currentCredit: number | null | undefined,
  currency: string | null | undefined,
): string | null {
  if (!showsBalance(a, currentCredit) || typeof currentCredit !== 'number') return null;
  if (usesTokens(a.paymentType)) return `Current balance: ${currentCredit} credit(s)`;
  return `Current credit: ${currencySymbol(currency)}${currentCredit.toFixed(2)}`;
}

export type CreditLink =
  | { route: '/credit/order'; label: 'Order more credits' }
  | { route: '/credit/buy'; label: 'Buy more credit' };

/** Where an account tops its credit up: token accounts order credits, card payers buy credit, others nowhere. */
export function topUpRoute(a: AccountFacts): CreditLink['route'] | null {
  if (usesTokens(a.paymentType)) return '/credit/order';
  return canBuyCredit(a) ? '/credit/buy' : null;
}

/**
 * The drop-down's credit link (2.3): Order more credits for token accounts, otherwise Buy more credit; shown only
 * when the user is not an applicant or the applicant pays, the current credit is known, at least one type is
 * allowed, and the user is not an individual.
 */
export function creditLink(a: AccountFacts, currentCredit: number | null | undefined): CreditLink | null {
  const shown =
    (!a.isApplicant || a.applicantPays) &&
    typeof currentCredit === 'number' &&
    hasTypes(a) &&
    !a.isIndividual;
  const route = shown ? topUpRoute(a) : null;
  if (route === '/credit/order') return { route, label: 'Order more credits' };
  return route === '/credit/buy' ? { route, label: 'Buy more credit' } : null;
}

/** The latest terms version (9). */
export const LATEST_TERMS_VERSION = 3;
/** The terms modal blocks the shell while the stored version is older than the latest (2.3, 4.5). */
export const needsTermsAcceptance = (tcsVersion: number | null | undefined) =>
  (tcsVersion ?? 0) < LATEST_TERMS_VERSION;

/** The welcome modal is shown while the acknowledgement date is before this day (2.3, 9). */
export const WELCOME_ACK_CUTOFF = Date.UTC(2018, 9, 30);
/** A missing or unreadable acknowledgement counts as never acknowledged. Numbers are epoch milliseconds. */
export function needsWelcome(interuptMessageAck: string | number | null | undefined): boolean {
  if (interuptMessageAck === null || interuptMessageAck === undefined || interuptMessageAck === '')
    return true;
  const at = typeof interuptMessageAck === 'number' ? interuptMessageAck : Date.parse(interuptMessageAck);
  return Number.isNaN(at) || at < WELCOME_ACK_CUTOFF;
}

export type AccessFlag = 'hasCountryAccess' | 'hasAnalyticsAccess' | 'hasReportsAccess';
export type AccessFlags = Record<AccessFlag, boolean>;

/**
 * The change one impersonation toggle makes (2.3, 4.7): it flips its flag, and turning Reports on also turns
 * Analytics on when it was off. The result is the body of PUT /account/access.
 *
 * The spec gives only that direction. Its mirror is what a user would expect, so it holds too: turning Analytics off
 * turns Reports off. Reports are downloaded from the Analytics page (the Reports toggle links to #/analytics), so
 * Reports on with Analytics off was an access nobody could use that the toggles still showed as ON.
 */
export function flipAccessFlag(current: AccessFlags, flag: AccessFlag): Partial<AccessFlags> {
  const next = !current[flag];
  if (flag === 'hasReportsAccess' && next && !current.hasAnalyticsAccess) {
    return { hasReportsAccess: true, hasAnalyticsAccess: true };
  }
  if (flag === 'hasAnalyticsAccess' && !next && current.hasReportsAccess) {
    return { hasAnalyticsAccess: false, hasReportsAccess: false };
  }
  return { [flag]: next };
}

/**
 * The flags a change of some of them leaves, by the toggles' rules (flipAccessFlag): Reports on brings Analytics on;
 * Analytics off takes Reports off. Reports on wins when one change asks for both.
 */
export function coupleAccessFlags(current: AccessFlags, wanted: Partial<AccessFlags>): AccessFlags {
  const next = { ...current, ...wanted };
  if (wanted.hasReportsAccess === true) next.hasAnalyticsAccess = true;
  else if (next.hasAnalyticsAccess === false) next.hasReportsAccess = false;
  return next;
}
