import {
  accountFactsFromClaims,
  badgeText,
  balanceText,
  BADGE_CAPS,
  creditLink,
  coupleAccessFlags,
  flipAccessFlag,
  hasDashboard,
  needsTermsAcceptance,
  needsWelcome,
  parseAllowedTypes,
  sidebarEntries,
  type AccessClaims,
} from './shell';

const facts = (claims: AccessClaims = {}) =>
  accountFactsFromClaims({ sub: 'x@y.test', paymentType: 'CARD', ...claims });
const admin = [{ authority: 'ROLE_USER' }, { authority: 'ROLE_ADMIN' }];

describe('reading the token (3.2)', () => {
  it('reads allowedTypes from its JSON string, a list, or nothing', () => {
    expect(parseAllowedTypes('["edu","pli"]')).toEqual(['edu', 'pli']);
    expect(parseAllowedTypes('null')).toBeNull();
    expect(parseAllowedTypes('[]')).toEqual([]);
    expect(parseAllowedTypes(['emp', 'nonsense'])).toEqual(['emp']);
    expect(parseAllowedTypes(undefined)).toBeNull();
    expect(parseAllowedTypes('not json')).toBeNull();
  });
  it('takes admin from ROLE_ADMIN and staff from ROLE_QC_ADMIN', () => {
    expect(facts({ authorities: admin })).toMatchObject({ admin: true, qcAdmin: false });
    expect(facts({ authorities: [{ authority: 'ROLE_QC_ADMIN' }] })).toMatchObject({
      admin: false,
      qcAdmin: true,
    });
    expect(facts({})).toMatchObject({ admin: false, qcAdmin: false, paymentType: 'CARD' });
    expect(accountFactsFromClaims({}).paymentType).toBe('NONE');
  });
});

describe('sidebar entries per account kind (2.3)', () => {
  it('gives an organisation admin paying by card with every flag the full organisation menu', () => {
    const alice = facts({
      authorities: admin,
      hasAnalyticsAccess: true,
      hasCountryAccess: true,
      hasApplicants: true,
      hasReferrals: true,
    });
    expect(sidebarEntries(alice)).toEqual([
      'home',
      'dashboard',
      'newVerification',
      'verificationHistory',
      'referrals',
      'applicants',
      'buyCredit',
      'invoices',
      'analytics',
      'countryInsights',
      'account',
      'faqs',
      'logout',
    ]);
  });
  it('gives a plain organisation user no analytics, referrals or applicants', () => {
    const bob = sidebarEntries(facts({ hasAnalyticsAccess: true }));
    expect(bob).not.toContain('analytics');
    expect(bob).not.toContain('referrals');
    expect(bob).not.toContain('applicants');
    expect(bob).toContain('countryInsights');
  });
  it('gives an invoice payer no Buy Credit or Invoices, and a token payer Order Credits', () => {
    expect(sidebarEntries(facts({ paymentType: 'INVOICE' }))).not.toEqual(
      expect.arrayContaining(['buyCredit']),
    );
    expect(sidebarEntries(facts({ paymentType: 'INVOICE' }))).not.toContain('invoices');
    const dave = sidebarEntries(facts({ paymentType: 'TOKEN_SINGLE_CREDIT' }));
    expect(dave).toContain('orderCredits');
    expect(dave).not.toContain('buyCredit');
  });
  it('gives an individual the wallet and receipts and none of the organisation screens', () => {
    expect(sidebarEntries(facts({ isIndividual: true }))).toEqual([
      'wallet',
      'newVerification',
      'receipts',
      'account',
      'faqs',
      'logout',
    ]);
  });
  it('sends an applicant with open applications to them instead of the wallet and New Verification', () => {
    const anna = facts({ isIndividual: true, isApplicant: true });
    expect(sidebarEntries(anna, { openApplications: 1 })).toEqual([
      'openApplications',
      'receipts',
      'account',
      'faqs',
      'logout',
    ]);
    expect(sidebarEntries(anna, { openApplications: 0 })).toEqual([
      'wallet',
      'newVerification',
      'receipts',
      'account',
      'faqs',
      'logout',
    ]);
    // Open Applications is an applicant's entry only.
    expect(sidebarEntries(facts({ isIndividual: true }), { openApplications: 3 })).not.toContain(
      'openApplications',
    );
  });
  it('gives institutes and parents pending and resolved verifications, and no dashboard without allowed types', () => {
    const irene = sidebarEntries(facts({ paymentType: 'INSTITUTE', allowedTypes: '["edu"]' }));
    expect(irene).toEqual(
      expect.arrayContaining(['dashboard', 'pendingVerifications', 'resolvedVerifications', 'orderCredits']),
    );
    const paul = sidebarEntries(facts({ paymentType: 'UNI_PARENT', allowedTypes: '[]' }));
    expect(paul).toEqual([
      'home',
      'pendingVerifications',
      'resolvedVerifications',
      'countryInsights',
      'account',
      'faqs',
      'logout',
    ]);
    expect(hasDashboard(facts({ paymentType: 'UNI_PARENT', allowedTypes: '[]' }))).toBe(false);
  });
  it('hides the verification group for paymentType NONE, and New Verification alone when sharing is disabled', () => {
    const none = sidebarEntries(facts({ paymentType: 'NONE' }));
    expect(none).not.toContain('newVerification');
    expect(none).not.toContain('verificationHistory');
    const noSharing = sidebarEntries(facts({ sharingDisabled: true }));
    expect(noSharing).not.toContain('newVerification');
    expect(noSharing).toContain('verificationHistory');
  });
});

