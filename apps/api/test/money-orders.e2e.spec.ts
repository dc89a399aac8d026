import type { INestApplication } from '@nestjs/common';
import { DomainError, toMinor, type OrderLineInput } from '@credence/domain';
import request from 'supertest';
import { JwtStrategy } from '../src/common/auth/jwt.strategy';
import type { Principal, SessionClaims } from '../src/common/auth/principal';
import { CommandBus } from '@nestjs/cqrs';
import { PlaceOrder } from '../src/modules/money/commands/place-order.handler';
import type { PlaceOrderRequest, PlaceOrderResult } from '../src/modules/money/orders/order-results';
import { OrderQuotes } from '../src/modules/money/queries/order-quotes';
import { claimsOf, signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';

/**
 * The order part of submitting verifications (verifications.md 7, money 2.9-2.10) through PlaceOrder and
 * OrderQuotes, the contract the verification lifecycle calls, with the results checked over HTTP as the customer sees them.
 */
describe('money: paying for verification orders', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let orders: {
    placeOrder(principal: Principal, request: PlaceOrderRequest): Promise<PlaceOrderResult>;
    quote: OrderQuotes['quote'];
    creditBalance: OrderQuotes['creditBalance'];
  };
  const tokens: Record<string, string> = {};
  const principals: Record<string, Principal> = {};
  const http = () => app.getHttpServer();
  const get = (who: string, path: string) => request(http()).get(path).set('X-AUTH-TOKEN', tokens[who]);
  const credit = async (who: string) => (await get(who, '/v1/credit?includeBTToken=false').expect(200)).body.credit as number;
  const invoice = async (who: string, id: string) => (await get(who, `/v1/credit/history/${id}`).expect(200)).body;
  const historyTotal = async (who: string) => (await get(who, '/v1/credit/history?size=1').expect(200)).body.totalSize as number;
  const succeededCharges = async (customerId: string) =>
    (await db.pool.query<{ amount_minor: string }>(`SELECT amount_minor FROM money_sandbox_transactions WHERE customer_id = $1 AND status = 'succeeded'`, [customerId])).rows.map((r) =>
      Number(r.amount_minor),
    );

  /** Sets an account's balance through the staff grant command (grants are not history rows). */
  const setCredit = async (companyId: string, who: string, target: number, unit: 'money' | 'credits') => {
    const current = await credit(who);
    const delta = unit === 'money' ? toMinor(target) - toMinor(current) : target - current;
    if (delta !== 0) {
      await request(http()).post('/admin/credit-grants').set('X-AUTH-TOKEN', tokens.admin).send({ companyId, amount: delta, reason: 'Test starting balance' }).expect(201);
    }
  };

  let n = 0;
  const line = (price: number, extra: Partial<OrderLineInput> = {}): OrderLineInput => ({
    verificationId: `QC-T${++n}`,
    candidateName: `Candidate ${n}`,
    instituteId: 'uni-demo',
    instituteName: 'University of Demo',
    priceMinor: toMinor(price),
    ...extra,
  });
  const place = (who: string, request: Partial<PlaceOrderRequest> & { items: OrderLineInput[] }) =>
    orders.placeOrder(principals[who], { idempotencyKey: `key-${++n}`, ...request });
  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (e) {
      if (e instanceof DomainError) return { kind: e.kind, message: e.message, code: e.code };
      throw e;
    }
    throw new Error('expected the order to be refused');
  };

  beforeAll(async () => {
    db = await freshDatabase('money_orders');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    const quotes = app.get(OrderQuotes);
    const commandBus = app.get(CommandBus);
    orders = {
      placeOrder: (principal, request) => commandBus.execute(new PlaceOrder(principal, request)),
      quote: (...args) => quotes.quote(...args),
      creditBalance: (companyId) => quotes.creditBalance(companyId),
    };
    for (const who of ['alice@acme.test', 'bob@acme.test', 'carol@globex.test', 'dave@initech.test', 'indy@mail.test', 'anna@mail.test', 'admin@credence.test']) {
      const name = who.split('@')[0];
      tokens[name] = (await signIn(app, who)).token;
      principals[name] = app.get(JwtStrategy).validate(claimsOf(tokens[name]) as unknown as SessionClaims);
    }
    // Known starting balances, whatever other areas' demo data spent: Acme £10, Initech 25 credits.
    await setCredit('acme', 'alice', 10, 'money');
    await setCredit('initech', 'dave', 25, 'credits');
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  describe('card payer (Acme: CARD, GBP, VAT payer)', () => {
    it('prices the order, takes the current credit first, charges the card the rest and issues the invoice', async () => {
      expect(await credit('alice')).toBe(10);
      const result = await place('alice', {
        items: [line(45), line(40.5, { surchargeMinor: 1000, accreditationMinor: 1500 })],
        creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: true },
      });
      // 45 + 50.50 + 15 = 110.50; VAT 22.10; 132.60 less £10 of credit: 122.60 by card.
      expect(result).toMatchObject({ status: 'PAID', billing: 'card', unit: 'money', currency: 'GBP', total: 122.6, creditUsed: 10, paid: 122.6, balance: 0 });
      expect(Object.values(result.payments).map((p) => [p.method, p.amount])).toEqual([
        ['CARD', 54],
        ['CARD', 78.6],
      ]);
      expect(await credit('alice')).toBe(0);
      expect(await invoice('alice', result.invoiceId!)).toMatchObject({
        total: 122.6,
        paid: 122.6,
        creditUsed: 10,
        transactionId: result.transactionId,
        summary: [
          { label: 'Sub Total', amount: 110.5 },
          { label: 'Plus VAT', amount: 22.1 },
          { label: 'Less Current Credit', amount: 10 },
          { label: 'Total', amount: 122.6 },
        ],
      });
      const rows = (await get('alice', '/v1/credit/history?size=4').expect(200)).body.content;
      expect(rows.map((r: { type: string; paid: number }) => [r.type, r.paid])).toEqual([
        ['AC', 18],
        ['PSV', 60.6],
        ['PSV', 54],
        ['PURCHASE', 122.6],
      ]);
    });

    it('buys extra credit with the order: the current credit is left alone and the extra gets its own invoice', async () => {
      await request(http()).post('/v1/credit').set('X-AUTH-TOKEN', tokens.alice).send({ amount: 20, btNonce: 'fake-valid-nonce' }).expect(201);
      const result = await place('alice', { items: [line(45)], creditPurchase: { amount: 10, btNonce: 'fake-valid-nonce', btSaveCard: false } });
      expect(result).toMatchObject({ total: 54, creditUsed: 0, paid: 64, balance: 30 });
      expect(await credit('alice')).toBe(30);
      expect(await invoice('alice', result.creditInvoiceId!)).toMatchObject({ items: [{ name: 'Exact Credit Amount', price: 10 }], total: 10, paid: 10, transactionId: result.transactionId });
    });

    it('has nothing to pay by card when the credit covers the order; the invoice shows the credit used', async () => {
      const result = await place('alice', { items: [line(18)] });
      expect(result).toMatchObject({ status: 'PAID', billing: 'credit', total: 0, creditUsed: 21.6, paid: 0, transactionId: null, balance: 8.4 });
      expect(await invoice('alice', result.invoiceId!)).toMatchObject({
        total: 0,
        paid: 0,
        summary: [
          { label: 'Plus VAT', amount: 3.6 },
          { label: 'Less Current Credit', amount: 21.6 },
          { label: 'Total', amount: 0 },
        ],
      });
    });

    it('without a card token the order is UNPAID and nothing is recorded', async () => {
      const rows = await historyTotal('alice');
      const result = await place('alice', { items: [line(45)], creditPurchase: { amount: 0, btNonce: null, btSaveCard: true } });
      expect(result).toMatchObject({ status: 'UNPAID', reason: 'CARD_TOKEN_REQUIRED', invoiceId: null, total: 45.6 });
      expect(await historyTotal('alice')).toBe(rows);
      expect(await credit('alice')).toBe(8.4);
    });

    it('a declined card: a clear error, the held credit is given back, no invoice, no history row', async () => {
      const rows = await historyTotal('alice');
      const charges = (await succeededCharges('acme')).length;
      const refused = await refusal(place('alice', { items: [line(45)], creditPurchase: { amount: 0, btNonce: 'fake-processor-declined-visa-nonce', btSaveCard: false } }));
      expect(refused).toEqual({
        kind: 'unprocessable',
        code: 'QC-CARD-DECLINED',
        message: 'Your card was declined. No payment has been taken. Please check the card details or use another card.',
      });
      expect(await credit('alice')).toBe(8.4);
      expect(await historyTotal('alice')).toBe(rows);
      expect((await succeededCharges('acme')).length).toBe(charges);
      // The credit it held is spendable again.
      const next = await place('alice', { items: [line(45)], creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } });
      expect(next).toMatchObject({ creditUsed: 8.4, total: 45.6, balance: 0 });
    });

    it('a failed 3-D Secure check is refused the same way', async () => {
      const refused = await refusal(place('alice', { items: [line(45)], creditPurchase: { amount: 0, btNonce: 'fake-three-d-secure-visa-failed-signature-nonce', btSaveCard: false } }));
      expect(refused).toMatchObject({ kind: 'unprocessable', code: 'QC-3DS-FAILED' });
    });

    it('a retried order (same idempotency key) is charged once and answers the same invoice', async () => {
      const items = [line(36)];
      const request = { items, idempotencyKey: 'submit-QC-retry', creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } };
      const charges = (await succeededCharges('acme')).length;
      const [a, b] = await Promise.all([orders.placeOrder(principals.alice, request), orders.placeOrder(principals.alice, request)]);
      const c = await orders.placeOrder(principals.alice, request);
      expect(new Set([a.invoiceId, b.invoiceId, c.invoiceId]).size).toBe(1);
      expect([a.paid, b.paid, c.paid]).toEqual([43.2, 43.2, 43.2]);
      expect((await succeededCharges('acme')).length).toBe(charges + 1);
    });

    it('never charges a verification that is already paid', async () => {
      const item = line(9);
      await place('alice', { items: [item], creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } });
      const refused = await refusal(place('alice', { items: [item], creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } }));
      expect(refused).toMatchObject({ kind: 'conflict', code: 'QC-ALREADY-PAID', message: `Verification ${item.verificationId} has already been paid.` });
    });

    it('shows the old fee for a discounted account', async () => {
      await db.pool.query(`UPDATE companies SET has_discount = true WHERE id = 'acme'`);
      try {
        const result = await place('alice', { items: [line(40.5)], creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } });
        expect((await invoice('alice', result.invoiceId!)).items[0]).toMatchObject({ price: 40.5, originalPrice: 45 });
      } finally {
        await db.pool.query(`UPDATE companies SET has_discount = false WHERE id = 'acme'`);
      }
    });

    it('concurrent orders on one account share its credit exactly: never below zero, each card charged the rest', async () => {
      const grant = await request(http()).post('/admin/credit-grants').set('X-AUTH-TOKEN', tokens.admin).send({ companyId: 'acme', amount: 10000, reason: 'Concurrency test' }).expect(201);
      const start = await credit('alice');
      expect(grant.body.balance).toBe(toMinor(start));
      const before = await succeededCharges('acme');
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          orders.placeOrder(i % 2 ? principals.bob : principals.alice, {
            idempotencyKey: `concurrent-order-${i}`,
            items: [line(45)],
            creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false },
          }),
        ),
      );
      const creditUsed = results.reduce((a, r) => a + toMinor(r.creditUsed), 0);
      const charged = results.reduce((a, r) => a + toMinor(r.paid), 0);
      // Six orders of £54: the credit is used once in all, the cards pay the rest.
      expect(creditUsed).toBe(toMinor(start));
      expect(charged).toBe(6 * 5400 - toMinor(start));
      expect(await credit('alice')).toBe(0);
      // The provider took exactly that: no charge twice, none missing.
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      const after = await succeededCharges('acme');
      expect(after.length - before.length).toBe(results.filter((r) => r.paid > 0).length);
      expect(sum(after) - sum(before)).toBe(charged);
      for (const r of results) {
        const inv = await invoice('alice', r.invoiceId!);
        expect(toMinor(inv.total) + toMinor(inv.creditUsed)).toBe(5400);
      }
    });
  });

  describe('invoice payer (Globex: INVOICE, USD, no VAT)', () => {
    it('issues the invoice on account: nothing charged now, the verifications proceed', async () => {
      const result = await place('carol', { items: [line(44.1), line(18, { accreditationMinor: 2000 })] });
      expect(result).toMatchObject({ status: 'PAID', billing: 'invoice', currency: 'USD', total: 82.1, paid: 0, transactionId: null, balance: 0 });
      expect(Object.values(result.payments).map((p) => p.method)).toEqual(['INVOICE', 'INVOICE']);
      expect(await invoice('carol', result.invoiceId!)).toMatchObject({ status: 'ISSUED', billing: 'invoice', vatMultiplier: 1, total: 82.1, paid: 0, currencySymbol: '$' });
    });

    it('does not buy extra credit on account', async () => {
      expect(await refusal(place('carol', { items: [line(10)], creditPurchase: { amount: 10, btNonce: null, btSaveCard: false } }))).toMatchObject({
        kind: 'invalid',
        message: 'Extra credit can only be bought by card.',
      });
    });
  });

  describe('token payer (Initech: TOKEN_SINGLE_CREDIT, 25 credits)', () => {
    it('spends one credit per check and one per accreditation; no invoice', async () => {
      expect(await credit('dave')).toBe(25);
      const result = await place('dave', { items: [line(45), line(45, { accreditationMinor: 1500 })] });
      expect(result).toMatchObject({ status: 'PAID', billing: 'tokens', unit: 'credits', invoiceId: null, creditsSpent: 3, balance: 22 });
      expect(Object.values(result.payments).map((p) => [p.method, p.credits])).toEqual([
        ['CREDITS', 1],
        ['CREDITS', 2],
      ]);
      expect(await credit('dave')).toBe(22);
      const rows = (await get('dave', '/v1/credit/history?size=3').expect(200)).body.content;
      expect(rows.map((r: { type: string; paid: number }) => [r.type, r.paid])).toEqual([
        ['AC', 1],
        ['PSV', 1],
        ['PSV', 1],
      ]);
    });

    it('insufficient tokens: refused with the message, nothing spent', async () => {
      const rows = await historyTotal('dave');
      const refused = await refusal(place('dave', { items: Array.from({ length: 23 }, () => line(45)) }));
      expect(refused).toEqual({
        kind: 'unprocessable',
        code: 'QC-INSUFFICIENT-CREDIT',
        message: 'You do not have enough credits for this order. Please order more credits.',
      });
      expect(await credit('dave')).toBe(22);
      expect(await historyTotal('dave')).toBe(rows);
    });

    it('concurrent spends never take more credits than there are: exactly the balance succeeds', async () => {
      const results = await Promise.allSettled(Array.from({ length: 30 }, () => place('dave', { items: [line(45)] })));
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(ok).toHaveLength(22);
      expect(refused).toHaveLength(8);
      for (const r of refused) expect((r.reason as DomainError).code).toBe('QC-INSUFFICIENT-CREDIT');
      expect(await credit('dave')).toBe(0);
    });

    it('answers the credits left, for token payers only', async () => {
      expect(await orders.creditBalance('initech')).toBe(0);
      expect(await orders.creditBalance('acme')).toBeNull();
    });

    it('quotes credits per verification', async () => {
      const quote = await orders.quote(principals.dave, [line(45, { verificationId: 'QC-Q1' }), line(45, { verificationId: 'QC-Q2', accreditationMinor: 100 })]);
      expect(quote).toEqual({
        'QC-Q1': { currency: 'CREDITS', net: 0, vat: 0, total: 0, credits: 1 },
        'QC-Q2': { currency: 'CREDITS', net: 0, vat: 0, total: 0, credits: 2 },
      });
    });
  });

  describe('individual and applicant (card)', () => {
    it('an individual pays by card and gets a receipt', async () => {
      const result = await place('indy', { items: [line(40.5)], creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } });
      expect(result).toMatchObject({ billing: 'card', total: 48.6, paid: 48.6 });
      expect((await invoice('indy', result.invoiceId!)).title).toBe('Receipt');
    });

    it('an applicant who pays pays by card', async () => {
      const result = await place('anna', { items: [line(45)], creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } });
      expect(result).toMatchObject({ billing: 'card', total: 54, paid: 54 });
      expect((await get('anna', '/v1/credit/history').expect(200)).body.content[0]).toMatchObject({ type: 'PSV', paid: 54 });
    });

    it('an applicant whose application owner pays is not charged here', async () => {
      await db.pool.query(`UPDATE companies SET applicant_pays = false WHERE id = 'anna'`);
      try {
        const result = await place('anna', { items: [line(45)] });
        expect(result).toMatchObject({ status: 'PAID', billing: 'none', invoiceId: null, paid: 0 });
        expect(Object.values(result.payments)[0]).toMatchObject({ method: 'APPLICATION_OWNER', amount: 0 });
      } finally {
        await db.pool.query(`UPDATE companies SET applicant_pays = true WHERE id = 'anna'`);
      }
    });

    it('quotes each verification with its VAT', async () => {
      const quote = await orders.quote(principals.indy, [line(40.5, { verificationId: 'QC-Q3' })]);
      expect(quote).toEqual({ 'QC-Q3': { currency: 'GBP', net: 40.5, vat: 8.1, total: 48.6, credits: 0 } });
    });
  });

  it('refuses an order without an idempotency key, and an account that does not order', async () => {
    expect(await refusal(orders.placeOrder(principals.alice, { items: [line(1)], idempotencyKey: ' ' }))).toMatchObject({ kind: 'invalid' });
    await db.pool.query(`UPDATE companies SET payment_type = 'NONE' WHERE id = 'globex'`);
    try {
      expect(await refusal(place('carol', { items: [line(1)] }))).toMatchObject({ kind: 'forbidden', message: 'This account does not order verifications.' });
    } finally {
      await db.pool.query(`UPDATE companies SET payment_type = 'INVOICE' WHERE id = 'globex'`);
    }
  });
});
