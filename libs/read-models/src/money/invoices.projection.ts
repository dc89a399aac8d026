import type { InvoiceCompany, InvoiceEvent, InvoiceItem, InvoiceIssued } from '@credence/domain';
import type { Projection, Row } from '../projection';

/** The invoice view (2.14, 3.) and the staff resource `invoices`. Amounts in minor units. */
export interface InvoiceRow extends Row {
  id: string;
  companyId: string;
  kind: InvoiceIssued['data']['kind'];
  billing: InvoiceIssued['data']['billing'];
  status: 'ISSUED' | 'PAID';
  currency: string;
  individual: boolean;
  company: InvoiceCompany & Record<string, unknown>;
  items: InvoiceItem[];
  vatRatePercent: number;
  subtotalMinor: number;
  vatMinor: number;
  creditUsedMinor: number;
  totalMinor: number;
  paidMinor: number;
  cardFeeMinor: number;
  paymentMethod: string | null;
  transactionId: string | null;
  receiptId: string | null;
  username: string;
  impersonator: string | null;
  created: string;
  paidAt: string | null;
}

export const invoicesProjection: Projection<InvoiceRow> = {
  name: 'invoices',
  version: 1,
  handles: ['InvoiceIssued', 'InvoicePaid'],
  rowIds: (event) => [(event.data as { invoiceId: string }).invoiceId],
  evolve: (row, projected, id) => {
    const event = { type: projected.type, schemaVersion: projected.schemaVersion, data: projected.data } as InvoiceEvent;
    switch (event.type) {
      case 'InvoiceIssued': {
        const d = event.data;
        return {
          id,
          companyId: d.companyId,
          kind: d.kind,
          billing: d.billing,
          status: 'ISSUED',
          currency: d.currency,
          individual: d.individual,
          company: { ...d.company },
          items: d.items,
          vatRatePercent: d.vatRatePercent,
          subtotalMinor: d.subtotalMinor,
          vatMinor: d.vatMinor,
          creditUsedMinor: d.creditUsedMinor,
          totalMinor: d.totalMinor,
          paidMinor: 0,
          cardFeeMinor: 0,
          paymentMethod: null,
          transactionId: null,
          receiptId: null,
          username: projected.metadata.actor,
          impersonator: projected.metadata.impersonator ?? null,
          created: projected.metadata.occurredAt,
          paidAt: null,
        };
      }
      case 'InvoicePaid': {
        if (!row) return null;
        const d = event.data;
        return {
          ...row,
          status: 'PAID',
          paidMinor: d.paidMinor,
          cardFeeMinor: d.cardFeeMinor,
          paymentMethod: d.method,
          transactionId: d.transactionId,
          receiptId: d.receiptId,
          // Staff settling an invoice account's invoice give the day the money arrived.
          paidAt: d.paidOn ?? projected.metadata.occurredAt,
        };
      }
      default: {
        const never: never = event;
        throw new Error(`invoices: unknown event ${String((never as { type: string }).type)}`);
      }
    }
  },
};
