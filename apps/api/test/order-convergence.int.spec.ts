import { verificationStream } from '@credence/domain';
import type { INestApplication } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '../src/infrastructure/event-store/event-store.port';
import { INVOICING_REACTOR } from '../src/modules/money/reactions/issue-invoices.reactor';
import { ProjectionsService } from '../src/infrastructure/projections/projections.service';
import { signIn } from './demo-sessions';
import { freshDatabase, waitFor } from './fresh-database';
import { startTestApp } from './test-app';
import { api, janeAtUniDemo, readModelsCaughtUp } from './verification-support';

/**
 * An order's streams: the credit ledger is the decision (the hold, then the settlement with its OrderBilled); the
 * invoice streams follow from OrderBilled (InvoiceIssuingReactor, keyed by the event and the invoice); the
 * verification records its payment next in the same request, and a retry of the request with the same draft (the
 * order's idempotency key is the verification at its revision with the card token) finds the payment made. Here the
 * process "dies" right after its Nth append, for every N the order makes: after the restart (the fault gone, the
 * request retried as a client would), each run ends exactly as a run without a fault: one card charge of the same
 * amount, the same balance, one order invoice and one extra-credit invoice, the same ledger rows, a submitted
 * verification. Nothing lost, nothing doubled.
 */
describe('an order interrupted after each append converges', () => {
  jest.setTimeout(180000);
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let store: EventStore;
  const token = {} as Record<'alice' | 'staff', string>;
  /** Crash after the Nth append from now (it is committed, then the caller sees an error); 0: no fault. */
  let crashAfter = 0;
  let appends = 0;

  beforeAll(async () => {
    db = await freshDatabase('order_convergence');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    token.alice = (await signIn(app, 'alice@acme.test')).token;
    token.staff = (await signIn(app, 'admin@credence.test')).token;
    store = app.get<EventStore>(EVENT_STORE);
    const append = store.append.bind(store);
    store.append = async (...args: Parameters<EventStore['append']>) => {
      const result = await append(...args);
      appends++;
      if (crashAfter && appends === crashAfter) throw new Error(`crashed after append ${appends} (${args[0]})`);
      return result;
    };
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const scalar = async (sql: string) => Number((await db.pool.query<{ n: string }>(sql)).rows[0].n);
  const figures = async () => {
    await readModelsCaughtUp(app);
    await app.get(ProjectionsService).waitFor(INVOICING_REACTOR, await store.headPosition(), 20000);
    await readModelsCaughtUp(app);
    const projections = app.get(ProjectionsService);
    const head = await store.headPosition();
    await Promise.all(['credit-movements', 'invoices'].map((n) => projections.waitFor(n, head)));
    return {
      charged: await scalar(`SELECT coalesce(sum(amount_minor), 0) AS n FROM money_sandbox_transactions WHERE customer_id = 'acme' AND status = 'succeeded'`),
      charges: await scalar(`SELECT count(*) AS n FROM money_sandbox_transactions WHERE customer_id = 'acme' AND status = 'succeeded'`),
      invoices: await scalar(`SELECT count(*) AS n FROM rm_invoices WHERE "companyId" = 'acme'`),
      paidInvoices: await scalar(`SELECT count(*) AS n FROM rm_invoices WHERE "companyId" = 'acme' AND status = 'PAID'`),
      movements: await scalar(`SELECT count(*) AS n FROM rm_credit_movements WHERE "companyId" = 'acme'`),
      balance: (await api(app, token.alice).get('/v1/credit?includeBTToken=false').expect(200)).body.credit as number,
    };
  };
  const delta = (before: Awaited<ReturnType<typeof figures>>, after: typeof before) =>
    Object.fromEntries(Object.keys(after).map((k) => [k, k === 'balance' ? after.balance : after[k as keyof typeof after] - before[k as keyof typeof before]]));

  /**
   * One order for a saved draft, with £5 of current credit: without extra credit it holds and uses that credit and
   * the card pays the rest (one invoice); with £10 of extra credit the card pays it all (two invoices).
   */
  async function order(reference: string, crashAt: number, extraCredit: number) {
    const balance = (await api(app, token.alice).get('/v1/credit?includeBTToken=false').expect(200)).body.credit as number;
    await api(app, token.staff).post('/admin/credit-grants', { companyId: 'acme', amount: Math.round((5 - balance) * 100), reason: 'Test starting balance' }).expect(201);
    const draft = await api(app, token.alice).post('/v1/verification?autosubmit=false', janeAtUniDemo({ customerReference: reference })).expect(201);
    const before = await figures();
    const card = { creditPurchase: { amount: extraCredit, btNonce: 'fake-valid-nonce', btSaveCard: false } };
    appends = 0;
    crashAfter = crashAt;
    const first = await api(app, token.alice).put(`/v1/verification/${draft.body.id}?resub=true&push=true`, card);
    // The request's own appends: jobs and reactors append after its answer, and those are not the order's.
    const appended = appends;
    const crashed = crashAt > 0 && appends >= crashAt;
    crashAfter = 0;
    if (crashed) {
      // The restart: a client retries the same request; whatever the interrupted one committed is found, not redone.
      await api(app, token.alice).put(`/v1/verification/${draft.body.id}?resub=true&push=true`, card);
    } else expect(first.status).toBe(200);
    const submitted = await waitFor(async () => {
      const v = (await api(app, token.alice).get(`/v1/verification/${draft.body.id}`).expect(200)).body;
      return v.result !== 'UNPAID' && v.result !== 'DRAFT' ? v : undefined;
    }, 20000, `${reference} submitted`);
    expect(submitted.paymentDue ?? false).toBe(false);
    // Its automatic check is a job that appends after the answer: wait for it, so that append never falls inside the
    // next order's request (seen once in CI: a control count of 6 with such an append in it, counted after the
    // answer, so the run told to crash after its 6th append made only 5 and did not crash).
    await waitFor(async () => {
      const types = (await store.readStream(verificationStream(draft.body.id))).map((e) => e.type);
      const checked = types.includes('AutomaticCheckMatched') || types.includes('AutomaticCheckFoundNoMatch');
      return !types.includes('AutomaticCheckStarted') || checked;
    }, 20000, `${reference}'s automatic check`);
    return { appended, crashed, change: delta(before, await figures()) };
  }

  it.each([
    ['current credit held, the rest by card: hold, settlement, verification, invoice', 0, { charges: 1, invoices: 1, paidInvoices: 1, balance: 0 }],
    ['extra credit bought with it: settlement, verification, order and credit invoices', 10, { charges: 1, invoices: 2, paidInvoices: 2, balance: 15 }],
  ])('ends as an uninterrupted order does, whichever append the process died after (%s)', async (_, extra, expected) => {
    const control = await order(`CONVERGE-${extra}-0`, 0, extra);
    expect(control.change).toMatchObject(expected);
    expect(control.appended).toBeGreaterThanOrEqual(3);
    for (let n = 1; n <= control.appended; n++) {
      const run = await order(`CONVERGE-${extra}-${n}`, n, extra);
      expect({ n, crashed: run.crashed, ...run.change }).toEqual({ n, crashed: true, ...control.change });
    }
  });
});
