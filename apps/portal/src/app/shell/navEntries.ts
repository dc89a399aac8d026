import {
  BADGE_CAPS,
  badgeText,
  sidebarEntries,
  type AccountFacts,
  type SidebarEntry,
} from '@credence/domain';
import { FAQ_URLS } from '@/shared/config';
import type { Counters } from '@/features/shell/hooks/useShellCounters';

export interface NavEntry {
  key: SidebarEntry;
  label: string;
  /** A path of the portal, or an external address opened in a new tab. Logout has none: it asks first. */
  to?: string;
  external?: boolean;
  /** The badge's text, already capped (spec 2.3), or null for none. */
  badge: string | null;
  /** Read out after the label, e.g. '3 in progress'. */
  badgeLabel?: string;
}

/** The spec's wording and paths for each entry; which entries show is decided in libs/domain. */
const ENTRIES: Record<SidebarEntry, { label: string; to?: string }> = {
  home: { label: 'Home', to: '/home' },
  dashboard: { label: 'Dashboard', to: '/dashboard' },
  wallet: { label: "I'm Verified Wallet", to: '/wallet' },
  newVerification: { label: 'New Verification', to: '/verification/new' },
  verificationHistory: { label: 'Verification History', to: '/verification/history' },
  openApplications: { label: 'Open Applications', to: '/applications/open' },
  referrals: { label: 'Referrals', to: '/referrals/list' },
  pendingVerifications: { label: 'Pending Verifications', to: '/verification/pending' },
  resolvedVerifications: { label: 'Resolved Verifications', to: '/verification/resolved' },
  applicants: { label: 'Applicants', to: '/applicant/history' },
  orderCredits: { label: 'Order Credits', to: '/credit/order' },
  buyCredit: { label: 'Buy Credit', to: '/credit/buy' },
  invoices: { label: 'Invoices', to: '/credit/history' },
  receipts: { label: 'Receipts', to: '/credit/history' },
  analytics: { label: 'Analytics', to: '/analytics' },
  countryInsights: { label: 'Country Insights', to: '/countryinfo' },
  account: { label: 'Account', to: '/account' },
  faqs: { label: 'FAQS' },
  logout: { label: 'Logout' },
};

/** Which counter each badged entry shows, with its cap and how it is read out (spec 2.3). */
const BADGES: Partial<Record<SidebarEntry, { counter: keyof Counters; cap: number; what: string }>> = {
  newVerification: {
    counter: 'verificationsInProgress',
    cap: BADGE_CAPS.newVerification,
    what: 'in progress',
  },
  verificationHistory: {
    counter: 'verificationsActionRequired',
    cap: BADGE_CAPS.verificationHistory,
    what: 'need action',
  },
  invoices: { counter: 'unseenInvoices', cap: BADGE_CAPS.invoices, what: 'unseen' },
  receipts: { counter: 'unseenInvoices', cap: BADGE_CAPS.invoices, what: 'unseen' },
  pendingVerifications: {
    counter: 'outstandingPendings',
    cap: BADGE_CAPS.pendingVerifications,
    what: 'outstanding',
  },
};

function badge(key: SidebarEntry, counters: Counters): Pick<NavEntry, 'badge' | 'badgeLabel'> {
  const spec = BADGES[key];
  if (!spec) return { badge: null };
  const text = badgeText(counters[spec.counter], spec.cap);
  return { badge: text, badgeLabel: text ? `${text} ${spec.what}` : undefined };
}

/** The sidebar of spec 2.3 for this account, in order, with labels, links and badges. */
export function navEntries(facts: AccountFacts, counters: Counters): NavEntry[] {
  return sidebarEntries(facts, counters).map((key) => {
    if (key === 'faqs') {
      const to = facts.isIndividual ? FAQ_URLS.individual : FAQ_URLS.organisation;
      return { key, label: ENTRIES.faqs.label, to, external: true, badge: null };
    }
    return { key, ...ENTRIES[key], ...badge(key, counters) };
  });
}
