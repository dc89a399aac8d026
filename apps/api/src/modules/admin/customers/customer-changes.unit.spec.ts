import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { CompanyRow } from '../../identity';
import { customerChanges, PAYMENT_TYPE } from './customer-changes';
import { CustomerUpdateDto } from './customer-update.dto';

/** The body as the API's ValidationPipe hands it over (whitelist: true, transform: true), or its messages. */
function validated(body: object): CustomerUpdateDto | string[] {
  const dto = plainToInstance(CustomerUpdateDto, body);
  const errors = validateSync(dto, { whitelist: true, forbidUnknownValues: false });
  return errors.length ? errors.flatMap((e) => Object.values(e.constraints ?? {})) : dto;
}
const changesFor = (current: CompanyRow, body: object) => {
  const dto = validated(body);
  if (Array.isArray(dto)) throw new Error(dto.join(' '));
  return customerChanges(current, dto);
};

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
    expect(changesFor(current, body)).toEqual({
      changes: { hasApplicants: true },
      diff: { hasApplicants: { from: false, to: true } },
    });
  });

  it('Reports on brings Analytics on; Reports off leaves Analytics alone', () => {
    expect(changesFor(company(), { hasReportsAccess: true, hasAnalyticsAccess: false }).changes).toEqual({
      hasReportsAccess: true,
      hasAnalyticsAccess: true,
    });
    expect(changesFor(company({ hasReportsAccess: true, hasAnalyticsAccess: true }), { hasReportsAccess: false }).changes).toEqual({
      hasReportsAccess: false,
    });
  });

  it('maps country to the company column, trims labels and empties them to null', () => {
    expect(changesFor(company(), { country: 'US', refLabel: '  PO number ', appRefLabel: '' }).changes).toEqual({
      countryId: 'US',
      refLabel: 'PO number',
    });
  });

  it('refuses unknown payment types, currencies and type codes', () => {
    const refusals: [object, string][] = [
      [{ paymentType: 'CASH' }, 'paymentType must be NONE, CARD, INVOICE, INSTITUTE, a *_PARENT or a TOKEN* type'],
      [{ currency: 'JPY' }, 'currency must be one of GBP, USD, EUR, AUD'],
      [{ allowedTypes: ['edu', 'nope'] }, 'allowedTypes may hold only'],
      [{ vatPayer: 'yes' }, 'vatPayer must be true or false'],
      [{ country: 'gb' }, 'country must be a two-letter country code'],
      [{ name: '   ' }, 'Organisation name is required'],
    ];
    for (const [body, message] of refusals) {
      expect((validated(body) as string[]).join(' ')).toContain(message);
    }
    // A record sent back whole: its computed columns are dropped, not refused.
    expect(validated({ id: 'acme', userCount: 3, name: 'Acme' })).toEqual(expect.objectContaining({ name: 'Acme' }));
  });

  it('payment types follow access.md 3.1', () => {
    for (const ok of ['NONE', 'CARD', 'INVOICE', 'INSTITUTE', 'INSTITUTE_PARENT', 'UNIVERSITY_PARENT', 'TOKEN_SINGLE_CREDIT', 'TOKEN']) {
      expect(PAYMENT_TYPE.test(ok)).toBe(true);
    }
    for (const bad of ['', 'card', 'PARENT', 'CASH', 'CARD_X']) expect(PAYMENT_TYPE.test(bad)).toBe(false);
  });
});
