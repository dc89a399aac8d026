import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';
import { api, janeAtUniDemo } from './verification-support';

/**
 * 'Save card for later' (money 2.9, issue 21) in the embedded sandbox provider: a card paid with the switch on is kept
 * in the provider's vault for the account (type, last 4, expiry; never the number or CVV), listed masked for the next
 * payment, paid with through a single-use nonce minted for it, and removed. Another account sees and uses none of it.
 */
describe('money: saved cards', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const token = {} as Record<'alice' | 'bob' | 'indy' | 'carol', string>;
  const as = (who: keyof typeof token) => api(app, token[who]);
  const cards = async (who: keyof typeof token) => (await as(who).get('/v1/credit/cards').expect(200)).body as { id: string; label: string; expiry: string; last4: string; cardType: string }[];
  const nonceFor = async (who: keyof typeof token, id: string) => (await as(who).post(`/v1/credit/cards/${id}/nonce`).expect(200)).body.nonce as string;

  beforeAll(async () => {
    db = await freshDatabase('money_cards');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    for (const [who, username] of Object.entries({ alice: 'alice@acme.test', bob: 'bob@acme.test', indy: 'indy@mail.test', carol: 'carol@globex.test' })) {
      token[who as keyof typeof token] = (await signIn(app, username)).token;
    }
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('keeps a card paid with Save card for later, once, masked; one paid without it is not kept', async () => {
    // The demo's card orders were paid with the switch on (its default): Acme has the Visa ending 1111 saved.
    const visa = { id: expect.stringMatching(/^sbx_/), cardType: 'Visa', last4: '1111', expiry: '12/2030', label: 'Visa ending 1111' };
    expect(await cards('alice')).toEqual([visa]);
    await as('alice').post('/v1/credit', { amount: 10, btNonce: 'fake-valid-mastercard-nonce', btSaveCard: false }).expect(201);
    expect(await cards('alice')).toEqual([visa]);
    await as('alice').post('/v1/credit', { amount: 10, btNonce: 'fake-valid-mastercard-nonce', btSaveCard: true }).expect(201);
    await as('alice').post('/v1/credit', { amount: 10, btNonce: 'fake-valid-visa-nonce', btSaveCard: true }).expect(201);
    const saved = await cards('alice');
    expect(saved).toEqual([visa, { id: expect.stringMatching(/^sbx_/), cardType: 'Mastercard', last4: '4444', expiry: '12/2030', label: 'Mastercard ending 4444' }]);
    // The account's cards: a colleague on the same account sees them too.
    expect(await cards('bob')).toEqual(saved);
    // What the provider keeps: no card number, no CVV.
    const { rows } = await db.pool.query(`SELECT * FROM money_sandbox_vault`);
    expect(Object.keys(rows[0]).sort()).toEqual(['card_type', 'created_at', 'customer_id', 'expiration_month', 'expiration_year', 'last4', 'token']);
    expect(JSON.stringify(rows)).not.toMatch(/\d{12,}/);
    // Removing the Mastercard leaves the demo's Visa for the tests below.
    await as('alice').delete(`/v1/credit/cards/${saved[1].id}`).expect(204);
  });

  it('pays with a saved card through a single-use nonce, for Buy Credit and for an order', async () => {
    const [card] = await cards('alice');
    const before = (await as('alice').get('/v1/credit?includeBTToken=false').expect(200)).body.credit as number;
    const nonce = await nonceFor('alice', card.id);
    const bought = await as('alice').post('/v1/credit', { amount: 25, btNonce: nonce, btSaveCard: false }).expect(201);
    expect(bought.body).toMatchObject({ total: 25 });
    expect((await as('alice').get('/v1/credit?includeBTToken=false').expect(200)).body.credit).toBe(before + 25);
    const charged = await db.pool.query(`SELECT payment_method_token, status FROM money_sandbox_transactions WHERE nonce = $1`, [nonce]);
    expect(charged.rows).toEqual([{ payment_method_token: card.id, status: 'succeeded' }]);
    expect(nonce).toMatch(/^tokencc_sbx_/);
    // Used once: a second payment with the same nonce is refused and takes nothing.
    const again = await as('alice').post('/v1/credit', { amount: 25, btNonce: nonce }).expect(422);
    expect(again.body.errors[0]).toMatchObject({ code: 'QC-PAYMENT-REJECTED' });

    // An order paid with the saved card (extra credit bought with it, so the card is charged whatever the balance).
    const paidBefore = async () =>
      (await db.pool.query(`SELECT count(*)::int AS n FROM money_sandbox_transactions WHERE payment_method_token = $1 AND status = 'succeeded'`, [card.id])).rows[0].n as number;
    const before2 = await paidBefore();
    const order = await as('alice')
      .post('/v1/verification', { verifications: [janeAtUniDemo({ customerReference: 'SAVED-CARD' })], creditPurchase: { amount: 10, btNonce: await nonceFor('alice', card.id), btSaveCard: false } })
      .expect(201);
    expect(order.body).toEqual([expect.objectContaining({ invoiceId: expect.any(String) })]);
    expect(await paidBefore()).toBe(before2 + 1);
  });

  it('another account sees none of them, cannot pay with them nor remove them', async () => {
    const [card] = await cards('alice');
    expect(await cards('indy')).toEqual([]);
    await as('indy').post(`/v1/credit/cards/${card.id}/nonce`).expect(404);
    await as('indy').delete(`/v1/credit/cards/${card.id}`).expect(404);
    // A nonce minted for Acme's card does not pay for indy.
    const nonce = await nonceFor('alice', card.id);
    const stolen = await as('indy').post('/v1/verification', { ...janeAtUniDemo({ customerReference: 'NOT-MINE' }), creditPurchase: { amount: 0, btNonce: nonce } });
    expect(stolen.status).toBe(422);
    // Accounts that do not pay by card have no saved cards; signed out, nothing.
    await as('carol').get('/v1/credit/cards').expect(403);
    await request(app.getHttpServer()).get('/v1/credit/cards').expect(401);
    await as('alice').delete('/v1/credit/cards/not%20a%20token').expect(404);
    expect(await cards('alice')).toHaveLength(1);
  });

  it('removes a saved card; the next payment no longer offers it and its nonces no longer pay', async () => {
    const [card] = await cards('alice');
    const nonce = await nonceFor('alice', card.id);
    await as('bob').delete(`/v1/credit/cards/${card.id}`).expect(204);
    expect(await cards('alice')).toEqual([]);
    await as('alice').delete(`/v1/credit/cards/${card.id}`).expect(404);
    await as('alice').post('/v1/credit', { amount: 10, btNonce: nonce }).expect(422);
  });
});
