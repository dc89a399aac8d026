import { invoiceStream, type OrderBilled } from '@credence/domain';
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

  /**
   * Waits until the invoices the decision owes are issued and shown with it. Takes the decision's append (its
   * events, and the position of the last), as a command answered it or as the ledger holds it on a retry.
   *
   * The wait is for the invoice streams' own positions, read once the reactor has passed the decision: not for the
   * store's head, which stops below the oldest transaction still open anywhere in the cluster (readAll's xmin
   * bound), so an invoice appended after such a transaction took its xid is above the head until it ends, and the
   * read models reaching the head said nothing about the invoice.
   */
  async followed(decision: { position: Position | null; events: readonly { type: string; data?: unknown }[] }): Promise<void> {
    if (!decision.position) return;
    await this.projections.waitFor(INVOICING_REACTOR, decision.position);
    const invoiceIds = decision.events
      .filter((e) => e.type === 'OrderBilled')
      .flatMap((e) => (e.data as OrderBilled['data']).invoices.map((due) => due.issue.invoiceId));
    const issued = await Promise.all(
      invoiceIds.map(async (id) => {
        const events = await this.store.readStream(invoiceStream(id));
        // The reactor has passed the decision, so it has appended them (its checkpoint moves only after it has).
        if (!events.length) throw new Error(`invoice ${id} was not issued although its order was followed`);
        return { position: events[events.length - 1].position };
      }),
    );
    await this.money.caughtUp({ position: decision.position }, ...issued);
  }
}
