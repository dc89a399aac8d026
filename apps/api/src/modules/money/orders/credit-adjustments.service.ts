import type { VerificationRefundView } from '@credence/api-contract';
import { Injectable } from '@nestjs/common';
import { availableCredit, creditDecider, creditStream, DomainError, type CreditRefunded, type CreditUnit } from '@credence/domain';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { moneyId, moneyStep, type MoneyActor } from '../ledger/money-ids';
import { MoneyAccounts } from './money-accounts';
import { MoneyProjections } from './money-projections';

export interface AdjustmentResult {
  id: string;
  companyId: string;
  unit: CreditUnit;
  /** Signed: minor units for money, credits for token payers. */
  amount: number;
  reason: string;
  /** Spendable balance afterwards, counted the same way. */
  balance: number;
}

/** The one refund a verification can have: staff's and the lifecycle's share it, so it happens once. */
export const verificationRefundMovementId = (companyId: string, verificationId: string) => moneyId(`${moneyId(`refund/${companyId}/${verificationId}`)}/refund`);

/** Staff grants and removals of credit (audited), and refunds of what a verification took. */
@Injectable()
export class CreditAdjustmentsService {
  constructor(
    private readonly accounts: MoneyAccounts,
    private readonly commands: CommandHandling,
    private readonly projections: MoneyProjections,
    private readonly audit: AuditService,
  ) {}

  /**
   * Grants (positive) or removes (negative) credit with a reason. The amount counts as the ledger does: minor units
   * (pence, cents) for money accounts, credits for token accounts.
   */
  async adjust(staff: MoneyActor, request: { companyId: string; amount: number; reason: string }, idempotencyKey: string): Promise<AdjustmentResult> {
    const account = await this.accounts.get(request.companyId);
    if (!account.unit) throw new DomainError('unprocessable', 'This account does not hold credit (payment type NONE).');
    const amount = request.amount;
    if (!Number.isSafeInteger(amount) || amount === 0) {
      throw new DomainError('invalid', account.unit === 'credits' ? 'The amount must be a whole number of credits other than 0.' : 'The amount must be a whole number of pence (minor units) other than 0.');
    }
    const commandId = moneyId(`adjust/${account.companyId}/${idempotencyKey}`);
    const movementId = moneyId(`${commandId}/adjust`);
    const unit = account.unit;
    const done = await this.commands.handleCommand({
      stream: creditStream(account.companyId),
      decider: creditDecider,
      command: { type: 'AdjustCredit', movementId, unit, currency: unit === 'money' ? account.currency : null, amount, reason: request.reason },
      context: moneyStep(commandId, 'adjust', staff, account.companyId),
    });
    // Audited once: a retry of the request (same key) appends nothing and records nothing.
    if (done.events.length && !done.replayed) {
      await this.audit.record(
        amount > 0 ? 'CreditGrantedByStaff' : 'CreditRemovedByStaff',
        { companyId: account.companyId, movementId, unit: account.unit, amount: request.amount, reason: request.reason.trim() },
        { actor: staff.username, impersonator: staff.impersonator, companyId: account.companyId },
      );
    }
    await this.projections.caughtUp(done);
    const balance = availableCredit(done.state, account.unit);
    return {
      id: movementId,
      companyId: account.companyId,
      unit: account.unit,
      amount: request.amount,
      reason: request.reason.trim(),
      balance,
    };
  }

  /**
   * Gives back what a verification took (its check and accreditation), e.g. when it is cancelled before work starts:
   * what its invoice was paid by card goes back to that card (CardRefundReactor asks the provider after the commit),
   * what came from credit returns as credit. Idempotent per verification; audited once.
   */
  async refundVerification(
    actor: MoneyActor,
    companyId: string,
    verificationId: string,
    reason: string,
  ): Promise<VerificationRefundView> {
    const account = await this.accounts.get(companyId);
    if (!reason.trim()) throw new DomainError('invalid', 'A reason is required.');
    const commandId = moneyId(`refund/${companyId}/${verificationId}`);
    const movementId = verificationRefundMovementId(companyId, verificationId);
    const done = await this.commands.handleCommand({
      stream: creditStream(companyId),
      decider: creditDecider,
      command: { type: 'RefundVerification', movementId, verificationId, currency: account.unit === 'money' ? account.currency : null, reason: reason.trim() },
      context: moneyStep(commandId, 'refund', actor, companyId),
    });
    const refunded = done.events.find((e) => e.type === 'CreditRefunded') as CreditRefunded | undefined;
    if (refunded && !done.replayed) {
      await this.audit.record(
        'VerificationRefundedByStaff',
        { companyId, verificationId, movementId, toCreditAmount: refunded.data.amount, toCard: refunded.data.toCard ?? null, reason: reason.trim() },
        { actor: actor.username, impersonator: actor.impersonator, companyId },
      );
    }
    await this.projections.caughtUp(done);
    const due = done.state.cardRefundsDue[movementId];
    return {
      id: movementId,
      refunded: !!refunded && !done.replayed,
      unit: account.unit,
      toCredit: refunded?.data.amount ?? null,
      toCard: due ? { invoiceId: due.invoiceId, amountMinor: due.amountMinor, status: done.state.cardRefunds[movementId] ?? 'PENDING' } : null,
      balance: account.unit ? availableCredit(done.state, account.unit) : 0,
    };
  }
}
