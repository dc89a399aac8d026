/**
 * The payment types the code base knows (access.md 3.1, libs/domain access/account.ts, the demo accounts and the
 * portal's guards), in words. The code stays the form's value: the admin API validates the code
 * (apps/api/src/modules/admin/customers/customer-update.dto.ts).
 */
const PAYMENT_TYPE_LABELS: Record<string, string> = {
  NONE: 'None (cannot order)',
  CARD: 'Card',
  INVOICE: 'Invoice',
  INSTITUTE: 'Institute account',
  INSTITUTE_PARENT: 'Institute parent account',
  UNI_PARENT: 'University parent account',
  TOKEN: 'Credit tokens',
  TOKEN_SINGLE_CREDIT: 'Credit tokens (one per check)',
};

/**
 * The API also accepts any code ending _PARENT or beginning TOKEN_ or INSTITUTE_ (customer-update.dto.ts's
 * PAYMENT_TYPE): one without a label still reads as its kind, with its code.
 */
export function paymentTypeLabel(code: string | null | undefined): string {
  if (!code) return '';
  const known = PAYMENT_TYPE_LABELS[code];
  if (known) return known;
  if (code.endsWith('_PARENT')) return `Parent account (${code})`;
  if (code.startsWith('TOKEN')) return `Credit tokens (${code})`;
  if (code.startsWith('INSTITUTE')) return `Institute account (${code})`;
  return code;
}

export const PAYMENT_TYPES = Object.entries(PAYMENT_TYPE_LABELS).map(([id, name]) => ({ id, name }));
export const CURRENCIES = ['GBP', 'USD', 'EUR', 'AUD'].map((id) => ({ id, name: id }));

/** The access flags of access.md 3.1/3.2, grouped as the Show page lays them out, with what each one does. */
export const FLAG_GROUPS: { title: string; flags: { source: string; label: string; help: string }[] }[] = [
  {
    title: 'Insights and reporting',
    flags: [
      { source: 'hasCountryAccess', label: 'Country Insights', help: 'Opens /countryinfo instead of the prompt page.' },
      { source: 'hasAnalyticsAccess', label: 'Analytics', help: 'The analytics dashboard, for the customer’s admins.' },
      { source: 'hasReportsAccess', label: 'Reports', help: 'Download Reports. Turning this on turns Analytics on too.' },
    ],
  },
  {
    title: 'Applicants and referrals',
    flags: [
      { source: 'hasApplicants', label: 'Applicants', help: 'The Applicants list in the sidebar.' },
      { source: 'inviteApplicants', label: 'Invite applicants', help: 'May invite applicants by e-mail.' },
      { source: 'hasReferrals', label: 'Referrals', help: 'Sees verifications requested by its referrals.' },
    ],
  },
  {
    title: 'Verifications',
    flags: [
      { source: 'sharingDisabled', label: 'Sharing disabled', help: 'Hides New Verification.' },
      { source: 'accreditationEnabled', label: 'Accreditation', help: 'May order accreditation checks.' },
      { source: 'showDeleted', label: 'Show deleted', help: 'Reveals the Deleted result filter.' },
      { source: 'refRequired', label: 'Reference required', help: 'A customer reference is required on every request.' },
    ],
  },
  {
    title: 'Pricing',
    flags: [{ source: 'hasDiscount', label: 'Discount', help: 'Discounted prices apply.' }],
  },
];

export const FLAG_FILTERS = FLAG_GROUPS.flatMap((g) => g.flags);
