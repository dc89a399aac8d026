import { invoiceDecider, invoiceStream } from '@credence/domain';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { moneyId, moneyStep, type MoneyActor } from '../ledger/money-ids';
import { MoneyProjections } from '../orders/money-projections';

export interface SettleInvoiceRequest {
  /** Staff's payment reference (bank transfer, cheque): the invoice's Receipt Id. */
  reference: string;
  /** yyyy-MM-dd the money arrived; today when not given. */
  paidOn?: string;
}

/** Staff mark an invoice account's invoice paid (POST /admin/invoices/{id}/settlement). */
export class SettleInvoice extends Command<{ id: string; status: 'PAID'; paidOn: string; reference: string }> {
  constructor(
    readonly staff: MoneyActor,
    readonly invoiceId: string,
    readonly request: SettleInvoiceRequest,
  ) {
    super();
  }
}

/**
 * The latest calendar day that has begun somewhere (UTC+14 is the furthest ahead), as yyyy-MM-dd. The console sends
 * the staff member's own day: in London just after midnight in summer that is already tomorrow in UTC, and refusing
 * it as "in the future" would refuse the day the money did arrive. A day no one has reached yet is still refused.
 */
export function latestDayBegun(now: Date): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * One append to `invoice-<id>` (InvoicePaid, method 'transfer') through the command loop, audited once: a repeat
 * with the same reference decides nothing and records nothing. Answers once the invoice read model shows it paid.
 */
@CommandHandler(SettleInvoice)
export class SettleInvoiceHandler implements ICommandHandler<SettleInvoice> {
  constructor(
    private readonly commands: CommandHandling,
    private readonly projections: MoneyProjections,
    private readonly audit: AuditService,
  ) {}

  async execute({ staff, invoiceId, request }: SettleInvoice) {
    const now = new Date();
    // Left out, the money arrived today (UTC's day, as the invoice's other dates).
    const paidOn = request.paidOn?.trim() || now.toISOString().slice(0, 10);
    const reference = request.reference.trim();
    const commandId = moneyId(`settle/${invoiceId}/${reference}`);
    const loaded = await this.commands.load(invoiceStream(invoiceId), invoiceDecider);
    const companyId = loaded.state.issued?.companyId ?? 'unknown';
    const done = await this.commands.handleCommand({
      stream: invoiceStream(invoiceId),
      decider: invoiceDecider,
      command: { type: 'SettleInvoice', reference, paidOn, today: latestDayBegun(now) },
      context: moneyStep(commandId, 'settle', staff, companyId),
    });
    if (done.events.length && !done.replayed) {
      await this.audit.record(
        'InvoiceSettledByStaff',
        { invoiceId, reference, paidOn, paidMinor: done.state.paid?.paidMinor ?? null },
        { actor: staff.username, impersonator: staff.impersonator, companyId },
      );
    }
    await this.projections.caughtUp(done);
    return { id: invoiceId, status: 'PAID' as const, paidOn: done.state.paid?.paidOn ?? paidOn, reference: done.state.paid?.receiptId ?? reference };
  }
}