describe('badges (2.3)', () => {
  it('caps New Verification at 9 and the others at 1000, and shows nothing for zero', () => {
    expect(badgeText(3, BADGE_CAPS.newVerification)).toBe('3');
    expect(badgeText(9, BADGE_CAPS.newVerification)).toBe('9');
    expect(badgeText(10, BADGE_CAPS.newVerification)).toBe('9+');
    expect(badgeText(1000, BADGE_CAPS.invoices)).toBe('1000');
    expect(badgeText(1001, BADGE_CAPS.pendingVerifications)).toBe('1000+');
    expect(badgeText(0, BADGE_CAPS.verificationHistory)).toBeNull();
    expect(badgeText(undefined, BADGE_CAPS.verificationHistory)).toBeNull();
  });
});

describe('balance and credit link of the user drop-down (2.3)', () => {
  it('words the balance in credits for token accounts and in money otherwise', () => {
    expect(balanceText(facts({ paymentType: 'TOKEN_SINGLE_CREDIT' }), 25, 'GBP')).toBe(
      'Current balance: 25 credit(s)',
    );
    expect(balanceText(facts(), 12.5, 'USD')).toBe('Current credit: $12.50');
    expect(balanceText(facts(), 3, undefined)).toBe('Current credit: £3.00');
    expect(balanceText(facts(), null, 'GBP')).toBeNull();
    expect(balanceText(facts({ isApplicant: true, isIndividual: true }), 5, 'GBP')).toBeNull();
    expect(balanceText(facts({ isApplicant: true, applicantPays: true, isIndividual: true }), 5, 'GBP')).toBe(
      'Current credit: £5.00',
    );
  });
  it('links token accounts to Order more credits, others to Buy more credit, and only when every condition holds', () => {
    expect(creditLink(facts({ paymentType: 'TOKEN_SINGLE_CREDIT' }), 25)).toEqual({
      route: '/credit/order',
      label: 'Order more credits',
    });
    expect(creditLink(facts(), 0)).toEqual({ route: '/credit/buy', label: 'Buy more credit' });
    // An invoice payer cannot buy credit (the API refuses it): no link to a purchase they cannot make.
    expect(creditLink(facts({ paymentType: 'INVOICE' }), 10)).toBeNull();
    expect(creditLink(facts(), null)).toBeNull();
    expect(creditLink(facts({ isIndividual: true }), 10)).toBeNull();
    expect(creditLink(facts({ allowedTypes: '[]' }), 10)).toBeNull();
    expect(creditLink(facts({ isApplicant: true }), 10)).toBeNull();
    expect(creditLink(facts({ isApplicant: true, applicantPays: true }), 10)).not.toBeNull();
  });
});

describe('terms and welcome modals (4.5)', () => {
  it('asks for the terms while the stored version is below 3', () => {
    expect(needsTermsAcceptance(2)).toBe(true);
    expect(needsTermsAcceptance(undefined)).toBe(true);
    expect(needsTermsAcceptance(3)).toBe(false);
  });
  it('welcomes users whose acknowledgement is before 2018-10-30 or missing', () => {
    expect(needsWelcome('2018-10-29T23:59:59Z')).toBe(true);
    expect(needsWelcome('2018-10-30T00:00:00Z')).toBe(false);
    expect(needsWelcome(Date.UTC(2020, 0, 1))).toBe(false);
    expect(needsWelcome(null)).toBe(true);
  });
});

describe('impersonation toggles (4.7)', () => {
  const off = { hasCountryAccess: false, hasAnalyticsAccess: false, hasReportsAccess: false };
  it('flips one flag', () => {
    expect(flipAccessFlag(off, 'hasCountryAccess')).toEqual({ hasCountryAccess: true });
    expect(flipAccessFlag({ ...off, hasAnalyticsAccess: true }, 'hasAnalyticsAccess')).toEqual({
      hasAnalyticsAccess: false,
    });
  });
  it('turns Analytics on with Reports, but not off with it', () => {
    expect(flipAccessFlag(off, 'hasReportsAccess')).toEqual({
      hasReportsAccess: true,
      hasAnalyticsAccess: true,
    });
    expect(flipAccessFlag({ ...off, hasAnalyticsAccess: true }, 'hasReportsAccess')).toEqual({
      hasReportsAccess: true,
    });
    expect(
      flipAccessFlag({ ...off, hasAnalyticsAccess: true, hasReportsAccess: true }, 'hasReportsAccess'),
    ).toEqual({ hasReportsAccess: false });
  });
  it('turns Reports off with Analytics (the mirror a user expects: Reports live on the Analytics page)', () => {
    expect(
      flipAccessFlag({ ...off, hasAnalyticsAccess: true, hasReportsAccess: true }, 'hasAnalyticsAccess'),
    ).toEqual({
      hasAnalyticsAccess: false,
      hasReportsAccess: false,
    });
  });
  it('couples a change of several flags the same way, Reports on winning', () => {
    const all = { hasCountryAccess: true, hasAnalyticsAccess: true, hasReportsAccess: true };
    expect(coupleAccessFlags(all, { hasAnalyticsAccess: false })).toEqual({
      ...all,
      hasAnalyticsAccess: false,
      hasReportsAccess: false,
    });
    expect(coupleAccessFlags(off, { hasReportsAccess: true })).toEqual({
      ...off,
      hasAnalyticsAccess: true,
      hasReportsAccess: true,
    });
    expect(coupleAccessFlags(off, { hasReportsAccess: true, hasAnalyticsAccess: false })).toEqual({
      ...off,
      hasAnalyticsAccess: true,
      hasReportsAccess: true,
    });
    expect(coupleAccessFlags(all, { hasCountryAccess: false })).toEqual({ ...all, hasCountryAccess: false });
  });
});
