/** Mirrors the admin API's validation (apps/api/src/modules/admin/customers/customer-changes.ts). */
export const PAYMENT_TYPES = ['NONE', 'CARD', 'INVOICE', 'INSTITUTE', 'INSTITUTE_PARENT', 'TOKEN_SINGLE_CREDIT'].map((id) => ({ id, name: id }));
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
