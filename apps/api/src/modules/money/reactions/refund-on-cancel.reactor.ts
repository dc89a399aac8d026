import { creditDecider, creditStream, VERIFICATION_STREAM_PREFIX, type CreditCommand, type VerificationEvent } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../../../infrastructure/event-store/event-store.port';
import type { ReactorDefinition } from '../../../infrastructure/projections/reactor-runner';
import { moneyId } from '../ledger/money-ids';
import { MoneyAccounts } from '../orders/money-accounts';
import { verificationRefundMovementId } from '../orders/credit-adjustments.service';

export const LIFECYCLE_REFUNDS_REACTOR = 'reactor:money-lifecycle-refunds';
export const LIFECYCLE_REFUND_ACTOR = 'system:verification-refunds';

/** Results a verification may be deleted from after it was paid (from AWAITING_CONSENT or UNPAID nothing was paid). */
const PAID_DELETABLE = new Set(['NOT_FOUND', 'REJECTED', 'CANCELLED']);

/**
 * Money back when a paid verification ends without being worked (the spec is silent; this is what a customer
 * expects): cancelled (by the customer or staff) or deleted before a resolver gave it any answer, i.e. while it
 * waited in the automatic check, for manual checking, or delayed at source. One that a resolver answered
 * (VerificationResolved, e.g. REJECTED and then cancelled instead of amended) was worked, and is not refunded
 * here; staff may still refund it from the console.
 *
 * What it cost goes back as the staff refund does (RefundVerification on the credit ledger): to the card it was paid
 * by (CardRefundReactor asks the provider), else as credit. Exactly once: the refund's movement id is the
 * verification's own (the same one a staff refund uses), so a cancel then a delete, a staff refund, or this event
 * reacted to twice after a crash all decide nothing more; the command's id derives from the event id.
 */
@Injectable()
export class LifecycleRefundReactor {
  constructor(
    private readonly commands: CommandHandling,
    private readonly accounts: MoneyAccounts,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  definition(): ReactorDefinition {
    return {
      name: LIFECYCLE_REFUNDS_REACTOR,
      // From the end of the log when first seen: deploying this must not refund every cancellation of the past
      // (staff decided those by hand); from then on its checkpoint keeps it from missing one.
      firstStart: 'end',
      handles: (event) =>
        event.streamName.startsWith(VERIFICATION_STREAM_PREFIX) && (event.type === 'VerificationCancelled' || event.type === 'VerificationDeleted'),
      react: (event) => this.react(event),
    };
  }

  /** Whether the event calls for a refund, judged from the verification's own history up to it. */
  async refundable(event: RecordedEvent): Promise<boolean> {
    const e = event as unknown as VerificationEvent;
    if (e.type === 'VerificationDeleted' && !PAID_DELETABLE.has(e.data.previousResult ?? '')) return false;
    const history = await this.store.readStream(event.streamName);
    return !history.some((h) => h.revision < event.revision && h.type === 'VerificationResolved');
  }

  private async react(event: RecordedEvent) {
    const companyId = event.metadata.tenantId;
    if (!companyId || !(await this.refundable(event))) return;
    const verificationId = event.streamName.slice(VERIFICATION_STREAM_PREFIX.length);
    const movementId = verificationRefundMovementId(companyId, verificationId);
    const ledger = await this.commands.load(creditStream(companyId), creditDecider);
    const paid = ledger.state.verifications[verificationId];
    // Not paid from this account's ledger (free, paid by an application's owner), or given back already.
    if (!paid || paid.refunded || ledger.state.movementIds[movementId]) return;
    const account = await this.accounts.get(companyId);
    const reason = event.type === 'VerificationCancelled' ? 'Verification cancelled before it was worked' : 'Verification deleted before it was worked';
    const commandId = moneyId(`lifecycle-refund/${event.metadata.eventId}`);
    await this.commands.handleCommand({
      stream: creditStream(companyId),
      decider: creditDecider,
      command: (state): CreditCommand[] =>
        state.movementIds[movementId] || !state.verifications[verificationId] || state.verifications[verificationId].refunded
          ? []
          : [{ type: 'RefundVerification', movementId, verificationId, currency: account.unit === 'money' ? account.currency : null, reason }],
      context: {
        commandId,
        causationId: event.metadata.eventId,
        correlationId: event.metadata.correlationId,
        actor: LIFECYCLE_REFUND_ACTOR,
        impersonator: null,
        tenantId: companyId,
      },
    });
  }
}
