import { describe, expect, it } from 'vitest';
import { navEntries } from '@/app/shell/navEntries';

const labels = (...args: Parameters<typeof navEntries>) => navEntries(...args).map((e) => e.label);

describe('sidebar entries (spec 2.3)', () => {
  it('gives an organisation paying by card its verification, credit and insight entries', () => {
    expect(labels({ paymentType: 'CARD' })).toEqual([
      'Home',
      'Dashboard',
      'New Verification',
      'Verification History',
      'Buy Credit',
      'Invoices',
      'Country Insights',
      'Account',
      'FAQS',
    ]);
  });

  it('gives an individual the wallet and receipts, and no organisation screens', () => {
    expect(labels({ paymentType: 'CARD', isIndividual: true })).toEqual([
      "I'm Verified Wallet",
      'New Verification',
      'Receipts',
      'Account',
      'FAQS',
    ]);
  });

  it('hides the wallet and New Verification from an applicant with open applications', () => {
    const entries = labels(
      { paymentType: 'CARD', isIndividual: true, isApplicant: true },
      { openApplications: 2 },
    );
    expect(entries).toContain('Open Applications');
    expect(entries).not.toContain("I'm Verified Wallet");
    expect(entries).not.toContain('New Verification');
  });

  it('gives institutes pending and resolved verifications and token ordering', () => {
    const entries = labels({ paymentType: 'INSTITUTE' });
    expect(entries).toEqual(
      expect.arrayContaining(['Pending Verifications', 'Resolved Verifications', 'Order Credits']),
    );
    expect(labels({ paymentType: 'INSTITUTE', allowedTypes: [] })).not.toContain('Dashboard');
  });

  it('shows analytics only to admins with access, and nothing to create when paymentType is NONE', () => {
    expect(labels({ paymentType: 'INVOICE', hasAnalyticsAccess: true })).not.toContain('Analytics');
    expect(
      labels({
        paymentType: 'INVOICE',
        hasAnalyticsAccess: true,
        authorities: [{ authority: 'ROLE_ADMIN' }],
      }),
    ).toContain('Analytics');
    expect(labels({ paymentType: 'NONE' })).not.toContain('New Verification');
  });

  it('links FAQS to the external page for the account kind', () => {
    const faq = navEntries({ isIndividual: true }).find((e) => e.label === 'FAQS');
    expect(faq).toMatchObject({ external: true, to: expect.stringContaining('individual') });
  });
});
