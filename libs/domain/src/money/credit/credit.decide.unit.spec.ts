import { deciderSpec } from '../../shared/decider.spec-helper';
import type { ChargeLine, CreditCommand, SettleOrder } from './credit.commands';
import { creditDecider, INSUFFICIENT_CREDITS } from './credit.decide';
import type { CreditEvent } from './credit.events';
import { availableCredit } from './credit.state';

/** given events / when command / then events (time plays no part in a ledger). */
const { given, stateOf } = deciderSpec(creditDecider, { givenAt: '2026-11-20T10:00:00.000Z' });
/** The history after a command: to start the next scenario from. */
const apply = (events: CreditEvent[], command: CreditCommand) => [...events, ...given(events).when(command).events()];

const grant = (amount: number, unit: 'money' | 'credits' = 'credits', id = `g${amount}`): CreditCommand => ({
  type: 'AdjustCredit',
  movementId: id,
  unit,
  currency: unit === 'money' ? 'GBP' : null,
  amount,
  reason: 'Demo credit',
});

const charge = (verificationId: string, amount: number, kind: 'PSV' | 'AC' = 'PSV'): ChargeLine => ({
  movementId: `${kind}-${verificationId}`,
  kind,
  verificationId,
  invoiceId: null,
  name: `Candidate ${verificationId} - University of Demo`,
  candidateName: `Candidate ${verificationId}`,
  instituteName: 'University of Demo',
  amount,
});

const settle = (charges: ChargeLine[], extra: Partial<SettleOrder> = {}): SettleOrder => ({
  type: 'SettleOrder',
  unit: 'credits',
  currency: null,
  reservationId: null,
  purchases: [],
  charges,
  ...extra,
});

describe('credit ledger', () => {
  it('grants credits with a reason and counts the balance after', () => {
    given([])
      .when(grant(25))
      .then([
        {
          type: 'CreditGranted',
          schemaVersion: 1,
          data: { movementId: 'g25', unit: 'credits', amount: 25, currency: null, balanceAfter: 25, reason: 'Demo credit' },
        },
      ]);
  });

  it('spends one credit per check (PSV) and per accreditation (AC)', () => {
    const history = apply([], grant(25));
    given(history)
      .when(settle([charge('V1', 1), charge('V1', 1, 'AC'), charge('V2', 1)]))
      .then((events) =>
        expect(events.map((e) => [e.type, (e.data as { balanceAfter: number }).balanceAfter])).toEqual([
          ['CreditSpent', 24],
          ['AccreditationCharged', 23],
          ['CreditSpent', 22],
        ]),
      );
  });

  it('refuses an order the credits do not cover, with the spec-style message', () => {
    const history = apply([], grant(1));
    given(history).when(settle([charge('V1', 1), charge('V2', 1)])).thenRefused('unprocessable', INSUFFICIENT_CREDITS);
  });

  it('never charges a verification twice, but may again after a refund', () => {
    let events = apply([], grant(5));
    events = apply(events, settle([charge('V1', 1)]));
    given(events).when(settle([{ ...charge('V1', 1), movementId: 'again' }])).thenRefused('conflict', 'Verification V1 has already been paid.');
    events = apply(events, { type: 'RefundVerification', movementId: 'r1', verificationId: 'V1', currency: null, reason: 'Cancelled' });
    expect(stateOf(events).balances.credits).toBe(5);
    given(events)
      .when(settle([{ ...charge('V1', 1), movementId: 'again' }]))
      .then((decided) => expect(decided).toHaveLength(1));
  });

  it('refunds what the verification took, its accreditation included, once', () => {
    let events = apply([], grant(5));
    events = apply(events, settle([charge('V1', 1), charge('V1', 1, 'AC')]));
    const refund: CreditCommand = { type: 'RefundVerification', movementId: 'r1', verificationId: 'V1', currency: null, reason: 'Cancelled' };
    given(events)
      .when(refund)
      .then([{ type: 'CreditRefunded', data: expect.objectContaining({ amount: 2, balanceAfter: 5 }) }]);
    events = apply(events, refund);
    given(events).when(refund).then([]);
    given(events).when({ ...refund, movementId: 'r2' }).thenRefused('conflict', 'has already been refunded');
    given(events).when({ ...refund, movementId: 'r3', verificationId: 'V9' }).thenRefused('not-found');
  });

  it('removes credit only down to zero', () => {
    const events = apply([], grant(3));
    given(events)
      .when(grant(-3, 'credits', 'rm'))
      .then([{ type: 'CreditRemoved', data: expect.objectContaining({ amount: 3, balanceAfter: 0 }) }]);
    given(events).when(grant(-4, 'credits', 'rm')).thenRefused('unprocessable', 'cannot go below zero');
    given(events).when({ ...grant(1), reason: ' ' } as CreditCommand).thenRefused('invalid', 'A reason is required.');
    given(events).when(grant(0)).thenRefused('invalid');
  });

  it('decides nothing new for a retried grant or purchase (same movement id)', () => {
    const events = apply([], grant(3));
    given(events).when(grant(3)).then([]);
    const purchase: CreditCommand = {
      type: 'PurchaseCredit',
      unit: 'money',
      currency: 'GBP',
      purchase: { movementId: 'p1', invoiceId: '100001', amount: 1000, method: 'card', transactionId: 't1', receiptId: 'A1' },
    };
    const bought = apply([], purchase);
    expect(bought[0]).toMatchObject({ type: 'CreditPurchased', data: { amount: 1000, balanceAfter: 1000 } });
    given(bought).when(purchase).then([]);
  });
});

