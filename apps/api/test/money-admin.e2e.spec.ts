import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { EVENT_STORE, type EventStore } from '../src/infrastructure/event-store/event-store.port';
import { signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';

/** Staff resources `invoices` and `credit-movements` (ra-data-simple-rest) and credit grants, on the demo ledgers. */
describe('money: staff resources and credit grants', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let staff: string;
  let alice: string;
  let dave: string;
  let carol: string;
  const http = () => app.getHttpServer();
  const list = (path: string, query: Record<string, unknown> = {}) =>
    request(http())
      .get(path)
      .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))
      .set('X-AUTH-TOKEN', staff);
  const grant = (body: object, key?: string) => {
    const r = request(http()).post('/admin/credit-grants').set('X-AUTH-TOKEN', staff);
    if (key) r.set('Idempotency-Key', key);
    return r.send(body);
  };
  const credit = async (token: string) => (await request(http()).get('/v1/credit?includeBTToken=false').set('X-AUTH-TOKEN', token).expect(200)).body.credit;

  beforeAll(async () => {
    db = await freshDatabase('money_admin');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    staff = (await signIn(app, 'admin@credence.test')).token;
    alice = (await signIn(app, 'alice@acme.test')).token;
    dave = (await signIn(app, 'dave@initech.test')).token;
    carol = (await signIn(app, 'carol@globex.test')).token;
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  /** The demo ledgers' own invoices (other areas' demo data may add more): found through the customers' histories. */
  const demoInvoice = async (token: string, verificationId: string) => {
    const rows = (await request(http()).get('/v1/credit/history?size=200').set('X-AUTH-TOKEN', token).expect(200)).body.content;
    return rows.find((r: { receiptId: string }) => r.receiptId === verificationId).invoiceId as string;
  };

  describe('invoices', () => {
    it('lists every account\'s invoices newest first, with Content-Range', async () => {
      const res = await list('/admin/invoices', { range: [0, 199] }).expect(200);
      const total = Number(res.headers['x-total-count']);
      expect(total).toBeGreaterThanOrEqual(7);
      expect(res.headers['content-range']).toBe(`invoices 0-${res.body.length - 1}/${total}`);
      const created = res.body.map((r: { created: string }) => r.created);
      expect(created).toEqual([...created].sort().reverse());
      for (const id of ['acme', 'globex', 'initech', 'indy']) expect(res.body.some((r: { companyId: string }) => r.companyId === id)).toBe(true);
    });

    it('filters by customer and status, searches by id or customer name, pages and sorts', async () => {
      const acme = await list('/admin/invoices', { filter: { companyId: 'acme' }, range: [0, 199] }).expect(200);
      expect(acme.body.length).toBeGreaterThanOrEqual(4);
      expect(acme.body.every((r: { companyId: string }) => r.companyId === 'acme')).toBe(true);
      const globexInvoice = await demoInvoice(carol, 'QC-DEMO-2001');
      const issued = await list('/admin/invoices', { filter: { status: 'ISSUED' }, range: [0, 199] }).expect(200);
      expect(issued.body.every((r: { status: string }) => r.status === 'ISSUED')).toBe(true);
      expect(issued.body.map((r: { id: string }) => r.id)).toContain(globexInvoice);
      const byName = await list('/admin/invoices', { filter: { q: 'globex' }, range: [0, 199] }).expect(200);
      expect(byName.body.length).toBeGreaterThanOrEqual(1);
      expect(byName.body.every((r: { company: { name: string } }) => r.company.name === 'Globex Corp')).toBe(true);
      const byId = await list('/admin/invoices', { filter: { q: globexInvoice } }).expect(200);
      expect(byId.body.map((r: { id: string }) => r.id)).toEqual([globexInvoice]);
      const total = Number((await list('/admin/invoices').expect(200)).headers['x-total-count']);
      const page = await list('/admin/invoices', { sort: ['totalMinor', 'ASC'], range: [0, 1] }).expect(200);
      expect(page.headers['content-range']).toBe(`invoices 0-1/${total}`);
      expect(page.body[0].totalMinor).toBeLessThanOrEqual(page.body[1].totalMinor);
      const many = await list('/admin/invoices', { filter: { id: [acme.body[0].id, globexInvoice] } }).expect(200);
      expect(many.body).toHaveLength(2);
    });

    it('filters by date (yyyy-MM-dd), inclusive of the end day', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const total = Number((await list('/admin/invoices').expect(200)).headers['x-total-count']);
      expect(Number((await list('/admin/invoices', { filter: { fromDate: today, toDate: today } }).expect(200)).headers['x-total-count'])).toBe(total);
      expect((await list('/admin/invoices', { filter: { toDate: '2000-01-01' } }).expect(200)).body).toHaveLength(0);
      await list('/admin/invoices', { filter: { fromDate: 'yesterday' } }).expect(400);
    });

    it('refuses unknown filters and sorts in the spec\'s error body', async () => {
      const res = await list('/admin/invoices', { filter: { colour: 'red' } }).expect(400);
      expect(res.body.errors[0].message).toMatch(/^Cannot filter by 'colour'/);
      await list('/admin/invoices', { sort: ['paidAt; DROP TABLE x', 'ASC'] }).expect(400);
    });

    it('shows one invoice as its read-model row (amounts in minor units)', async () => {
      const id = await demoInvoice(carol, 'QC-DEMO-2001');
      const res = await request(http()).get(`/admin/invoices/${id}`).set('X-AUTH-TOKEN', staff).expect(200);
      expect(res.body).toMatchObject({ id, companyId: 'globex', currency: 'USD', status: 'ISSUED', totalMinor: 6210, paidMinor: 0, company: { name: 'Globex Corp' } });
      await request(http()).get('/admin/invoices/nope').set('X-AUTH-TOKEN', staff).expect(404);
    });
  });

  describe('credit movements', () => {
    it('lists every movement with its signed amount and the balance after, filterable by customer and type', async () => {
      const all = await list('/admin/credit-movements', { range: [0, 999] }).expect(200);
      expect(Number(all.headers['x-total-count'])).toBe(all.body.length);
      const acmeSpends = await list('/admin/credit-movements', { filter: { companyId: 'acme', type: ['PSV', 'AC'] }, range: [0, 999] }).expect(200);
      expect(acmeSpends.body.length).toBeGreaterThanOrEqual(4);
      for (const m of acmeSpends.body) {
        expect(m).toMatchObject({ companyId: 'acme', unit: 'money' });
        expect(['PSV', 'AC']).toContain(m.type);
        expect(m.signedAmount).toBe(-m.amount);
      }
      expect(acmeSpends.body.map((m: { verificationId: string }) => m.verificationId)).toEqual(expect.arrayContaining(['QC-DEMO-1001', 'QC-DEMO-1002', 'QC-DEMO-1003']));
      const initech = await list('/admin/credit-movements', { filter: { companyId: 'initech', type: 'PURCHASE' } }).expect(200);
      const bought = initech.body.find((m: { receiptId: string }) => m.receiptId === 'BACS-DEMO-0001');
      expect(bought).toMatchObject({ type: 'PURCHASE', unit: 'credits', amount: 25, method: 'manual' });
      const one = await request(http()).get(`/admin/credit-movements/${bought.id}`).set('X-AUTH-TOKEN', staff).expect(200);
      expect(one.body.id).toBe(bought.id);
    });

    it('lists newest first in the order they happened, so each balance follows from the one below it', async () => {
      type Movement = { companyId: string; unit: string; signedAmount: number; balanceAfter: number };
      const all: Movement[] = (await list('/admin/credit-movements', { sort: ['created', 'DESC'], range: [0, 999] }).expect(200)).body;
      const byAccount = new Map<string, Movement[]>();
      for (const m of all) byAccount.set(`${m.companyId}/${m.unit}`, [...(byAccount.get(`${m.companyId}/${m.unit}`) ?? []), m]);
      let pairs = 0;
      for (const ledger of byAccount.values()) {
        for (let i = 0; i + 1 < ledger.length; i++, pairs++) {
          expect(ledger[i].balanceAfter - ledger[i].signedAmount).toBe(ledger[i + 1].balanceAfter);
        }
      }
      expect(pairs).toBeGreaterThan(5);
    });
  });

  describe('POST /admin/credit-grants', () => {
    it('grants money in minor units with a reason, audited with the staff member', async () => {
      const before = await credit(alice);
      const res = await grant({ companyId: 'acme', amount: 2550, reason: 'Goodwill for a delayed check' }).expect(201);
      expect(res.body).toMatchObject({ companyId: 'acme', unit: 'money', amount: 2550, reason: 'Goodwill for a delayed check', balance: Math.round(before * 100) + 2550 });
      expect(await credit(alice)).toBe(before + 25.5);
      const movement = await request(http()).get(`/admin/credit-movements/${res.body.id}`).set('X-AUTH-TOKEN', staff).expect(200);
      expect(movement.body).toMatchObject({ type: 'GRANT', amount: 2550, reason: 'Goodwill for a delayed check', username: 'admin@credence.test' });
      const audit = await app.get<EventStore>(EVENT_STORE).readStream('audit-acme');
      expect(audit.filter((e) => e.type.startsWith('Credit')).at(-1)).toMatchObject({ type: 'CreditGrantedByStaff', data: { amount: 2550, reason: 'Goodwill for a delayed check' }, metadata: { actor: 'admin@credence.test' } });
      // Not in the customer's history of purchases and spends.
      const history = (await request(http()).get('/v1/credit/history?size=200').set('X-AUTH-TOKEN', alice).expect(200)).body.content;
      expect(history.some((r: { type: string }) => r.type === 'GRANT')).toBe(false);
    });

    it('grants and removes credits of a token account; never below zero', async () => {
      const start = await credit(dave);
      expect((await grant({ companyId: 'initech', amount: 5, reason: 'Trial credits' }).expect(201)).body).toMatchObject({ unit: 'credits', balance: start + 5 });
      expect(await credit(dave)).toBe(start + 5);
      const all = start + 5;
      expect((await grant({ companyId: 'initech', amount: -all, reason: 'Expired credits' }).expect(201)).body).toMatchObject({ amount: -all, balance: 0 });
      await grant({ companyId: 'initech', amount: 20, reason: 'Back to 20' }).expect(201);
      const tooMuch = await grant({ companyId: 'initech', amount: -21, reason: 'Too much' }).expect(422);
      expect(tooMuch.body.errors[0].message).toBe('The account has only 20 available; it cannot go below zero.');
      expect(await credit(dave)).toBe(20);
      const audit = await app.get<EventStore>(EVENT_STORE).readStream('audit-initech');
      expect(audit.map((e) => e.type).filter((t) => t.startsWith('Credit'))).toEqual(['CreditGrantedByStaff', 'CreditRemovedByStaff', 'CreditGrantedByStaff']);
    });

    it('a retried grant (same Idempotency-Key) is granted once', async () => {
      await grant({ companyId: 'initech', amount: 3, reason: 'Retry' }, 'grant-1').expect(201);
      await grant({ companyId: 'initech', amount: 3, reason: 'Retry' }, 'grant-1').expect(201);
      expect(await credit(dave)).toBe(23);
    });

    it('validates the account, the amount and the reason', async () => {
      expect((await grant({ companyId: 'acme', amount: 10, reason: '' }).expect(400)).body.errors[0].message).toBe('A reason is required.');
      expect((await grant({ companyId: 'acme', amount: 10.5, reason: 'x' }).expect(400)).body.errors[0].message).toBe('The amount must be a whole number (pence, or credits).');
      await grant({ companyId: 'acme', amount: 0, reason: 'Nothing' }).expect(400);
      await grant({ companyId: 'nobody', amount: 10, reason: 'Ghost' }).expect(404);
    });
  });

  it('is for staff only', async () => {
    for (const path of ['/admin/invoices', '/admin/credit-movements']) {
      await request(http()).get(path).set('X-AUTH-TOKEN', alice).expect(403);
      await request(http()).get(path).expect(401);
    }
    await request(http()).post('/admin/credit-grants').set('X-AUTH-TOKEN', alice).send({ companyId: 'acme', amount: 100, reason: 'Me' }).expect(403);
    expect(await credit(alice)).toBeGreaterThanOrEqual(0);
  });
});
