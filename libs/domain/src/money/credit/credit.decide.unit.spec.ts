import { DomainError } from '../../shared/domain-error';
import type { ChargeLine, CreditCommand, SettleOrder } from './credit.commands';
import { decideCredit, INSUFFICIENT_CREDITS } from './credit.decide';
import type { CreditEvent } from './credit.events';
import { availableCredit, foldCredit } from './credit.state';

/** given events / when command / then events */
const given = (...events: CreditEvent[]) => foldCredit(events);
const run = (events: CreditEvent[], command: CreditCommand) => decideCredit(command, given(...events));
const apply = (events: CreditEvent[], command: CreditCommand) => [...events, ...run(events, command)];

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
    const events = run([], grant(25));
    expect(events).toEqual([
      {
        type: 'CreditGranted',
        schemaVersion: 1,
        data: { movementId: 'g25', unit: 'credits', amount: 25, currency: null, balanceAfter: 25, reason: 'Demo credit' },
      },
    ]);
  });

  it('spends one credit per check (PSV) and per accreditation (AC)', () => {
    const history = run([], grant(25));
    const events = run(history, settle([charge('V1', 1), charge('V1', 1, 'AC'), charge('V2', 1)]));
    expect(events.map((e) => [e.type, (e.data as { balanceAfter: number }).balanceAfter])).toEqual([
      ['CreditSpent', 24],
      ['AccreditationCharged', 23],
      ['CreditSpent', 22],
    ]);
  });

  it('refuses an order the credits do not cover, with the spec-style message', () => {
    const history = run([], grant(1));
    expect(() => run(history, settle([charge('V1', 1), charge('V2', 1)]))).toThrow(INSUFFICIENT_CREDITS);
    try {
      run(history, settle([charge('V1', 1), charge('V2', 1)]));
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).kind).toBe('unprocessable');
    }
  });

  it('never charges a verification twice, but may again after a refund', () => {
    let events = apply([], grant(5));
    events = apply(events, settle([charge('V1', 1)]));
    expect(() => run(events, settle([{ ...charge('V1', 1), movementId: 'again' }]))).toThrow('Verification V1 has already been paid.');
    events = apply(events, { type: 'RefundVerification', movementId: 'r1', verificationId: 'V1', currency: null, reason: 'Cancelled' });
    expect(given(...events).balances.credits).toBe(5);
    expect(run(events, settle([{ ...charge('V1', 1), movementId: 'again' }]))).toHaveLength(1);
  });

  it('refunds what the verification took, its accreditation included, once', () => {
    let events = apply([], grant(5));
    events = apply(events, settle([charge('V1', 1), charge('V1', 1, 'AC')]));
    const refund: CreditCommand = { type: 'RefundVerification', movementId: 'r1', verificationId: 'V1', currency: null, reason: 'Cancelled' };
    expect(run(events, refund)).toEqual([
      expect.objectContaining({ type: 'CreditRefunded', data: expect.objectContaining({ amount: 2, balanceAfter: 5 }) }),
    ]);
    events = apply(events, refund);
    expect(run(events, refund)).toEqual([]);
    expect(() => run(events, { ...refund, movementId: 'r2' })).toThrow('has already been refunded');
    expect(() => run(events, { ...refund, movementId: 'r3', verificationId: 'V9' })).toThrow(DomainError);
  });

  it('removes credit only down to zero', () => {
    const events = apply([], grant(3));
    expect(run(events, grant(-3, 'credits', 'rm'))).toEqual([
      expect.objectContaining({ type: 'CreditRemoved', data: expect.objectContaining({ amount: 3, balanceAfter: 0 }) }),
    ]);
    expect(() => run(events, grant(-4, 'credits', 'rm'))).toThrow('cannot go below zero');
    expect(() => run(events, { ...grant(1), reason: ' ' } as CreditCommand)).toThrow('A reason is required.');
    expect(() => run(events, grant(0))).toThrow(DomainError);
  });

  it('decides nothing new for a retried grant or purchase (same movement id)', () => {
    const events = apply([], grant(3));
    expect(run(events, grant(3))).toEqual([]);
    const purchase: CreditCommand = {
      type: 'PurchaseCredit',
      unit: 'money',
      currency: 'GBP',
      purchase: { movementId: 'p1', invoiceId: '100001', amount: 1000, method: 'card', transactionId: 't1', receiptId: 'A1' },
    };
    const bought = apply([], purchase);
    expect(bought[0]).toMatchObject({ type: 'CreditPurchased', data: { amount: 1000, balanceAfter: 1000 } });
    expect(run(bought, purchase)).toEqual([]);
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
    expect(availableCredit(given(...events), 'money')).toBe(0);
    expect(() => run(events, { type: 'ReserveCredit', reservationId: 'R2', unit: 'money', amount: 1 })).toThrow(DomainError);
    // The same reservation again decides nothing.
    expect(run(events, { type: 'ReserveCredit', reservationId: 'R1', unit: 'money', amount: 1000 })).toEqual([]);
    events = apply(events, { type: 'ReleaseReservation', reservationId: 'R1', code: 'QC-CARD-DECLINED', message: 'Declined' });
    expect(availableCredit(given(...events), 'money')).toBe(1000);
    expect(given(...events).closed.R1).toEqual({ outcome: 'released', code: 'QC-CARD-DECLINED', message: 'Declined' });
    expect(() => run(events, { type: 'ReserveCredit', reservationId: 'R1', unit: 'money', amount: 1000 })).toThrow(DomainError);
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
    const settled = run(events, order);
    expect(settled.map((e) => e.type)).toEqual(['CreditPurchased', 'CreditSpent', 'CreditReservationSettled']);
    expect(settled.map((e) => (e.data as { balanceAfter?: number }).balanceAfter)).toEqual([5400, 0, undefined]);
    events = [...events, ...settled];
    expect(given(...events)).toMatchObject({ balances: { money: 0 }, holds: {} });
    expect(run(events, order)).toEqual([]);
  });

  it('does not let an order spend credit another order holds', () => {
    let events = apply([], money(1000));
    events = apply(events, { type: 'ReserveCredit', reservationId: 'R1', unit: 'money', amount: 600 });
    const other = settle([charge('V2', 500)], { unit: 'money', currency: 'GBP' });
    expect(() => run(events, other)).toThrow(DomainError);
    expect(run(events, settle([charge('V2', 400)], { unit: 'money', currency: 'GBP' }))).toHaveLength(1);
  });
});
