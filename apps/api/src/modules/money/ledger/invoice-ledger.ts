import { Inject, Injectable } from '@nestjs/common';
import {
  decideInvoice,
  evolveInvoice,
  initialInvoiceState,
  invoiceStream,
  timed,
  type InvoiceEvent,
  type InvoiceState,
  type IssueInvoice,
  type PayInvoice,
} from '@credence/domain';
import { EVENT_STORE, type AppendResult, type EventStore, type RecordedEvent } from '../../../infrastructure/event-store/event-store.port';
import { withMetadata, type MoneyActor } from './event-metadata';

/** Invoices as event streams, `invoice-<id>`: issued once, paid once. */
@Injectable()
export class InvoiceLedger {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async load(invoiceId: string): Promise<{ state: InvoiceState; revision: bigint | null }> {
    const recorded = await this.store.readStream(invoiceStream(invoiceId));
    let state = initialInvoiceState();
    for (const e of recorded) state = evolveInvoice(state, e as RecordedEvent & InvoiceEvent);
    return { state, revision: recorded.length ? recorded[recorded.length - 1].revision : null };
  }

  /** Issues the invoice and, when given, records its payment, in one append (a retry appends nothing new). */
  async issue(
    issue: IssueInvoice,
    pay: PayInvoice | null,
    step: { commandId: string; actor: MoneyActor },
  ): Promise<AppendResult | null> {
    const { state, revision } = await this.load(issue.invoiceId);
    const issued = decideInvoice(issue, state);
    const afterIssue = issued.reduce((s, e) => evolveInvoice(s, timed(e, '')), state);
    const paid = pay ? decideInvoice(pay, afterIssue) : [];
    const events = [...issued, ...paid];
    if (events.length === 0) return null;
    return this.store.append(
      invoiceStream(issue.invoiceId),
      withMetadata(events, { commandId: step.commandId, step: `invoice/${issue.invoiceId}/${events.map((e) => e.type).join('+')}`, actor: step.actor, tenantId: issue.companyId }),
      revision ?? 'no_stream',
    );
  }
}
