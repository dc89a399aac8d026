import type { ProjectedEvent } from '../projection';
import { creditMovementsProjection } from './credit-movements.projection';
import { invoicesProjection } from './invoices.projection';
import { unseenCount, unseenInvoicesProjection } from './unseen-invoices.projection';

let revision = 0n;
const event = (streamName: string, type: string, data: unknown, tenantId?: string): ProjectedEvent => ({
  streamName,
  revision: revision++,
  type,
  schemaVersion: 1,
  data,
  recordedAt: new Date('2026-03-01T10:00:00Z'),
  metadata: {
    eventId: `e${revision}`,
    correlationId: 'c',
    causationId: 'c',
    actor: 'alice@acme.test',
    occurredAt: '2026-03-01T10:00:00.000Z',
    tenantId,
  },
});

/** Feeds events through a projection like the runner does, keeping rows by id. */
function project<R extends { id: string }>(
  p: { rowIds(e: ProjectedEvent): readonly string[]; evolve(row: R | null, e: ProjectedEvent, id: string): R | null; handles: readonly string[] },
  events: ProjectedEvent[],
) {
  const rows = new Map<string, R>();
  for (const e of events) {
    if (!p.handles.includes(e.type)) continue;
    for (const id of p.rowIds(e)) {
      const next = p.evolve(rows.get(id) ?? null, e, id);
      if (next) rows.set(id, next);
      else rows.delete(id);
    }
  }
  return rows;
}

const movement = { unit: 'money', currency: 'GBP' };
const ledger = [
  event('credit-uni-demo-account', 'CreditGranted', { ...movement, movementId: 'm0', amount: 1000, balanceAfter: 1000, reason: 'Opening credit' }),
  event('credit-uni-demo-account', 'CreditPurchased', { ...movement, movementId: 'm1', amount: 4400, balanceAfter: 5400, invoiceId: '100001', method: 'card', transactionId: 'tx1', receiptId: 'AUTH01' }),
  event('credit-uni-demo-account', 'CreditReserved', { reservationId: 'R1', unit: 'money', amount: 1000 }),
  event('credit-uni-demo-account', 'CreditSpent', { ...movement, movementId: 'm2', amount: 5400, balanceAfter: 0, verificationId: 'QC1', invoiceId: '100001', name: 'Jane Roe - University of Demo', candidateName: 'Jane Roe', instituteName: 'University of Demo' }),
  event('credit-uni-demo-account', 'CreditReservationSettled', { reservationId: 'R1' }),
  event('credit-uni-demo-account', 'CreditGranted', { ...movement, movementId: 'm3', amount: 250, balanceAfter: 250, reason: 'Goodwill' }),
];

describe('credit movements', () => {
  it('makes a history row per movement, with the company from the stream and who acted', () => {
    const rows = project(creditMovementsProjection, ledger);
    expect([...rows.keys()]).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect(rows.get('m1')).toMatchObject({ companyId: 'uni-demo-account', type: 'PURCHASE', amount: 4400, signedAmount: 4400, invoiceId: '100001', receiptId: 'AUTH01', username: 'alice@acme.test' });
    expect(rows.get('m2')).toMatchObject({ type: 'PSV', amount: 5400, signedAmount: -5400, name: 'Jane Roe - University of Demo', verificationId: 'QC1' });
    expect(rows.get('m3')).toMatchObject({ type: 'GRANT', name: 'Goodwill', reason: 'Goodwill' });
    // Ledger order, for the balance: the latest movement's balanceAfter.
    const latest = [...rows.values()].sort((x, y) => y.seq - x.seq)[0];
    expect(latest).toMatchObject({ id: 'm3', balanceAfter: 250 });
    expect(rows.get('m1')!.seq).toBeLessThan(rows.get('m2')!.seq);
  });
});

const issued = (invoiceId: string, companyId = 'acme') =>
  event(`invoice-${invoiceId}`, 'InvoiceIssued', {
    invoiceId,
    companyId,
    kind: 'order',
    billing: 'card',
    currency: 'GBP',
    individual: false,
    company: { name: 'Acme Recruitment Ltd' },
    items: [],
    vatRatePercent: 20,
    subtotalMinor: 4500,
    vatMinor: 900,
    creditUsedMinor: 1000,
    totalMinor: 4400,
  }, companyId);

describe('invoices', () => {
  it('shows an issued invoice, then its payment', () => {
    const rows = project(invoicesProjection, [
      issued('100001'),
      event('invoice-100001', 'InvoicePaid', { invoiceId: '100001', paidMinor: 4400, cardFeeMinor: 0, method: 'card', transactionId: 'tx1', receiptId: 'AUTH01' }),
    ]);
    expect(rows.get('100001')).toMatchObject({ status: 'PAID', totalMinor: 4400, paidMinor: 4400, transactionId: 'tx1', receiptId: 'AUTH01', username: 'alice@acme.test' });
  });
});

describe('unseen invoices', () => {
  it('counts invoices per company and what each user has seen', () => {
    const rows = project(unseenInvoicesProjection, [
      issued('1'),
      issued('2'),
      issued('3', 'globex'),
      event('invoiceinbox-u1', 'InvoicesSeen', { userId: 'u1', companyId: 'acme', issuedCount: 2 }),
      issued('4'),
    ]);
    expect(rows.get('company:acme')).toMatchObject({ issued: 3 });
    expect(rows.get('company:globex')).toMatchObject({ issued: 1 });
    expect(unseenCount(rows.get('company:acme') ?? null, rows.get('user:u1') ?? null)).toBe(1);
    expect(unseenCount(rows.get('company:acme') ?? null, null)).toBe(3);
  });
});
