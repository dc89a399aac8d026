import { FAQ_URLS } from '@/shared/config';
import { allowedTypes, isAdmin, isInstituteLike, usesTokens } from '@/shared/session/access';
import type { SessionClaims } from '@/shared/session/claims';

export type NavIcon =
  | 'home'
  | 'dashboard'
  | 'wallet'
  | 'newVerification'
  | 'history'
  | 'openApplications'
  | 'referrals'
  | 'pending'
  | 'resolved'
  | 'applicants'
  | 'orderCredits'
  | 'buyCredit'
  | 'invoices'
  | 'analytics'
  | 'countryInsights'
  | 'account'
  | 'faqs';

export interface NavEntry {
  label: string;
  icon: NavIcon;
  /** A path of the portal, or an external address opened in a new tab. */
  to: string;
  external?: boolean;
}

export interface NavCounters {
  openApplications: number;
}

/** The sidebar of spec 2.3: which entries a user sees, in order. Logout is the shell's own button. */
export function navEntries(
  claims: SessionClaims,
  counters: NavCounters = { openApplications: 0 },
): NavEntry[] {
  const individual = !!claims.isIndividual;
  const applicantBusy = !!claims.isApplicant && counters.openApplications > 0;
  const hasTypes = allowedTypes(claims).length > 0;
  const instituteLike = isInstituteLike(claims);
  const verificationGroup = (claims.paymentType ?? 'NONE') !== 'NONE' && hasTypes;
  const card = claims.paymentType === 'CARD' && hasTypes;

  const entries: (NavEntry | false)[] = [
    !individual && { label: 'Home', icon: 'home', to: '/home' },
    !applicantBusy &&
      !(instituteLike && !hasTypes) &&
      (individual
        ? { label: "I'm Verified Wallet", icon: 'wallet', to: '/wallet' }
        : { label: 'Dashboard', icon: 'dashboard', to: '/dashboard' }),
    verificationGroup &&
      !applicantBusy &&
      !claims.sharingDisabled && {
        label: 'New Verification',
        icon: 'newVerification',
        to: '/verification/new',
      },
    verificationGroup &&
      !individual && { label: 'Verification History', icon: 'history', to: '/verification/history' },
    applicantBusy && { label: 'Open Applications', icon: 'openApplications', to: '/applications/open' },
    !!claims.hasReferrals && { label: 'Referrals', icon: 'referrals', to: '/referrals/list' },
    instituteLike && { label: 'Pending Verifications', icon: 'pending', to: '/verification/pending' },
    instituteLike && { label: 'Resolved Verifications', icon: 'resolved', to: '/verification/resolved' },
    !!claims.hasApplicants && { label: 'Applicants', icon: 'applicants', to: '/applicant/history' },
    usesTokens(claims) && hasTypes && { label: 'Order Credits', icon: 'orderCredits', to: '/credit/order' },
    card && !individual && { label: 'Buy Credit', icon: 'buyCredit', to: '/credit/buy' },
    card && { label: individual ? 'Receipts' : 'Invoices', icon: 'invoices', to: '/credit/history' },
    !individual &&
      isAdmin(claims) &&
      !!claims.hasAnalyticsAccess && { label: 'Analytics', icon: 'analytics', to: '/analytics' },
    !individual && { label: 'Country Insights', icon: 'countryInsights', to: '/countryinfo' },
    { label: 'Account', icon: 'account', to: '/account' },
    {
      label: 'FAQS',
      icon: 'faqs',
      to: individual ? FAQ_URLS.individual : FAQ_URLS.organisation,
      external: true,
    },
  ];
  return entries.filter((e): e is NavEntry => e !== false);
}
