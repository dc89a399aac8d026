import type { TimedEvent } from '../../shared/decider';
import type { InvoiceEvent, InvoiceIssued, InvoicePaid } from './invoice.events';

export interface InvoiceState {
  issued: InvoiceIssued['data'] | null;
  paid: InvoicePaid['data'] | null;
}

export const initialInvoiceState = (): InvoiceState => ({ issued: null, paid: null });

export function evolveInvoice(state: InvoiceState, event: TimedEvent<InvoiceEvent>): InvoiceState {
  switch (event.type) {
    case 'InvoiceIssued':
      return { ...state, issued: event.data };
    case 'InvoicePaid':
      return { ...state, paid: event.data };
    default: {
      const never: never = event;
      throw new Error(`unknown invoice event ${String((never as { type: string }).type)}`);
    }
  }
}