describe('reservations: credit held while a card is charged', () => {
  const money = (amount: number): CreditCommand => ({
    type: 'PurchaseCredit',
    unit: 'money',
    currency: 'GBP',
    purchase: { movementId: `p${amount}`, invoiceId: 'i', amount, method: 'card', transactionId: null, receiptId: null },
  });

  it('holds credit so a second order cannot spend it, and releases it when the payment fails', () => {
    let events = apply([], money(1000));
    events = apply(events, { type: 'ReserveCredit', reservationId: 'R1', unit: 'money', amount: 1000 });
    expect(availableCredit(stateOf(events), 'money')).toBe(0);
    given(events).when({ type: 'ReserveCredit', reservationId: 'R2', unit: 'money', amount: 1 }).thenRefused('unprocessable');
    // The same reservation again decides nothing.
    given(events).when({ type: 'ReserveCredit', reservationId: 'R1', unit: 'money', amount: 1000 }).then([]);
    events = apply(events, { type: 'ReleaseReservation', reservationId: 'R1', code: 'QC-CARD-DECLINED', message: 'Declined' });
    expect(availableCredit(stateOf(events), 'money')).toBe(1000);
    expect(stateOf(events).closed.R1).toEqual({ outcome: 'released', code: 'QC-CARD-DECLINED', message: 'Declined' });
    given(events).when({ type: 'ReserveCredit', reservationId: 'R1', unit: 'money', amount: 1000 }).thenRefused('conflict');
  });

  it('settles an order with its card payment and the held credit: purchases first, then charges', () => {
    let events = apply([], money(1000));
    events = apply(events, { type: 'ReserveCredit', reservationId: 'R1', unit: 'money', amount: 1000 });
    const order = settle([charge('V1', 5400)], {
      unit: 'money',
      currency: 'GBP',
      reservationId: 'R1',
      purchases: [{ movementId: 'buy', invoiceId: '100002', amount: 4400, method: 'card', transactionId: 't', receiptId: 'r' }],
    });
    const after = given(events)
      .when(order)
      .then((settled) => {
        expect(settled.map((e) => e.type)).toEqual(['CreditPurchased', 'CreditSpent', 'CreditReservationSettled']);
        expect(settled.map((e) => (e.data as { balanceAfter?: number }).balanceAfter)).toEqual([5400, 0, undefined]);
      });
    expect(after).toMatchObject({ balances: { money: 0 }, holds: {} });
    events = apply(events, order);
    given(events).when(order).then([]);
  });

  it('does not let an order spend credit another order holds', () => {
    let events = apply([], money(1000));
    events = apply(events, { type: 'ReserveCredit', reservationId: 'R1', unit: 'money', amount: 600 });
    given(events).when(settle([charge('V2', 500)], { unit: 'money', currency: 'GBP' })).thenRefused('unprocessable');
    given(events)
      .when(settle([charge('V2', 400)], { unit: 'money', currency: 'GBP' }))
      .then((decided) => expect(decided).toHaveLength(1));
  });

  it('records the invoices an order owes with its movements (OrderBilled, last), once: a repeat appends nothing', () => {
    const invoice = {
      issue: {
        type: 'IssueInvoice' as const,
        invoiceId: 'QC-INV-1',
        companyId: 'acme',
        kind: 'order' as const,
        billing: 'invoice' as const,
        currency: 'GBP',
        individual: false,
        company: { name: 'Acme', vatId: null, addressStreet1: null, addressStreet2: null, addressStreet3: null, addressCity: null, addressPostCode: null, addressCountry: { id: null, name: null } },
        items: [],
        vatRatePercent: 20,
        creditUsedMinor: 0,
      },
      pay: null,
    };
    const order = settle([{ ...charge('V1', 100), invoiceId: 'QC-INV-1' }], {
      unit: 'money',
      currency: 'GBP',
      purchases: [{ movementId: 'p1', invoiceId: 'QC-INV-1', amount: 100, method: 'invoice', transactionId: null, receiptId: null }],
      billing: { orderId: 'order-1', invoices: [invoice] },
    });
    given([])
      .when(order)
      .then((events) => {
        expect(events.map((e) => e.type)).toEqual(['CreditPurchased', 'CreditSpent', 'OrderBilled']);
        expect(events[2].data).toEqual({ orderId: 'order-1', invoices: [invoice] });
      });
    const history = apply([], order);
    expect(stateOf(history).balances.money).toBe(0);
    given(history).when({ type: 'PurchaseCredit', unit: 'money', currency: 'GBP', purchase: order.purchases[0], billing: order.billing }).then([]);
  });

  describe('refunds of a card payment go back to the card, refunds of credit stay credit', () => {
    /** 10.00 of credit held, 44.00 by card on invoice 100002: V1 costs 54.00, V2 (same order) 20.00, both on 100002. */
    const cardOrder = () => {
      let events = apply([], money(1000));
      events = apply(events, { type: 'ReserveCredit', reservationId: 'R1', unit: 'money', amount: 1000 });
      return apply(
        events,
        settle([{ ...charge('V1', 5400), invoiceId: '100002' }, { ...charge('V2', 2000), invoiceId: '100002' }], {
          unit: 'money',
          currency: 'GBP',
          reservationId: 'R1',
          purchases: [{ movementId: 'buy', invoiceId: '100002', amount: 6400, method: 'card', transactionId: 'tx1', receiptId: 'r' }],
        }),
      );
    };
    const refund = (verificationId: string, movementId = `r-${verificationId}`): CreditCommand => ({
      type: 'RefundVerification',
      movementId,
      verificationId,
      currency: 'GBP',
      reason: 'Cancelled',
    });

    it('sends the card part to the card (no credit added) and the rest back as credit', () => {
      let events = cardOrder();
      given(events)
        .when(refund('V1'))
        .then([
          {
            type: 'CreditRefunded',
            data: expect.objectContaining({ amount: 0, balanceAfter: 0, toCard: { invoiceId: '100002', transactionId: 'tx1', amountMinor: 5400 } }),
          },
        ]);
      events = apply(events, refund('V1'));
      // Only 10.00 of the card payment is left to refund: V2's other 10.00 was paid from credit.
      given(events)
        .when(refund('V2'))
        .then([{ type: 'CreditRefunded', data: expect.objectContaining({ amount: 1000, balanceAfter: 1000, toCard: expect.objectContaining({ amountMinor: 1000 }) }) }]);
    });

    it('a refund of what was paid from credit stays credit', () => {
      let events = apply([], money(5000));
      events = apply(events, settle([{ ...charge('V3', 3000), invoiceId: '100009' }], { unit: 'money', currency: 'GBP' }));
      given(events)
        .when(refund('V3'))
        .then([{ type: 'CreditRefunded', data: expect.objectContaining({ amount: 3000, balanceAfter: 5000, toCard: null }) }]);
    });

    it('records the provider refund once; a refused card refund is given back as credit', () => {
      let events = apply(cardOrder(), refund('V1'));
      const done: CreditCommand = { type: 'RecordCardRefund', refundMovementId: 'r-V1', outcome: { status: 'refunded', refundTransactionId: 'rf1' } };
      given(events)
        .when(done)
        .then([{ type: 'CardRefunded', schemaVersion: 1, data: { refundMovementId: 'r-V1', invoiceId: '100002', amountMinor: 5400, refundTransactionId: 'rf1' } }]);
      const refundedState = stateOf(apply(events, done));
      expect(refundedState.balances.money).toBe(0);
      given(apply(events, done)).when(done).then([]);
      given(apply(events, done))
        .when({ ...done, outcome: { status: 'failed', code: '91506', message: 'x', movementId: 'f1' } })
        .then([]);

      const failed: CreditCommand = { type: 'RecordCardRefund', refundMovementId: 'r-V1', outcome: { status: 'failed', code: '91506', message: 'Cannot refund', movementId: 'f1' } };
      given(events)
        .when(failed)
        .then([{ type: 'CardRefundFailed', data: expect.objectContaining({ amount: 5400, balanceAfter: 5400, code: '91506' }) }]);
      events = apply(events, failed);
      expect(stateOf(events).cardPayments['100002']).toMatchObject({ paidMinor: 6400, refundedMinor: 0 });
      given(events).when({ ...done, refundMovementId: 'nope' }).thenRefused('not-found');
    });
  });
});
