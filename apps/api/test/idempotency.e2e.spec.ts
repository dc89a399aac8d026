import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';
import { janeAtUniDemo } from './verification-support';
import { requestFingerprint } from '../src/infrastructure/idempotency/idempotency.interceptor';
import { VerificationWriter } from '../src/modules/verifications/commands/verification-writer';

/**
 * Issue 19: Idempotency-Key on creating and paying. The same key and body replay the first answer and do nothing
 * again; another body is 422; concurrent duplicates get the first's answer; keys belong to one account; an attempt
 * that committed and died unanswered is not done again.
 */
describe('Idempotency-Key', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const token: Record<string, string> = {};
  const card = { creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce' } };

  beforeAll(async () => {
    db = await freshDatabase('idempotency');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    token.alice = (await signIn(app, 'alice@acme.test')).token;
    token.bob = (await signIn(app, 'bob@acme.test')).token;
  }, 240_000);
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const submit = (who: string, key: string | null, body: object) => {
    const t = request(app.getHttpServer()).post('/v1/verification').set('X-AUTH-TOKEN', token[who]);
    return (key ? t.set('Idempotency-Key', key) : t).send(body);
  };
  const countRef = async (ref: string) =>
    Number((await db.pool.query(`SELECT count(DISTINCT stream_name) AS n FROM es_events WHERE stream_name LIKE 'verification-%' AND data->>'customerReference' = $1`, [ref])).rows[0].n);

  it('replays the first answer to a retried submission and submits (and pays) once', async () => {
    const body = { ...janeAtUniDemo({ customerReference: 'IDEM-1' }), ...card };
    const first = await submit('alice', 'key-1', body).expect(201);
    const again = await submit('alice', 'key-1', body).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await countRef('IDEM-1')).toBe(1);
    // Without a key, the same body is a second order, as before.
    await submit('alice', null, body).expect(201);
    expect(await countRef('IDEM-1')).toBe(2);
  });

  it('answers 422 in the spec shape when the key comes back with another request', async () => {
    await submit('alice', 'key-2', { ...janeAtUniDemo({ customerReference: 'IDEM-2' }), ...card }).expect(201);
    const other = await submit('alice', 'key-2', { ...janeAtUniDemo({ customerReference: 'IDEM-2b' }), ...card }).expect(422);
    expect(other.body).toEqual({ errors: [{ message: 'This Idempotency-Key was already used for a different request.', code: 'QC-IDEMPOTENCY-MISMATCH' }] });
    expect(await countRef('IDEM-2b')).toBe(0);
  });

  it('gives concurrent duplicates the first answer', async () => {
    const body = { ...janeAtUniDemo({ customerReference: 'IDEM-3' }), ...card };
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit('alice', 'key-3', body)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await countRef('IDEM-3')).toBe(1);
  });

  it('scopes keys to the account: the same key of another user is another request', async () => {
    const body = { ...janeAtUniDemo({ customerReference: 'IDEM-4' }), ...card };
    const a = await submit('alice', 'shared-key', body).expect(201);
    const b = await submit('bob', 'shared-key', body).expect(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.body.id).not.toEqual(a.body.id);
    expect(await countRef('IDEM-4')).toBe(2);
  });

  it('keys a credit purchase: one charge, the same invoice', async () => {
    const buy = () =>
      request(app.getHttpServer()).post('/v1/credit').set('X-AUTH-TOKEN', token.alice).set('Idempotency-Key', 'buy-1').send({ amount: 12, btNonce: 'fake-valid-nonce' });
    const first = await buy().expect(201);
    const again = await buy().expect(201);
    expect(again.body).toEqual(first.body);
    const history = await request(app.getHttpServer()).get('/v1/credit/history?size=200').set('X-AUTH-TOKEN', token.alice).expect(200);
    expect(history.body.content.filter((r: { id: string }) => r.id === first.body.invoiceId || r.id === first.body.id).length).toBeLessThanOrEqual(1);
  });

  it('does not run again an attempt that committed and died unanswered; runs one that committed nothing', async () => {
    const body = { ...janeAtUniDemo({ customerReference: 'IDEM-5' }), ...card };
    await submit('alice', 'key-5', body).expect(201);
    // As if the process had been killed after the commit and before the answer: the row is left running, its lease over.
    await db.pool.query(`UPDATE idempotency_keys SET state = 'running', status = NULL, body = NULL, lease_until = now() - interval '1 second' WHERE key = 'key-5'`);
    const retry = await submit('alice', 'key-5', body).expect(409);
    expect(retry.body.errors[0].code).toBe('QC-IDEMPOTENCY-ANSWER-LOST');
    expect(await countRef('IDEM-5')).toBe(1);

    // Killed before anything was committed (its row running, the lease over, no event): the retry does it, once.
    const userId = (await db.pool.query(`SELECT id FROM users WHERE username = 'alice@acme.test'`)).rows[0].id as string;
    const body6 = { ...janeAtUniDemo({ customerReference: 'IDEM-6' }), ...card };
    const fingerprint = requestFingerprint({ method: 'POST', originalUrl: '/v1/verification', headers: { 'content-type': 'application/json' }, body: JSON.parse(JSON.stringify(body6)) });
    await db.pool.query(`INSERT INTO idempotency_keys (scope, key, fingerprint, state, lease_until) VALUES ($1, 'key-6', $2, 'running', now() - interval '1 second')`, [`user:${userId}`, fingerprint]);
    const done = await submit('alice', 'key-6', body6).expect(201);
    expect(done.headers['idempotent-replayed']).toBeUndefined();
    await submit('alice', 'key-6', body6).expect(201);
    expect(await countRef('IDEM-6')).toBe(1);
  });

  it('finishes an attempt that paid and died before writing its verification: stored once, paid once', async () => {
    const body = { ...janeAtUniDemo({ customerReference: 'IDEM-8' }), ...card };
    const charges = async () => Number((await db.pool.query(`SELECT count(*) AS n FROM es_events WHERE type = 'CreditPurchased'`)).rows[0].n);
    const chargesBefore = await charges();
    // As if the process had died between the payment (committed on the credit ledger) and the verification's append.
    const writer = app.get(VerificationWriter, { strict: false });
    const append = jest.spyOn(writer, 'append').mockRejectedValueOnce(new Error('killed before the append'));
    try {
      await submit('alice', 'key-8', body).expect(500);
    } finally {
      append.mockRestore();
    }
    expect(await countRef('IDEM-8')).toBe(0);
    expect(await charges()).toBe(chargesBefore + 1);

    const retry = await submit('alice', 'key-8', body).expect(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await countRef('IDEM-8')).toBe(1);
    expect(await charges()).toBe(chargesBefore + 1);
    const stream = `verification-${retry.body.id as string}`;
    const paid = await db.pool.query(`SELECT count(*) AS n FROM es_events WHERE stream_name = $1 AND type = 'VerificationPaid'`, [stream]);
    expect(Number(paid.rows[0].n)).toBe(1);
    await submit('alice', 'key-8', body).expect(201).expect('idempotent-replayed', 'true');
  });

  it('refuses a malformed key and leaves requests without one alone', async () => {
    const res = await submit('alice', 'bad key with spaces', { ...janeAtUniDemo({ customerReference: 'IDEM-7' }), ...card }).expect(400);
    expect(res.body.errors[0].code).toBe('QC-IDEMPOTENCY-KEY');
    expect(await countRef('IDEM-7')).toBe(0);
  });
});
