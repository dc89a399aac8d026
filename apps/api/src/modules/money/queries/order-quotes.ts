import { Injectable } from '@nestjs/common';
import {
  availableCredit,
  creditDecider,
  creditStream,
  DomainError,
  fromMinor,
  planTokenOrder,
  type MoneyOrderPlan,
  type OrderLineInput,
  type Price,
  type TokenOrderPlan,
} from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { MoneyAccounts } from '../orders/money-accounts';
import { extraCreditOf, ownerPays, planFor } from '../orders/order-plan';

/** The order review's figures (minor units for money), as OrderQuotes.preview answers them. */
export type OrderPreview =
  | { unit: 'none' }
  | (TokenOrderPlan & { balance: number })
  | (MoneyOrderPlan & { currency: string; paymentType: string; creditAvailableMinor: number });

/**
 * What an order would cost, recording nothing: the same plans PlaceOrder charges with. The balance comes from the
 * ledger itself (holds of orders being paid included), as the order will see it, not from a read model that may lag.
 */
@Injectable()
export class OrderQuotes {
  constructor(
    private readonly accounts: MoneyAccounts,
    private readonly commands: CommandHandling,
  ) {}

  /** What each verification costs this caller (VAT included): recorded in its VerificationSubmitted. */
  async quote(principal: Principal, items: OrderLineInput[], options: { applicationOwnerPays?: boolean } = {}): Promise<Record<string, Price>> {
    const account = await this.accounts.get(principal.companyId);
    const out: Record<string, Price> = {};
    if (ownerPays(principal, account, options.applicationOwnerPays)) {
      for (const i of items) out[i.verificationId] = { currency: account.currency, net: 0, vat: 0, total: 0, credits: 0 };
      return out;
    }
    if (account.unit === 'credits') {
      for (const l of planTokenOrder({ lines: items, paymentType: account.paymentType }).lines) {
        out[l.verificationId] = { currency: 'CREDITS', net: 0, vat: 0, total: 0, credits: l.checkCredits + l.accreditationCredits };
      }
      return out;
    }
    if (!account.unit) throw new DomainError('forbidden', 'This account does not order verifications.');
    for (const l of planFor(account, items, 0, 0).lines) {
      const gross = l.checkChargeMinor + l.accreditationChargeMinor;
      out[l.verificationId] = { currency: account.currency, net: fromMinor(l.totalMinor), vat: fromMinor(gross - l.totalMinor), total: fromMinor(gross), credits: 0 };
    }
    return out;
  }

  /**
   * The order review before anything is paid (money 2.9, POST /verification/quote): each line's fee (with the old
   * fee when discounted), surcharge, accreditation and total; sub total, VAT, the current credit used (none when
   * extra credit is bought) and what is to pay; token payers: credits per line, the total and the balance.
   */
  async preview(principal: Principal, items: OrderLineInput[], options: { applicationOwnerPays?: boolean; extraCredit?: number | null } = {}): Promise<OrderPreview> {
    const account = await this.accounts.get(principal.companyId);
    if (ownerPays(principal, account, options.applicationOwnerPays) || !account.unit) return { unit: 'none' };
    if (account.unit === 'credits') {
      return { ...planTokenOrder({ lines: items, paymentType: account.paymentType }), balance: await this.available(account.companyId, 'credits') };
    }
    const extraCreditMinor = extraCreditOf(options.extraCredit, account.paymentType);
    const creditAvailableMinor = await this.available(account.companyId, 'money');
    const plan = planFor(account, items, extraCreditMinor, creditAvailableMinor);
    return { ...plan, currency: account.currency, paymentType: account.paymentType, creditAvailableMinor };
  }

  /** Credits a token payer can spend now (null for accounts that pay in money or not at all). */
  async creditBalance(companyId: string): Promise<number | null> {
    const account = await this.accounts.get(companyId);
    return account.unit === 'credits' ? this.available(companyId, 'credits') : null;
  }

  private async available(companyId: string, unit: 'money' | 'credits'): Promise<number> {
    return availableCredit((await this.commands.load(creditStream(companyId), creditDecider)).state, unit);
  }
}
