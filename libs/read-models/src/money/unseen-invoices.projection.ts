import type { InvoiceIssued, InvoicesSeen } from '@credence/domain';
import type { Projection, Row } from '../projection';

/**
 * The unseen-invoice counter (2.3, 2.13, 4.): per company, how many invoices were issued (`company:<id>`); per
 * user, how many of those they had when they last opened the credit history (`user:<id>`). A user's unseen count
 * is the difference.
 */
export interface UnseenInvoicesRow extends Row {
  id: string;
  companyId: string;
  issued: number;
  seen: number;
}

export const companyCounterId = (companyId: string) => `company:${companyId}`;
export const userCounterId = (userId: string) => `user:${userId}`;

export const unseenInvoicesProjection: Projection<UnseenInvoicesRow> = {
  name: 'unseen-invoices',
  version: 1,
  handles: ['InvoiceIssued', 'InvoicesSeen'],
  rowIds: (event) =>
    event.type === 'InvoiceIssued'
      ? [companyCounterId((event.data as InvoiceIssued['data']).companyId)]
      : [userCounterId((event.data as InvoicesSeen['data']).userId)],
  evolve: (row, event, id) => {
    if (event.type === 'InvoiceIssued') {
      const d = event.data as InvoiceIssued['data'];
      return { id, companyId: d.companyId, issued: (row?.issued ?? 0) + 1, seen: 0 };
    }
    const d = event.data as InvoicesSeen['data'];
    return { id, companyId: d.companyId, issued: 0, seen: Math.max(row?.seen ?? 0, d.issuedCount) };
  },
};

/** What a user has not seen yet. */
export const unseenCount = (company: Pick<UnseenInvoicesRow, 'issued'> | null, user: Pick<UnseenInvoicesRow, 'seen'> | null) =>
  Math.max(0, (company?.issued ?? 0) - (user?.seen ?? 0));
