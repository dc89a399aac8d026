import type { Decider } from '../../shared/decider';
import { DomainError } from '../../shared/domain-error';
import { invoiceTotals } from '../invoice-totals';
import type { Minor } from '../money';
import type { InvoiceBilling, InvoiceCompany, InvoiceEvent, InvoiceItem, InvoiceKind, InvoicePaid } from './invoice.events';
import { evolveInvoice, initialInvoiceState, type InvoiceState } from './invoice.state';

export interface IssueInvoice {
  type: 'IssueInvoice';
  invoiceId: string;
  companyId: string;
  kind: InvoiceKind;
  billing: InvoiceBilling;
  currency: string;
  individual: boolean;
  company: InvoiceCompany;
  items: Omit<InvoiceItem, 'totalMinor'>[];
  vatRatePercent: number;
  creditUsedMinor: Minor;
}

export interface PayInvoice {
  type: 'PayInvoice';
  paidMinor: Minor;
  method: InvoicePaid['data']['method'];
  transactionId: string | null;
  receiptId: string | null;
}

/**
 * Staff record that an invoice-account invoice was paid (a bank transfer, a cheque): settlement of 'invoice'
 * billing. `reference` is staff's payment reference (shown as the Receipt Id), `paidOn` the day the money arrived.
 */
export interface SettleInvoice {
  type: 'SettleInvoice';
  reference: string;
  /** yyyy-MM-dd, not after `today`. */
  paidOn: string;
  /**
   * yyyy-MM-dd: the latest day the money can have arrived on, the latest day begun anywhere when staff record it
   * (time comes in, the domain reads no clock).
   */
  today: string;
}

export type InvoiceCommand = IssueInvoice | PayInvoice | SettleInvoice;

const whole = (v: number) => Number.isSafeInteger(v) && v >= 0;

/**
 * An invoice is issued once, with totals it computes itself from its items (money 9), and paid once, for at least
 * its total (anything above it is card fees).
 */
export function decideInvoice(command: InvoiceCommand, state: InvoiceState): InvoiceEvent[] {
  switch (command.type) {
    case 'IssueInvoice': {
      if (state.issued) return [];
      if (command.items.length === 0) throw new DomainError('invalid', 'An invoice needs at least one item.');
      const items: InvoiceItem[] = command.items.map((i) => {
        if (![i.priceMinor, i.surchargeMinor, i.accreditationMinor].every(whole)) {
          throw new DomainError('invalid', 'Invoice prices must be whole, non-negative amounts.');
        }
        return { ...i, totalMinor: i.priceMinor + i.surchargeMinor + i.accreditationMinor };
      });
      const totals = invoiceTotals(
        items.map((i) => i.totalMinor),
        command.vatRatePercent,
        command.creditUsedMinor,
      );
      if (!whole(command.creditUsedMinor) || totals.totalMinor < 0) {
        throw new DomainError('invalid', 'The credit used cannot exceed the invoice.');
      }
      return [
        {
          type: 'InvoiceIssued',
          schemaVersion: 1,
          data: {
            invoiceId: command.invoiceId,
            companyId: command.companyId,
            kind: command.kind,
            billing: command.billing,
            currency: command.currency,
            individual: command.individual,
            company: command.company,
            items,
            vatRatePercent: command.vatRatePercent,
            subtotalMinor: totals.subtotalMinor,
            vatMinor: totals.vatMinor,
            creditUsedMinor: command.creditUsedMinor,
            totalMinor: totals.totalMinor,
          },
        },
      ];
    }
    case 'PayInvoice': {
      if (!state.issued) throw new DomainError('not-found', 'Invoice not found.');
      if (state.paid) {
        if (state.paid.transactionId === command.transactionId && state.paid.paidMinor === command.paidMinor) return [];
        throw new DomainError('conflict', `Invoice ${state.issued.invoiceId} has already been paid.`);
      }
      if (!whole(command.paidMinor) || command.paidMinor < state.issued.totalMinor) {
        throw new DomainError('invalid', 'The payment must cover the invoice total.');
      }
      return [
        {
          type: 'InvoicePaid',
          schemaVersion: 1,
          data: {
            invoiceId: state.issued.invoiceId,
            paidMinor: command.paidMinor,
            cardFeeMinor: command.paidMinor - state.issued.totalMinor,
            method: command.method,
            transactionId: command.transactionId,
            receiptId: command.receiptId,
          },
        },
      ];
    }
    case 'SettleInvoice': {
      if (!state.issued) throw new DomainError('not-found', 'Invoice not found.');
      const reference = command.reference.trim();
      if (state.paid) {
        if (state.paid.method === 'transfer' && state.paid.receiptId === reference) return [];
        throw new DomainError('conflict', `Invoice ${state.issued.invoiceId} has already been paid.`);
      }
      if (state.issued.billing !== 'invoice') {
        throw new DomainError('unprocessable', 'Only invoices billed to an invoice account are settled by staff.');
      }
      if (!reference || reference.length > 100) throw new DomainError('invalid', 'A payment reference (1 to 100 characters) is required.');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(command.paidOn) || Number.isNaN(Date.parse(command.paidOn))) {
        throw new DomainError('invalid', 'The payment date must be a date (yyyy-MM-dd).');
      }
      if (command.paidOn > command.today) throw new DomainError('invalid', 'The payment date cannot be in the future.');
      return [
        {
          type: 'InvoicePaid',
          schemaVersion: 1,
          data: {
            invoiceId: state.issued.invoiceId,
            paidMinor: state.issued.totalMinor,
            cardFeeMinor: 0,
            method: 'transfer',
            transactionId: null,
            receiptId: reference,
            paidOn: command.paidOn,
          },
        },
      ];
    }
    default: {
      const never: never = command;
      throw new Error(`unknown invoice command ${String((never as { type: string }).type)}`);
    }
  }
}

/** The invoice aggregate, `invoice-<id>`: what the command-handling loop runs. */
export const invoiceDecider: Decider<InvoiceCommand, InvoiceEvent, InvoiceState> = {
  decide: decideInvoice,
  evolve: evolveInvoice,
  initialState: initialInvoiceState,
};
