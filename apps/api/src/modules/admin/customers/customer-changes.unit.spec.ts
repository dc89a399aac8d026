import { DomainError } from '@credence/domain';
import type { CompanyRow } from '../../identity';
import { customerChanges, PAYMENT_TYPE } from './customer-changes';

const company = (over: Partial<CompanyRow> = {}) =>
  ({
    id: 'acme', name: 'Acme', individual: false, paymentType: 'CARD', currency: 'GBP', vatPayer: true, countryId: 'GB',
    hasCountryAccess: false, hasAnalyticsAccess: false, hasReportsAccess: false, hasApplicants: false, inviteApplicants: false,
    hasReferrals: false, sharingDisabled: false, accreditationEnabled: false, showDeleted: false, hasDiscount: false,
    refRequired: false, refLabel: null, appRefLabel: null, allowedTypes: null, instituteId: null, ...over,
  }) as CompanyRow;

describe('customerChanges: what a staff PUT changes', () => {
  it('a whole record sent back changes only the field that moved', () => {
    const current = company();
    const body = { id: 'acme', name: 'Acme', paymentType: 'CARD', currency: 'GBP', country: 'GB', userCount: 3, hasApplicants: true };
    expect(customerChanges(current, body)).toEqual({
      changes: { hasApplicants: true },
      diff: { hasApplicants: { from: false, to: true } },
    });
  });

  it('Reports on brings Analytics on; Reports off leaves Analytics alone', () => {
    expect(customerChanges(company(), { hasReportsAccess: true, hasAnalyticsAccess: false }).changes).toEqual({
      hasReportsAccess: true,
      hasAnalyticsAccess: true,
    });
    expect(customerChanges(company({ hasReportsAccess: true, hasAnalyticsAccess: true }), { hasReportsAccess: false }).changes).toEqual({
      hasReportsAccess: false,
    });
  });

  it('maps country to the company column, trims labels and empties them to null', () => {
    expect(customerChanges(company(), { country: 'US', refLabel: '  PO number ', appRefLabel: '' }).changes).toEqual({
      countryId: 'US',
      refLabel: 'PO number',
    });
  });

  it('refuses unknown payment types, currencies and type codes', () => {
    for (const body of [{ paymentType: 'CASH' }, { currency: 'JPY' }, { allowedTypes: ['edu', 'nope'] }, { vatPayer: 'yes' }, { country: 'gb' }]) {
      expect(() => customerChanges(company(), body)).toThrow(DomainError);
    }
  });

  it('payment types follow access.md 3.1', () => {
    for (const ok of ['NONE', 'CARD', 'INVOICE', 'INSTITUTE', 'INSTITUTE_PARENT', 'UNIVERSITY_PARENT', 'TOKEN_SINGLE_CREDIT', 'TOKEN']) {
      expect(PAYMENT_TYPE.test(ok)).toBe(true);
    }
    for (const bad of ['', 'card', 'PARENT', 'CASH', 'CARD_X']) expect(PAYMENT_TYPE.test(bad)).toBe(false);
  });
});
