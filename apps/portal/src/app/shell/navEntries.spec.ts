import { accountFactsFromClaims, type AccessClaims } from '@credence/domain';
import { describe, expect, it } from 'vitest';
import { navEntries } from '@/app/shell/navEntries';
import type { Counters } from '@/features/shell/hooks/useShellCounters';

const counters = (over: Partial<Counters> = {}): Counters => ({
  openApplications: 0,
  verificationsInProgress: 0,
  verificationsActionRequired: 0,
  unseenInvoices: 0,
  outstandingPendings: 0,
  ...over,
});
const entries = (claims: AccessClaims, c: Partial<Counters> = {}) =>
  navEntries(accountFactsFromClaims({ paymentType: 'CARD', ...claims }), counters(c));
const labels = (claims: AccessClaims, c: Partial<Counters> = {}) => entries(claims, c).map((e) => e.label);

describe('sidebar entries (spec 2.3)', () => {
  it('words and links the entries of an organisation paying by card', () => {
    expect(entries({}).map((e) => [e.label, e.to])).toEqual([
      ['Home', '/home'],
      ['Dashboard', '/dashboard'],
      ['New Verification', '/verification/new'],
      ['Verification History', '/verification/history'],
      ['Buy Credit', '/credit/buy'],
      ['Invoices', '/credit/history'],
      ['Country Insights', '/countryinfo'],
      ['Account', '/account'],
      ['FAQS', 'https://www.credence.test/faqs/organisations'],
      ['Logout', undefined],
    ]);
  });

  it('says Receipts to individuals and links their own FAQ page', () => {
    const list = entries({ isIndividual: true });
    expect(list.map((e) => e.label)).toEqual([
      "I'm Verified Wallet",
      'New Verification',
      'Receipts',
      'Account',
      'FAQS',
      'Logout',
    ]);
    expect(list.find((e) => e.label === 'FAQS')).toMatchObject({
      external: true,
      to: expect.stringContaining('individual'),
    });
  });

  it('puts Open Applications in place of the wallet for an applicant with open applications', () => {
    expect(labels({ isIndividual: true, isApplicant: true }, { openApplications: 2 })).toEqual([
      'Open Applications',
      'Receipts',
      'Account',
      'FAQS',
      'Logout',
    ]);
  });

  it('shows badges with their caps: 9 for New Verification, 1000 for the others', () => {
    const list = entries(
      { paymentType: 'CARD' },
      { verificationsInProgress: 12, verificationsActionRequired: 1500, unseenInvoices: 3 },
    );
    const badge = (label: string) => list.find((e) => e.label === label)?.badge;
    expect(badge('New Verification')).toBe('9+');
    expect(badge('Verification History')).toBe('1000+');
    expect(badge('Invoices')).toBe('3');
    expect(badge('Home')).toBeNull();
    const pending = entries(
      { paymentType: 'INSTITUTE', allowedTypes: '["edu"]' },
      { outstandingPendings: 7 },
    );
    expect(pending.find((e) => e.label === 'Pending Verifications')).toMatchObject({
      badge: '7',
      badgeLabel: '7 outstanding',
    });
  });
});
