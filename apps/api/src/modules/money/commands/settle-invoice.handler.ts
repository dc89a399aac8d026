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
    const today = new Date().toISOString().slice(0, 10);
    const paidOn = request.paidOn?.trim() || today;
    const reference = request.reference.trim();
    const commandId = moneyId(`settle/${invoiceId}/${reference}`);
    const loaded = await this.commands.load(invoiceStream(invoiceId), invoiceDecider);
    const companyId = loaded.state.issued?.companyId ?? 'unknown';
    const done = await this.commands.handleCommand({
      stream: invoiceStream(invoiceId),
      decider: invoiceDecider,
      command: { type: 'SettleInvoice', reference, paidOn, today },
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
