import { execFileSync } from 'node:child_process';
import type { INestApplication } from '@nestjs/common';
import { creditDecider, creditStream, toMinor, type OrderLineInput } from '@credence/domain';
import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import { JwtStrategy } from '../src/common/auth/jwt.strategy';
import type { Principal, SessionClaims } from '../src/common/auth/principal';
import { CommandHandling } from '../src/infrastructure/command-handling/command-handling';
import { EVENT_STORE, type EventStore } from '../src/infrastructure/event-store/event-store.port';
import { PlaceOrder } from '../src/modules/money/commands/place-order.handler';
import { moneyId, moneyStep } from '../src/modules/money/ledger/money-ids';
import { HOLD_EXPIRED_CODE, HOLD_TIMEOUT_MS, HoldSweeper } from '../src/modules/money/orders/hold-sweeper';
import type { PlaceOrderRequest, PlaceOrderResult } from '../src/modules/money/orders/order-results';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../src/modules/money/payments/payment-gateway.port';
import { claimsOf, signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';

/** The PDF's text, read back with poppler's pdftotext. */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

/** Until `check` answers something, or fails after `ms` (reactors follow their events after the commit). */
async function eventually<T>(check: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The money gaps of issue 21: an invoice account's invoice settled by staff (audited; the customer sees Paid and the
 * day), refunds of a card payment back to the card through the payment port (credit refunds stay credit), and a
 * credit hold left by a crash between hold and capture released by the sweeper, once.
 */
describe('money: settlement, refunds to the card, and holds left by a crash', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let store: EventStore;
  const tokens: Record<string, string> = {};
  const principals: Record<string, Principal> = {};
  const http = () => app.getHttpServer();
  const as = (who: string) => ({
    get: (path: string) => request(http()).get(path).set('X-AUTH-TOKEN', tokens[who]),
    post: (path: string, body: object) => request(http()).post(path).set('X-AUTH-TOKEN', tokens[who]).send(body),
  });
  const credit = async (who: string) => (await as(who).get('/v1/credit?includeBTToken=false').expect(200)).body.credit as number;
  let n = 0;
  const line = (price: number): OrderLineInput => ({
    verificationId: `QC-S${++n}`,
    candidateName: `Candidate ${n}`,
    instituteId: 'uni-demo',
    instituteName: 'University of Demo',
    priceMinor: toMinor(price),
  });
  const place = (who: string, body: Partial<PlaceOrderRequest> & { items: OrderLineInput[] }): Promise<PlaceOrderResult> =>
    app.get(CommandBus).execute(new PlaceOrder(principals[who], { idempotencyKey: `settle-key-${++n}`, ...body }));
  const setCredit = async (companyId: string, who: string, target: number) => {
    const delta = toMinor(target) - toMinor(await credit(who));
    if (delta !== 0) await as('admin').post('/admin/credit-grants', { companyId, amount: delta, reason: 'Test starting balance' }).expect(201);
  };
  const ledger = (companyId: string) => app.get(CommandHandling).load(creditStream(companyId), creditDecider);

  beforeAll(async () => {
    db = await freshDatabase('money_settlement');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    store = app.get(EVENT_STORE);
    for (const who of ['alice@acme.test', 'carol@globex.test', 'admin@credence.test']) {
      const name = who.split('@')[0];
      tokens[name] = (await signIn(app, who)).token;
      principals[name] = app.get(JwtStrategy).validate(claimsOf(tokens[name]) as unknown as SessionClaims);
    }
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  describe('settling an invoice account\'s invoice', () => {
    it('staff mark it paid (audited once); carol sees Paid and the day, on the page and in the PDF', async () => {
      const order = await place('carol', { items: [line(45)] });
      expect(order).toMatchObject({ billing: 'invoice' });
      const id = order.invoiceId!;
      expect((await as('carol').get(`/v1/credit/history/${id}`).expect(200)).body).toMatchObject({ status: 'ISSUED', paidAt: null });

      // Only staff; a customer is refused.
      await as('carol').post(`/admin/invoices/${id}/settlement`, { reference: 'Me' }).expect(403);
      await as('admin').post(`/admin/invoices/${id}/settlement`, { reference: 'BACS 2026-11-18', paidOn: '2999-01-01' }).expect(400);
      const settled = await as('admin').post(`/admin/invoices/${id}/settlement`, { reference: 'BACS 2026-11-18', paidOn: '2026-11-18' }).expect(201);
      expect(settled.body).toEqual({ id, status: 'PAID', paidOn: '2026-11-18', reference: 'BACS 2026-11-18' });
      // A repeat of the same settlement answers the same; another reference is a conflict.
      await as('admin').post(`/admin/invoices/${id}/settlement`, { reference: 'BACS 2026-11-18', paidOn: '2026-11-18' }).expect(201);
      await as('admin').post(`/admin/invoices/${id}/settlement`, { reference: 'Cheque 7' }).expect(409);

      const view = (await as('carol').get(`/v1/credit/history/${id}`).expect(200)).body;
      expect(view).toMatchObject({ status: 'PAID', paidAt: '2026-11-18', paymentMethod: 'transfer', receiptId: 'BACS 2026-11-18', paid: 45, total: 45 });
      expect((await as('admin').get(`/admin/invoices/${id}`).expect(200)).body).toMatchObject({ status: 'PAID', paidAt: '2026-11-18' });

      const audit = (await store.readStream('audit-globex')).filter((e) => e.type === 'InvoiceSettledByStaff');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ data: { invoiceId: id, reference: 'BACS 2026-11-18', paidOn: '2026-11-18' }, metadata: { actor: 'admin@credence.test' } });

      const pdf = await as('carol').get(`/v1/credit/history/${id}/pdf`).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect(pdf.status).toBe(200);
      const text = pdfText(pdf.body as Buffer);
      expect(text).toContain('Paid');
      expect(text).toContain('18 Nov 2026');
    });

    it('refuses a card invoice (it is paid already) and an unknown one', async () => {
      await setCredit('acme', 'alice', 0);
      const card = await place('alice', { items: [line(18)], creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } });
      await as('admin').post(`/admin/invoices/${card.invoiceId}/settlement`, { reference: 'x' }).expect(409);
      await as('admin').post('/admin/invoices/999999999/settlement', { reference: 'x' }).expect(404);
    });
  });

  describe('refunds', () => {
    it('a verification paid by card is refunded to the card through the payment port; the balance does not change', async () => {
      await setCredit('acme', 'alice', 0);
      const order = await place('alice', { items: [line(45), line(18)], creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } });
      const [first] = Object.keys(order.payments);
      const refund = await as('admin').post('/admin/refunds', { companyId: 'acme', verificationId: first, reason: 'Cancelled before work started' }).expect(201);
      expect(refund.body).toMatchObject({ refunded: true, toCredit: 0, toCard: { invoiceId: order.invoiceId, amountMinor: 5400 } });
      await eventually(async () => (await ledger('acme')).state.cardRefunds[refund.body.id] === 'refunded');
      // (The demo's own cancelled verifications may have been refunded by the lifecycle: only this order's count here.)
      const refundsOf = async () =>
        (await db.pool.query(`SELECT transaction_id, amount_minor, status FROM money_sandbox_refunds WHERE transaction_id = $1`, [order.transactionId])).rows;
      expect(await refundsOf()).toEqual([{ transaction_id: order.transactionId, amount_minor: '5400', status: 'refunded' }]);
      expect(await credit('alice')).toBe(0);
      // Once per verification; staff only.
      const allRefunds = (await db.pool.query(`SELECT 1 FROM money_sandbox_refunds`)).rowCount;
      await as('admin').post('/admin/refunds', { companyId: 'acme', verificationId: first, reason: 'again' }).expect(201);
      expect(await refundsOf()).toHaveLength(1);
      expect((await db.pool.query(`SELECT 1 FROM money_sandbox_refunds`)).rowCount).toBe(allRefunds);
      await as('alice').post('/admin/refunds', { companyId: 'acme', verificationId: first, reason: 'x' }).expect(403);
      const audit = (await store.readStream('audit-acme')).filter((e) => e.type === 'VerificationRefundedByStaff');
      expect(audit).toHaveLength(1);
    });

    it('a verification paid from credit is refunded as credit, and nothing goes to a card', async () => {
      await setCredit('acme', 'alice', 100);
      const cardRefundsBefore = (await db.pool.query(`SELECT 1 FROM money_sandbox_refunds`)).rowCount;
      const order = await place('alice', { items: [line(45)] });
      expect(order).toMatchObject({ billing: 'credit' });
      expect(await credit('alice')).toBe(46);
      const [id] = Object.keys(order.payments);
      const refund = await as('admin').post('/admin/refunds', { companyId: 'acme', verificationId: id, reason: 'Cancelled' }).expect(201);
      expect(refund.body).toMatchObject({ toCredit: 5400, toCard: null, balance: 10000 });
      expect(await credit('alice')).toBe(100);
      expect((await db.pool.query(`SELECT 1 FROM money_sandbox_refunds`)).rowCount).toBe(cardRefundsBefore);
    });

    it('a card refund the provider refuses (a voided charge) is given back as credit instead', async () => {
      await setCredit('acme', 'alice', 0);
      const order = await place('alice', { items: [line(18)], creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } });
      await db.pool.query(`UPDATE money_sandbox_transactions SET voided_at = now() WHERE id = $1`, [order.transactionId]);
      const [id] = Object.keys(order.payments);
      const refund = await as('admin').post('/admin/refunds', { companyId: 'acme', verificationId: id, reason: 'Cancelled' }).expect(201);
      expect(refund.body.toCard).toMatchObject({ amountMinor: 2160 });
      await eventually(async () => (await ledger('acme')).state.cardRefunds[refund.body.id] === 'failed');
      await eventually(async () => (await credit('alice')) === 21.6);
      const failed = (await store.readStream(creditStream('acme'))).filter((e) => e.type === 'CardRefundFailed');
      expect(failed).toHaveLength(1);
      expect(failed[0].data).toMatchObject({ amount: 2160, code: '91506' });
    });
  });

  describe('a hold left by a crash between hold and capture', () => {
    /** What PlaceOrder does before the capture: hold the credit (and maybe charge the card), then the process dies. */
    const crashAfterHold = async (key: string, amountMinor: number, charge: boolean) => {
      const commandId = moneyId(`order/acme/${key}`);
      await app.get(CommandHandling).handleCommand({
        stream: creditStream('acme'),
        decider: creditDecider,
        command: { type: 'ReserveCredit', reservationId: commandId, unit: 'money', amount: amountMinor },
        context: moneyStep(commandId, 'reserve', { username: 'alice@acme.test' }, 'acme'),
      });
      let transactionId: string | null = null;
      if (charge) {
        const paid = await app.get<PaymentGateway>(PAYMENT_GATEWAY).charge({
          idempotencyKey: commandId,
          amountMinor: 1000,
          currency: 'GBP',
          nonce: 'fake-valid-nonce',
          email: 'alice@acme.test',
          customerId: 'acme',
          saveCard: false,
          description: 'crashed order',
        });
        transactionId = paid.status === 'succeeded' ? paid.transactionId : null;
      }
      await eventually(async () => (await db.pool.query(`SELECT 1 FROM money_open_holds WHERE reservation_id = $1`, [commandId])).rowCount);
      return { commandId, transactionId };
    };
    const releases = async (reservationId: string) =>
      (await store.readStream(creditStream('acme'))).filter((e) => e.type === 'CreditReservationReleased' && (e.data as { reservationId: string }).reservationId === reservationId);

    it('is released after the timeout, its orphaned card charge voided, once; the order retried afterwards is refused', async () => {
      await setCredit('acme', 'alice', 30);
      const { commandId, transactionId } = await crashAfterHold('crash-1', 2000, true);
      expect(await credit('alice')).toBe(30);
      expect((await ledger('acme')).state.holds[commandId]).toBeTruthy();
      const sweeper = app.get(HoldSweeper);

      // Not yet: the order may still be paying.
      expect(await sweeper.sweep(new Date())).toEqual({ released: [], voided: [] });
      const later = new Date(Date.now() + HOLD_TIMEOUT_MS + 60_000);
      expect(await sweeper.sweep(later)).toEqual({ released: [commandId], voided: [transactionId] });
      expect((await ledger('acme')).state.holds[commandId]).toBeUndefined();
      expect((await ledger('acme')).state.closed[commandId]).toMatchObject({ outcome: 'released', code: HOLD_EXPIRED_CODE });
      expect((await db.pool.query(`SELECT voided_at FROM money_sandbox_transactions WHERE id = $1`, [transactionId])).rows[0].voided_at).not.toBeNull();
      expect(await sweeper.sweep(later)).toEqual({ released: [], voided: [] });
      expect(await releases(commandId)).toHaveLength(1);

      // The customer's retry of the crashed order (same key) is refused with the hold's message, and pays nothing.
      await expect(
        app.get(CommandBus).execute(new PlaceOrder(principals.alice, { idempotencyKey: 'crash-1', items: [line(18)], creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } })),
      ).rejects.toMatchObject({ message: expect.stringContaining('not completed in time') });
    });

    it('two sweepers at once release a hold once', async () => {
      const { commandId } = await crashAfterHold('crash-2', 500, false);
      const sweeper = app.get(HoldSweeper);
      const later = new Date(Date.now() + HOLD_TIMEOUT_MS + 60_000);
      const [a, b] = await Promise.all([sweeper.sweep(later), sweeper.sweep(later)]);
      // Both may answer that the hold is released (the loser's append is the winner's, answered again), but the ledger
      // records one release.
      expect(new Set([...a.released, ...b.released])).toEqual(new Set([commandId]));
      expect(await releases(commandId)).toHaveLength(1);
      expect((await db.pool.query(`SELECT 1 FROM money_open_holds WHERE reservation_id = $1`, [commandId])).rowCount).toBe(0);
    });

    it('never releases an order that settled: a settled order leaves no open hold', async () => {
      await setCredit('acme', 'alice', 10);
      const order = await place('alice', { items: [line(45)], creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } });
      expect(order).toMatchObject({ creditUsed: 10 });
      await eventually(async () => (await db.pool.query(`SELECT 1 FROM money_open_holds`)).rowCount === 0);
      expect(await app.get(HoldSweeper).sweep(new Date(Date.now() + 10 * HOLD_TIMEOUT_MS))).toEqual({ released: [], voided: [] });
    });
  });
});
