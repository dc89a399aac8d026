import { invoiceDecider, invoiceStream, type OrderBilled } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import type { ReactorDefinition } from '../../../infrastructure/projections/reactor-runner';

export const INVOICING_REACTOR = 'reactor:money-invoices';

/**
 * The invoice streams follow the credit ledger. An order's (or a credit purchase's) decision is its append to
 * `credit-<company>`: the movements, and OrderBilled naming the invoices it owes. This reactor issues each of them
 * on `invoice-<id>` after that commit, as a command whose id derives from the OrderBilled event and the invoice,
 * so reacting twice (a crash before the checkpoint moved) appends nothing new, and the invoice decider issues and
 * pays an invoice once anyway.
 */
@Injectable()
export class InvoiceIssuingReactor {
  constructor(private readonly commands: CommandHandling) {}

  definition(): ReactorDefinition {
    return {
      name: INVOICING_REACTOR,
      // Every OrderBilled must be followed, also one a seed appended before this runner took its lock.
      firstStart: 'start',
      handles: (event) => event.type === 'OrderBilled' && event.streamName.startsWith('credit-'),
      react: async (recorded) => {
        const { metadata } = recorded;
        for (const due of (recorded as unknown as OrderBilled).data.invoices) {
          await this.commands.handleCommand({
            stream: invoiceStream(due.issue.invoiceId),
            decider: invoiceDecider,
            command: due.pay ? [due.issue, due.pay] : [due.issue],
            context: {
              commandId: `${metadata.eventId}/invoice/${due.issue.invoiceId}`,
              causationId: metadata.eventId,
              correlationId: metadata.correlationId,
              actor: metadata.actor,
              impersonator: metadata.impersonator ?? null,
              tenantId: due.issue.companyId,
            },
          });
        }
      },
    };
  }
}
