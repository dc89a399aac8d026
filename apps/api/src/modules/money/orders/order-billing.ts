import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore, type Position } from '../../../infrastructure/event-store/event-store.port';
import { ProjectionsService } from '../../../infrastructure/projections/projections.service';
import { InvoiceNumbers } from '../persistence/invoice-numbers';
import { INVOICING_REACTOR } from '../reactions/issue-invoices.reactor';
import { MoneyProjections } from './money-projections';

/**
 * The invoices of a decision on the credit ledger. The ledger's append (movements + OrderBilled) is the decision;
 * the invoice streams follow from OrderBilled by the invoicing reactor, keyed by invoice id. A request answers once
 * they have followed and the read models show them, so the caller's next GET finds its invoice.
 */
@Injectable()
export class OrderBilling {
  constructor(
    private readonly numbers: InvoiceNumbers,
    private readonly projections: ProjectionsService,
    private readonly money: MoneyProjections,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** The invoice id of a command key: the same on every attempt of one command. */
  invoiceId(commandKey: string): Promise<string> {
    return this.numbers.allocate(commandKey);
  }

  /** Waits until the money read models show these appends (decisions that owe no invoice). */
  shown(...appends: ({ position: Position | null } | null | undefined)[]): Promise<void> {
    return this.money.caughtUp(...appends);
  }

  /** Waits until the invoices the decision at `decision` owes are issued and shown with it. */
  async followed(decision: Position | null): Promise<void> {
    if (!decision) return;
    await this.projections.waitFor(INVOICING_REACTOR, decision);
    // The reactor has appended them: everything up to now is what the read models must show.
    await this.money.caughtUp({ position: await this.store.headPosition() });
  }
}
