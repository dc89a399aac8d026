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
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  describe('invoices', () => {
    it('lists every account\'s invoices newest first, with Content-Range', async () => {
      const res = await list('/admin/invoices').expect(200);
      // Demo: alice 4 (credit, two orders, extra credit), carol 1, dave 1, indy 1.
      expect(res.headers['content-range']).toBe('invoices 0-6/7');
      expect(res.headers['x-total-count']).toBe('7');
      const created = res.body.map((r: { created: string }) => r.created);
      expect(created).toEqual([...created].sort().reverse());
      expect(new Set(res.body.map((r: { companyId: string }) => r.companyId))).toEqual(new Set(['acme', 'globex', 'initech', 'indy']));
    });

    it('filters by customer and status, searches by id or customer name, pages and sorts', async () => {
      const acme = await list('/admin/invoices', { filter: { companyId: 'acme' } }).expect(200);
      expect(acme.body).toHaveLength(4);
      const issued = await list('/admin/invoices', { filter: { status: 'ISSUED' } }).expect(200);
      expect(issued.body.map((r: { companyId: string }) => r.companyId)).toEqual(['globex']);
      const byName = await list('/admin/invoices', { filter: { q: 'globex' } }).expect(200);
      expect(byName.body).toHaveLength(1);
      const page = await list('/admin/invoices', { sort: ['totalMinor', 'ASC'], range: [0, 1] }).expect(200);
      expect(page.headers['content-range']).toBe('invoices 0-1/7');
      expect(page.body[0].totalMinor).toBeLessThanOrEqual(page.body[1].totalMinor);
      const many = await list('/admin/invoices', { filter: { id: [acme.body[0].id, issued.body[0].id] } }).expect(200);
      expect(many.body).toHaveLength(2);
    });

    it('filters by date (yyyy-MM-dd), inclusive of the end day', async () => {
      const today = new Date().toISOString().slice(0, 10);
      expect((await list('/admin/invoices', { filter: { fromDate: today, toDate: today } }).expect(200)).body).toHaveLength(7);
      expect((await list('/admin/invoices', { filter: { toDate: '2000-01-01' } }).expect(200)).body).toHaveLength(0);
      await list('/admin/invoices', { filter: { fromDate: 'yesterday' } }).expect(400);
    });

    it('refuses unknown filters and sorts in the spec\'s error body', async () => {
      const res = await list('/admin/invoices', { filter: { colour: 'red' } }).expect(400);
      expect(res.body.errors[0].message).toMatch(/^Cannot filter by 'colour'/);
      await list('/admin/invoices', { sort: ['paidAt; DROP TABLE x', 'ASC'] }).expect(400);
    });

    it('shows one invoice as its read-model row (amounts in minor units)', async () => {
      const [row] = (await list('/admin/invoices', { filter: { companyId: 'globex' } }).expect(200)).body;
      const res = await request(http()).get(`/admin/invoices/${row.id}`).set('X-AUTH-TOKEN', staff).expect(200);
      expect(res.body).toMatchObject({ id: row.id, companyId: 'globex', currency: 'USD', status: 'ISSUED', totalMinor: 6210, paidMinor: 0, company: { name: 'Globex Corp' } });
      await request(http()).get('/admin/invoices/nope').set('X-AUTH-TOKEN', staff).expect(404);
    });
  });

  describe('credit movements', () => {
    it('lists every movement with its signed amount and the balance after, filterable by customer and type', async () => {
      const all = await list('/admin/credit-movements', { range: [0, 99] }).expect(200);
      expect(Number(all.headers['x-total-count'])).toBe(all.body.length);
      const acmeSpends = await list('/admin/credit-movements', { filter: { companyId: 'acme', type: ['PSV', 'AC'] } }).expect(200);
      expect(acmeSpends.body.length).toBe(4);
      for (const m of acmeSpends.body) expect(m.signedAmount).toBe(-m.amount);
      const dave = await list('/admin/credit-movements', { filter: { companyId: 'initech' } }).expect(200);
      expect(dave.body).toEqual([expect.objectContaining({ type: 'PURCHASE', unit: 'credits', amount: 25, balanceAfter: 25, method: 'manual' })]);
      const one = await request(http()).get(`/admin/credit-movements/${dave.body[0].id}`).set('X-AUTH-TOKEN', staff).expect(200);
      expect(one.body.id).toBe(dave.body[0].id);
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
      expect((await grant({ companyId: 'initech', amount: 5, reason: 'Trial credits' }).expect(201)).body).toMatchObject({ unit: 'credits', balance: 30 });
      expect(await credit(dave)).toBe(30);
      expect((await grant({ companyId: 'initech', amount: -10, reason: 'Expired credits' }).expect(201)).body).toMatchObject({ amount: -10, balance: 20 });
      const tooMuch = await grant({ companyId: 'initech', amount: -21, reason: 'Too much' }).expect(422);
      expect(tooMuch.body.errors[0].message).toBe('The account has only 20 available; it cannot go below zero.');
      expect(await credit(dave)).toBe(20);
      const audit = await app.get<EventStore>(EVENT_STORE).readStream('audit-initech');
      expect(audit.map((e) => e.type).filter((t) => t.startsWith('Credit'))).toEqual(['CreditGrantedByStaff', 'CreditRemovedByStaff']);
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
