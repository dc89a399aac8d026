import type { INestApplication } from '@nestjs/common';
import { creditDecider, creditStream, fromMinor, toMinor, verificationStream } from '@credence/domain';
import { CommandHandling } from '../src/infrastructure/command-handling/command-handling';
import { EVENT_STORE, type EventStore } from '../src/infrastructure/event-store/event-store.port';
import { LIFECYCLE_REFUND_ACTOR, LifecycleRefundReactor } from '../src/modules/money/reactions/refund-on-cancel.reactor';
import { signIn } from './demo-sessions';
import { freshDatabase, waitFor } from './fresh-database';
import { startTestApp } from './test-app';
import { api, nobodyAtUniDemo, untilResult } from './verification-support';

/**
 * Refunds from the verification lifecycle (issue 21): a paid verification cancelled or deleted before any resolver
 * answered it gets its money back once (to the card it was paid by, else as credit), whatever repeats: the event
 * reacted to again, a delete after the cancel, a staff refund afterwards. One a resolver answered is not refunded.
 */
describe('money: refunds when a paid verification is cancelled or deleted before it is worked', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let store: EventStore;
  const token = {} as Record<'alice' | 'bob' | 'staff', string>;
  const card = { creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } };
  const ledger = () => app.get(CommandHandling).load(creditStream('acme'), creditDecider);
  const credit = async () => (await api(app, token.alice).get('/v1/credit?includeBTToken=false').expect(200)).body.credit as number;
  const setCredit = async (target: number) => {
    const delta = toMinor(target) - toMinor(await credit());
    if (delta !== 0) await api(app, token.staff).post('/admin/credit-grants', { companyId: 'acme', amount: delta, reason: 'Test starting balance' }).expect(201);
  };
  const refundsOf = async (verificationId: string) =>
    (await store.readStream(creditStream('acme'))).filter((e) => e.type === 'CreditRefunded' && (e.data as { verificationId: string }).verificationId === verificationId);
  const cardRefunds = async (transactionId: string) =>
    (await db.pool.query(`SELECT amount_minor, status FROM money_sandbox_refunds WHERE transaction_id = $1`, [transactionId])).rows;
  let n = 0;
  /** A verification University of Demo has no record of: paid, then NOT_FOUND after the automatic check. */
  const paidNotFound = async (body: object, who: 'alice' | 'bob' = 'alice') => {
    const created = await api(app, token[who]).post('/v1/verification', { ...nobodyAtUniDemo({ customerReference: `REFUND-${++n}` }), ...body }).expect(201);
    await untilResult(app, token.alice, created.body.id, 'NOT_FOUND');
    return created.body.id as string;
  };
  /** The customer's credit history row of a verification's refund (GET /v1/credit/history, money 2.13). */
  const historyRefund = async (verificationId: string, who: 'alice' | 'bob' = 'alice') =>
    waitFor(async () => {
      const rows = (await api(app, token[who]).get('/v1/credit/history?page=0&size=50').expect(200)).body.content as Array<Record<string, unknown>>;
      return rows.find((r) => r.type === 'REFUND' && r.verificationId === verificationId);
    }, 20000, 'the refund in the history');
  const sendForManualCheck = (id: string) => api(app, token.alice).put(`/v1/verification/${id}?resub=true&push=true`, { force: true }).expect(200);
  const lastEvent = async (id: string, type: string) => (await store.readStream(verificationStream(id))).filter((e) => e.type === type).at(-1)!;

  beforeAll(async () => {
    db = await freshDatabase('money_lifecycle');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    store = app.get(EVENT_STORE);
    token.alice = (await signIn(app, 'alice@acme.test')).token;
    token.bob = (await signIn(app, 'bob@acme.test')).token;
    token.staff = (await signIn(app, 'admin@credence.test')).token;
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('a card-paid verification cancelled while pending is refunded to the card once, whatever repeats', async () => {
    await setCredit(0);
    const id = await paidNotFound(card);
    const paid = (await ledger()).state.verifications[id];
    expect(paid).toMatchObject({ unit: 'money', refunded: false });
    const transactionId = (await ledger()).state.cardPayments[paid.invoiceId!].transactionId;
    await sendForManualCheck(id);
    await api(app, token.alice).post(`/v1/verification/${id}/cancel`, {}).expect(201);

    const [refund] = await waitFor(async () => ((await refundsOf(id)).length ? refundsOf(id) : undefined), 20000, 'the refund');
    expect(refund.metadata.actor).toBe(LIFECYCLE_REFUND_ACTOR);
    expect(refund.data).toMatchObject({ amount: 0, toCard: { transactionId, amountMinor: paid.spent } });
    await waitFor(async () => (await cardRefunds(transactionId)).length > 0, 20000, 'the card refund');
    expect(await cardRefunds(transactionId)).toEqual([{ amount_minor: String(paid.spent), status: 'refunded' }]);
    expect(await credit()).toBe(0);
    // The history shows what went back and where, and no process name: it used to read £0.00 by
    // 'system:verification-refunds'.
    expect(await historyRefund(id)).toMatchObject({
      name: 'Verification cancelled before it was worked (refunded to your card)',
      paid: fromMinor(paid.spent),
      username: 'Credence',
    });

    // The same event reacted to again (a crash before the checkpoint moved) decides nothing more.
    const cancelled = await lastEvent(id, 'VerificationCancelled');
    const reactor = app.get(LifecycleRefundReactor).definition();
    await reactor.react(cancelled);
    await reactor.react(cancelled);
    // Deleting the cancelled verification, and a staff refund afterwards, give nothing more either.
    await api(app, token.alice).delete(`/v1/verification/${id}`).expect(204);
    await reactor.react(await lastEvent(id, 'VerificationDeleted'));
    const staff = await api(app, token.staff).post('/admin/refunds', { companyId: 'acme', verificationId: id, reason: 'again' }).expect(201);
    expect(staff.body).toMatchObject({ refunded: false });

    await new Promise((r) => setTimeout(r, 1500));
    expect(await refundsOf(id)).toHaveLength(1);
    expect(await cardRefunds(transactionId)).toHaveLength(1);
    expect(await credit()).toBe(0);
  });

  it('a verification paid from credit and deleted after the automatic check found no record comes back as credit, once', async () => {
    await setCredit(200);
    const id = await paidNotFound({});
    const spent = (await ledger()).state.verifications[id].spent;
    expect(spent).toBeGreaterThan(0);
    expect(await credit()).toBe(fromMinor(toMinor(200) - spent));
    await api(app, token.alice).delete(`/v1/verification/${id}`).expect(204);
    await waitFor(async () => (await credit()) === 200, 20000, 'the credit back');
    await app.get(LifecycleRefundReactor).definition().react(await lastEvent(id, 'VerificationDeleted'));
    await new Promise((r) => setTimeout(r, 1000));
    expect(await refundsOf(id)).toHaveLength(1);
    expect((await refundsOf(id))[0].data).toMatchObject({ amount: spent, toCard: null });
    expect(await credit()).toBe(200);
    expect(await historyRefund(id)).toMatchObject({ name: 'Verification deleted before it was worked', paid: fromMinor(spent), username: 'Credence' });
  });

  it('a restricted team member sees the refund of the verification they paid for, though the service made it', async () => {
    await setCredit(200);
    await db.pool.query(`UPDATE companies SET restricted_user_view = true WHERE id = 'acme'`);
    try {
      const id = await paidNotFound({}, 'bob');
      await api(app, token.bob).delete(`/v1/verification/${id}`).expect(204);
      expect(await historyRefund(id, 'bob')).toMatchObject({ name: 'Verification deleted before it was worked', username: 'Credence' });
      // Still only his own: no row of alice's.
      const rows = (await api(app, token.bob).get('/v1/credit/history?page=0&size=200').expect(200)).body.content as Array<{ username: string }>;
      expect(rows.some((r) => r.username === 'alice@acme.test')).toBe(false);
    } finally {
      await db.pool.query(`UPDATE companies SET restricted_user_view = false WHERE id = 'acme'`);
    }
  });

  it('one a resolver answered (returned as REJECTED) and then cancelled is not refunded', async () => {
    await setCredit(200);
    const id = await paidNotFound({});
    await sendForManualCheck(id);
    await untilResult(app, token.alice, id, 'PENDING');
    const processes = (await api(app, token.staff).get('/v1/approvalprocess').expect(200)).body as string[];
    await api(app, token.staff)
      .put(`/v1/verification/pending/${id}`, { result: 'REJECTED', notes: 'Consent form unsigned.', approvedByName: 'Ada Admin', approvedByTitle: 'Verifier', abp: processes[0] })
      .expect(200);
    await untilResult(app, token.alice, id, 'REJECTED');
    const before = await credit();
    await api(app, token.alice).post(`/v1/verification/${id}/cancel`, {}).expect(201);
    // Run the reactor on the cancel ourselves, so the assertion does not depend on timing.
    await app.get(LifecycleRefundReactor).definition().react(await lastEvent(id, 'VerificationCancelled'));
    await new Promise((r) => setTimeout(r, 1000));
    expect(await refundsOf(id)).toHaveLength(0);
    expect(await credit()).toBe(before);
  });
});
