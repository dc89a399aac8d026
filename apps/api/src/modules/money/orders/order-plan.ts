import {
  DomainError,
  extraCreditError,
  planMoneyOrder,
  toMinor,
  type CreditState,
  type MoneyOrderPlan,
  type OrderLineInput,
} from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';
import type { MoneyAccount } from './money-accounts';

/** Whether the application's owner pays (nothing is charged here): as asked, else an applicant whose owner pays. */
export const ownerPays = (principal: Principal, account: { applicantPays: boolean }, explicit: boolean | undefined) =>
  explicit ?? (principal.isApplicant && !account.applicantPays);

/** The creditPurchase amount: extra credit in whole or decimal units, 0 to 1000 inside the order flow (2.9). */
export function extraCreditOf(amount: number | null | undefined, paymentType: string): number {
  if (amount === null || amount === undefined) return 0;
  const error = extraCreditError(amount, 0);
  if (error) throw new DomainError('invalid', error);
  const minor = toMinor(amount);
  if (minor > 0 && paymentType !== 'CARD') throw new DomainError('invalid', 'Extra credit can only be bought by card.');
  return minor;
}

/** A money order priced for this account, on the credit it may use (`creditAvailableMinor`). */
export const planFor = (account: MoneyAccount, lines: OrderLineInput[], extraCreditMinor: number, creditAvailableMinor: number): MoneyOrderPlan =>
  planMoneyOrder({
    lines,
    vatPayer: account.vatPayer,
    hasDiscount: account.hasDiscount,
    paymentType: account.paymentType,
    creditAvailableMinor,
    extraCreditMinor,
  });

/** The credit an order may use on a ledger state: what it already holds, else what is available. */
export const creditFor = (state: CreditState, reservationId: string, available: number) => state.holds[reservationId]?.amount ?? available;

/** Refuses an order whose card was refused before (same key), or that pays for a verification already paid. */
export function refuseRepeat(state: CreditState, reservationId: string, plan: MoneyOrderPlan): void {
  const ended = state.closed[reservationId];
  if (ended?.outcome === 'released') throw new DomainError('unprocessable', ended.message, ended.code);
  for (const l of plan.lines) {
    const v = state.verifications[l.verificationId];
    if (v && !v.refunded) throw new DomainError('conflict', `Verification ${l.verificationId} has already been paid.`, 'QC-ALREADY-PAID');
  }
}
