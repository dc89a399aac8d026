import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { EVENT_STORE, type EventStore } from '../src/infrastructure/event-store/event-store.port';
import { signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';

/**
 * The credit calls of money-and-insights.md 7 over HTTP, for each kind of account, on the demo data:
 * alice (Acme: CARD, GBP, VAT payer, £10 of credit left by the demo orders), bob (Acme), carol (Globex: INVOICE,
 * USD), dave (Initech: TOKEN_SINGLE_CREDIT, 25 credits), indy (individual, CARD), anna (applicant who pays).
 */
describe('money: credit, Buy Credit, history, invoices, Order Credits', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const tokens: Record<string, string> = {};
  const http = () => app.getHttpServer();
  const as = (who: string) => ({
    get: (path: string) => request(http()).get(path).set('X-AUTH-TOKEN', tokens[who]),
    post: (path: string, body: object, key?: string) => {
      const r = request(http()).post(path).set('X-AUTH-TOKEN', tokens[who]);
      if (key) r.set('Idempotency-Key', key);
      return r.send(body);
    },
  });
  const credit = async (who: string) => (await as(who).get('/v1/credit?includeBTToken=false').expect(200)).body as { credit: number; unseenInvoices: number };
  const history = async (who: string, query = '') => (await as(who).get(`/v1/credit/history${query}`).expect(200)).body as {
    content: { id: string; type: string; name: string; paid: number; receiptId: string | null; username: string; invoiceId: string | null }[];
    totalSize: number;
  };
  /** The sandbox provider's own record: what was charged, per customer. */
  const charges = async (customerId: string) =>
    (
      await db.pool.query<{ status: string; amount_minor: string; idempotency_key: string }>(
        `SELECT status, amount_minor, idempotency_key FROM money_sandbox_transactions WHERE customer_id = $1 ORDER BY created_at`,
        [customerId],
      )
    ).rows;

  const invoiceCount = async () =>
    Number(
      (await request(http()).get('/admin/invoices').query({ filter: JSON.stringify({ companyId: 'acme' }) }).set('X-AUTH-TOKEN', tokens.admin).expect(200))
        .headers['x-total-count'],
    );

  beforeAll(async () => {
    db = await freshDatabase('money_credit');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    for (const who of ['alice@acme.test', 'bob@acme.test', 'carol@globex.test', 'dave@initech.test', 'indy@mail.test', 'anna@mail.test', 'admin@credence.test']) {
      tokens[who.split('@')[0]] = (await signIn(app, who)).token;
    }
    // Known starting balances, whatever other areas' demo data spent: Acme £10, Initech 25 credits.
    for (const [companyId, who, target, money] of [['acme', 'alice', 10, true], ['initech', 'dave', 25, false]] as const) {
      const current = (await credit(who)).credit;
      const delta = money ? Math.round(target * 100) - Math.round(current * 100) : target - current;
      if (delta !== 0) {
        await request(http()).post('/admin/credit-grants').set('X-AUTH-TOKEN', tokens.admin).send({ companyId, amount: delta, reason: 'Test starting balance' }).expect(201);
      }
    }
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  describe('GET /credit (2.4)', () => {
    it('answers a card payer its money credit, a btToken for the card form and vatPayer', async () => {
      const res = await as('alice').get('/v1/credit').expect(200);
      expect(res.body).toMatchObject({ credit: 10, vatPayer: true, usesTokens: false, currency: 'GBP', currencySymbol: '£' });
      expect(res.body.btToken).toMatch(/^sandbox_/);
      const noToken = await as('alice').get('/v1/credit?includeBTToken=false').expect(200);
      expect(noToken.body.btToken).toBeNull();
    });

    it('answers a token payer its credits, an invoice payer its currency, and no btToken to either', async () => {
      expect((await as('dave').get('/v1/credit').expect(200)).body).toMatchObject({ credit: 25, usesTokens: true, btToken: null, vatPayer: true });
      expect((await as('carol').get('/v1/credit').expect(200)).body).toMatchObject({ credit: 0, usesTokens: false, btToken: null, vatPayer: false, currency: 'USD', currencySymbol: '$' });
    });

    it('answers individuals and paying applicants, who pay by card', async () => {
      expect((await as('indy').get('/v1/credit').expect(200)).body).toMatchObject({ credit: expect.any(Number), vatPayer: true, currency: 'GBP' });
      expect((await as('anna').get('/v1/credit').expect(200)).body.btToken).toMatch(/^sandbox_/);
    });

    it('needs a session', async () => {
      await request(http()).get('/v1/credit').expect(401);
    });
  });

  describe('POST /credit: Buy Credit (2.11)', () => {
    it('charges the card, adds the total to the credit and issues the invoice', async () => {
      const before = await credit('alice');
      const res = await as('alice').post('/v1/credit', { amount: 25.5, btNonce: 'fake-valid-nonce', btSaveCard: true }).expect(201);
      expect(res.body).toEqual({ total: 25.5, id: expect.stringMatching(/^\d{6,}$/) });
      expect((await credit('alice')).credit).toBe(before.credit + 25.5);

      const invoice = await as('alice').get(`/v1/credit/history/${res.body.id}`).expect(200);
      expect(invoice.body).toMatchObject({
        id: res.body.id,
        title: 'Invoice',
        kind: 'credit',
        items: [{ name: 'Exact Credit Amount', price: 25.5, total: 25.5 }],
        showPriceHeadings: false,
        vatMultiplier: 1,
        total: 25.5,
        paid: 25.5,
        company: { name: 'Acme Recruitment Ltd', addressCity: 'London', addressCountry: { name: 'United Kingdom' } },
        summary: [{ label: 'Total', amount: 25.5 }],
      });
      expect(invoice.body.receiptId).toBeTruthy();
      expect(invoice.body.providerId).toBeTruthy();

      const rows = await history('alice');
      expect(rows.content[0]).toMatchObject({ id: res.body.id, type: 'PURCHASE', name: `Credit Purchase: Invoice ${res.body.id}`, paid: 25.5, username: 'alice@acme.test' });
    });

    it('declined card: a clear error, nothing charged, nothing recorded', async () => {
      const before = await credit('alice');
      const rowsBefore = (await history('alice')).totalSize;
      const invoicesBefore = await invoiceCount();
      const res = await as('alice').post('/v1/credit', { amount: 10, btNonce: 'fake-processor-declined-visa-nonce' }).expect(422);
      expect(res.body).toEqual({
        errors: [{ message: 'Your card was declined. No payment has been taken. Please check the card details or use another card.', code: 'QC-CARD-DECLINED' }],
      });
      expect((await credit('alice')).credit).toBe(before.credit);
      expect((await history('alice')).totalSize).toBe(rowsBefore);
      expect(await invoiceCount()).toBe(invoicesBefore);
      // The provider recorded the refusal; nothing succeeded for it.
      expect((await charges('acme')).at(-1)).toMatchObject({ status: 'declined', amount_minor: '1000' });
    });

    it('failed 3-D Secure and an unknown nonce are refused the same way', async () => {
      const threeDs = await as('alice').post('/v1/credit', { amount: 10, btNonce: 'fake-three-d-secure-visa-failed-authentication-nonce' }).expect(422);
      expect(threeDs.body.errors[0]).toMatchObject({ code: 'QC-3DS-FAILED' });
      expect(threeDs.body.errors[0].message).toContain('3-D Secure');
      const unknown = await as('alice').post('/v1/credit', { amount: 10, btNonce: 'a-card-number-4111111111111111' }).expect(422);
      expect(unknown.body.errors[0]).toMatchObject({ code: 'QC-PAYMENT-REJECTED' });
    });

    it('keeps the amount between 1 and 1000 and needs the card nonce', async () => {
      for (const amount of [0, 1000.01, -5]) {
        const res = await as('alice').post('/v1/credit', { amount, btNonce: 'fake-valid-nonce' }).expect(400);
        expect(res.body.errors[0].message).toBe('The credit amount must be between 1 and 1000.');
      }
      await as('alice').post('/v1/credit', { amount: 1.234, btNonce: 'fake-valid-nonce' }).expect(400);
      const noNonce = await as('alice').post('/v1/credit', { amount: 10 }).expect(400);
      expect(noNonce.body.errors[0].message).toBe('Please enter your card details.');
    });

    it('is for organisations paying by card: not invoice or token payers, not individuals', async () => {
      for (const who of ['carol', 'dave', 'indy', 'anna']) {
        const res = await as(who).post('/v1/credit', { amount: 10, btNonce: 'fake-valid-nonce' }).expect(403);
        expect(res.body.errors[0].message).toBe('Buying credit is for organisations that pay by card.');
      }
    });

    it('a retried request (same Idempotency-Key) charges once and answers the same invoice', async () => {
      const before = await credit('alice');
      const send = () => as('alice').post('/v1/credit', { amount: 40, btNonce: 'fake-valid-nonce' }, 'retry-key-1');
      const [a, b] = await Promise.all([send(), send()]);
      const c = await send();
      expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
      expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(1);
      expect((await credit('alice')).credit).toBe(before.credit + 40);
      const mine = (await charges('acme')).filter((t) => t.status === 'succeeded' && t.amount_minor === '4000');
      expect(mine).toHaveLength(1);
    });

    it('two concurrent purchases on one account are both charged once and both added', async () => {
      const before = await credit('alice');
      const chargesBefore = (await charges('acme')).length;
      const [a, b] = await Promise.all([
        as('alice').post('/v1/credit', { amount: 100, btNonce: 'fake-valid-nonce' }, 'concurrent-a'),
        as('bob').post('/v1/credit', { amount: 200, btNonce: 'fake-valid-visa-nonce' }, 'concurrent-b'),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body.id).not.toBe(b.body.id);
      expect((await credit('alice')).credit).toBe(before.credit + 300);
      expect((await charges('acme')).length).toBe(chargesBefore + 2);
    });
  });

  describe('GET /credit/history (2.13) and GET /credit/history/{id} (2.14)', () => {
    it('lists the demo orders: purchases as invoices, spends (PSV, AC) by their verification, newest first', async () => {
      const rows = (await history('alice', '?page=0&size=50')).content;
      const psv = rows.find((r) => r.type === 'PSV' && r.receiptId === 'QC-DEMO-1001');
      expect(psv).toMatchObject({ name: 'Jane Roe - University of Demo', paid: 60.6 });
      const ac = rows.find((r) => r.type === 'AC');
      expect(ac).toMatchObject({ receiptId: 'QC-DEMO-1003', paid: 18 });
      // Every row of a spend has a verification; every purchase an invoice that opens.
      for (const r of rows.filter((x) => x.type === 'PURCHASE')) await as('alice').get(`/v1/credit/history/${r.id}`).expect(200);
    });

    it('pages with page (0-based) and size, and counts all rows in totalSize', async () => {
      const all = await history('alice', '?page=0&size=200');
      const first = await history('alice', '?page=0&size=3');
      const second = await history('alice', '?page=1&size=3');
      expect(first.totalSize).toBe(all.totalSize);
      expect(first.content.map((r) => r.id)).toEqual(all.content.slice(0, 3).map((r) => r.id));
      expect(second.content.map((r) => r.id)).toEqual(all.content.slice(3, 6).map((r) => r.id));
      await as('alice').get('/v1/credit/history?size=0').expect(400);
      await as('alice').get('/v1/credit/history?page=-1').expect(400);
    });

    it('shows the invoice of an order with VAT, the current credit used and the rows of money 9', async () => {
      const spend = (await history('alice', '?size=200')).content.find((r) => r.receiptId === 'QC-DEMO-1001')!;
      const invoice = (await as('alice').get(`/v1/credit/history/${spend.invoiceId}`).expect(200)).body;
      // The first demo order: £40.50 + £10 surcharge and £36, 20 % VAT, £50 of credit used.
      expect(invoice).toMatchObject({
        kind: 'order',
        vatMultiplier: 1.2,
        items: [
          { candidateName: 'Jane Roe', instituteNames: ['University of Demo'], price: 40.5, surcharge: 10, total: 50.5 },
          { candidateName: 'John Smith', price: 36, surcharge: 0, total: 36 },
        ],
        total: 53.8,
        paid: 53.8,
        summary: [
          { label: 'Sub Total', amount: 86.5 },
          { label: 'Plus VAT', amount: 17.3 },
          { label: 'Less Current Credit', amount: 50 },
          { label: 'Total', amount: 53.8 },
        ],
      });
    });

    it('calls them Receipts for individuals', async () => {
      const rows = (await history('indy', '?size=200')).content;
      const purchase = rows.find((r) => r.id === rows.find((x) => x.receiptId === 'QC-DEMO-4001')!.invoiceId)!;
      expect(purchase.name).toBe(`Receipt: ${purchase.id}`);
      expect((await as('indy').get(`/v1/credit/history/${purchase.id}`).expect(200)).body.title).toBe('Receipt');
    });

    it('lists an invoice payer\'s invoices on account and a token payer\'s credit purchases', async () => {
      const carol = (await history('carol', '?size=200')).content;
      const billed = carol.find((r) => r.receiptId === 'QC-DEMO-2001')!;
      expect(carol.find((r) => r.id === billed.invoiceId)).toMatchObject({ type: 'PURCHASE', paid: 62.1 });
      expect((await as('carol').get(`/v1/credit/history/${billed.invoiceId}`).expect(200)).body).toMatchObject({ billing: 'invoice', status: 'ISSUED', paid: 0, currency: 'USD', total: 62.1 });
      const dave = (await history('dave', '?size=200')).content;
      expect(dave).toContainEqual(expect.objectContaining({ type: 'PURCHASE', paid: 25, receiptId: 'BACS-DEMO-0001' }));
    });

    it('never shows another account\'s invoice', async () => {
      const aliceInvoice = (await history('alice')).content.find((r) => r.type === 'PURCHASE')!.id;
      const res = await as('carol').get(`/v1/credit/history/${aliceInvoice}`).expect(404);
      expect(res.body).toEqual({ errors: [{ message: 'Invoice not found.' }] });
      await as('carol').get('/v1/credit/history/999999999').expect(404);
    });

    it('opening the history resets the user\'s unseen-invoice counter; a new invoice counts again', async () => {
      expect((await credit('bob')).unseenInvoices).toBeGreaterThan(0);
      await history('bob');
      expect((await credit('bob')).unseenInvoices).toBe(0);
      await as('alice').post('/v1/credit', { amount: 5, btNonce: 'fake-valid-nonce' }).expect(201);
      expect((await credit('bob')).unseenInvoices).toBe(1);
      // Per user: alice's own count is hers.
      await history('alice');
      expect((await credit('alice')).unseenInvoices).toBe(0);
      expect((await credit('bob')).unseenInvoices).toBe(1);
    });

    it('shows a restricted team member only the rows they processed', async () => {
      await as('bob').post('/v1/credit', { amount: 7, btNonce: 'fake-valid-nonce' }).expect(201);
      await db.pool.query(`UPDATE companies SET restricted_user_view = true WHERE id = 'acme'`);
      try {
        const bobs = (await history('bob', '?size=200')).content;
        expect(bobs.length).toBeGreaterThan(0);
        expect(bobs.every((r) => r.username === 'bob@acme.test')).toBe(true);
        // The team admin still sees everyone's.
        const everyone = (await history('alice', '?size=200')).content;
        expect(everyone.some((r) => r.username === 'alice@acme.test')).toBe(true);
        // Invoices and their PDFs as the list: bob's own opens, a colleague's is not there for him (issue 17).
        const own = bobs.find((r) => r.type === 'PURCHASE');
        const colleagues = everyone.find((r) => r.type === 'PURCHASE' && r.username === 'alice@acme.test');
        await as('bob').get(`/v1/credit/history/${own?.id}`).expect(200);
        await as('bob').get(`/v1/credit/history/${colleagues?.id}`).expect(404);
        await as('bob').get(`/v1/credit/history/${colleagues?.id}/pdf`).expect(404);
        await as('alice').get(`/v1/credit/history/${colleagues?.id}`).expect(200);
      } finally {
        await db.pool.query(`UPDATE companies SET restricted_user_view = false WHERE id = 'acme'`);
      }
    });
  });

  describe('POST /credit/order: Order Credits (2.12, 5)', () => {
    const order = { name: 'Dave Dawson', email: 'dave@initech.test', org: 'Initech', department: 'HR', toBuy: 50 };

    it('records a token payer\'s order for the account manager', async () => {
      const res = await as('dave').post('/v1/credit/order', order, 'order-1').expect(201);
      expect(res.body).toEqual({ id: expect.any(String), toBuy: 50 });
      const again = await as('dave').post('/v1/credit/order', order, 'order-1').expect(201);
      expect(again.body.id).toBe(res.body.id);
      const events = await app.get<EventStore>(EVENT_STORE).readStream(`creditorder-${res.body.id}`);
      expect(events.map((e) => [e.type, e.metadata.actor])).toEqual([['CreditOrdered', 'dave@initech.test']]);
      expect(events[0].data).toMatchObject({ toBuy: 50, org: 'Initech', department: 'HR', companyId: 'initech' });
      // Ordering does not change the balance: the account manager adds the credits once paid.
      expect((await credit('dave')).credit).toBe(25);
      // The account manager is told once, however often the request is retried: by a reactor, after the commit.
      const outbox = () => db.pool.query(`SELECT subject, text FROM mail_outbox WHERE "to" = 'accounts@credence.test' AND template = 'creditOrdered'`);
      for (let tries = 0; (await outbox()).rowCount === 0 && tries < 150; tries++) await new Promise((r) => setTimeout(r, 100));
      await as('dave').post('/v1/credit/order', order, 'order-1').expect(201);
      await new Promise((r) => setTimeout(r, 500));
      const mails = await outbox();
      expect(mails.rows).toHaveLength(1);
      expect(mails.rows[0].subject).toBe('Credit order from Initech');
      expect(mails.rows[0].text).toContain('would like to buy 50 credits');
    });

    it('validates as money 5: name, email and organisation required, 1 to 1000 credits', async () => {
      const res = await as('dave').post('/v1/credit/order', { name: '', email: '', org: '', toBuy: 0 }).expect(400);
      expect(res.body.errors[0].message).toBe(
        'Name is required. Email is required. Organisation is required. Number of credits must be a whole number from 1 to 1000.',
      );
      await as('dave').post('/v1/credit/order', { ...order, toBuy: 1001 }).expect(400);
      await as('dave').post('/v1/credit/order', { ...order, toBuy: 2.5 }).expect(400);
      await as('dave').post('/v1/credit/order', { ...order, department: undefined, toBuy: undefined }).expect(201);
    });

    it('is for accounts that pay with credits', async () => {
      for (const who of ['alice', 'carol', 'indy']) await as(who).post('/v1/credit/order', order).expect(403);
    });
  });
});
