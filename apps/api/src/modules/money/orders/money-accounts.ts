import { Injectable } from '@nestjs/common';
import { accountCurrency, creditUnitOf, DomainError, type CreditUnit, type Currency, type InvoiceCompany } from '@credence/domain';
import worldCountries from 'world-countries';
import { AccountsRepository } from '../../identity';

/** What the money area needs to know about an account, read from the company as it is now (not from the token). */
export interface MoneyAccount {
  companyId: string;
  paymentType: string;
  /** What the ledger counts in; null for accounts that do not order (NONE). */
  unit: CreditUnit | null;
  currency: Currency;
  vatPayer: boolean;
  hasDiscount: boolean;
  individual: boolean;
  applicantPays: boolean;
  restrictedUserView: boolean;
  /** The customer block of an invoice. */
  invoiceCompany: InvoiceCompany;
}

const countryName = (id: string | null) => (id ? (worldCountries.find((c) => c.cca2 === id)?.name.common ?? null) : null);

@Injectable()
export class MoneyAccounts {
  constructor(private readonly accounts: AccountsRepository) {}

  async get(companyId: string): Promise<MoneyAccount> {
    const c = await this.accounts.company(companyId);
    if (!c) throw new DomainError('not-found', 'Account not found.');
    return {
      companyId: c.id,
      paymentType: c.paymentType,
      unit: creditUnitOf(c.paymentType),
      currency: accountCurrency(c.currency),
      vatPayer: c.vatPayer,
      hasDiscount: c.hasDiscount,
      individual: c.individual,
      applicantPays: c.applicantPays,
      restrictedUserView: c.restrictedUserView,
      invoiceCompany: {
        name: c.name,
        vatId: c.vatId,
        addressStreet1: c.addressStreet1,
        addressStreet2: c.addressStreet2,
        addressStreet3: c.addressStreet3,
        addressCity: c.addressCity,
        addressPostCode: c.addressPostCode,
        addressCountry: { id: c.countryId, name: countryName(c.countryId) },
      },
    };
  }
}
