import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { linkIn, mailsTo, signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';
import { api, janeAtUniDemo, pdfDataUrl } from './verification-support';

/**
 * POST /v1/verification/quote inside an application (money 2.6, 2.9; verifications 6): the order review of an
 * applicant shows what the submission will charge, the application's pricingScheme by position with no surcharge,
 * and nothing to pay when the organisation pays; another person's application is not found.
 */
describe('order quote inside an application', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const token = {} as Record<'alice' | 'anna' | 'staff', string>;
  const card = { creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } };

  beforeAll(async () => {
    db = await freshDatabase('appquote');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    for (const [who, username] of [
      ['alice', 'alice@acme.test'],
      ['anna', 'anna@mail.test'],
      ['staff', 'admin@credence.test'],
    ] as const) {
      token[who] = (await signIn(app, username)).token;
    }
  }, 240_000);
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  /** Acme invites an applicant, who registers: their open application, and their session. */
  async function invitedApplicant(email: string, ref: string) {
    await api(app, token.alice).post('/v1/register/applicant', { email, firstname: 'Quinn', lastname: 'Quote', ref }).expect(204);
    const regToken = linkIn((await mailsTo(app, email, token.staff))[0].text, '/login/register/');
    await request(app.getHttpServer())
      .put(`/v1/register/${regToken}`)
      .send({ password: 'Quinn-pass1', confirmPassword: 'Quinn-pass1', company: { addressCountry: { id: 'GB' } } })
      .expect(204);
    const session = (await signIn(app, email, { password: 'Quinn-pass1' })).token;
    const open = (await api(app, session).get('/v1/application?status=OPEN').expect(200)).body.content as { id: string }[];
    expect(open).toHaveLength(1);
    return { session, applicationId: open[0].id };
  }

  const lines = [
    { instituteId: 'uni-demo', candidateName: 'Jane Doe' },
    { instituteId: 'uni-demo', candidateName: 'Jane Doe' },
  ];

  it("prices each check by the application's scheme and position, without surcharge, as the submission charges it", async () => {
    await db.pool.query(`UPDATE application_owners SET applicant_pays = true, pricing_scheme = '{"uni-demo": [12.5, 10], "default": [99]}' WHERE id = 'acme'`);
    const { session, applicationId } = await invitedApplicant('quinn@mail.test', 'CAND-Q1');

    const catalogue = (await api(app, session).post('/v1/verification/quote', { verifications: lines }).expect(200)).body;
    expect(catalogue.lines[0].fee).not.toBe(12.5);

    const quoted = (await api(app, session).post('/v1/verification/quote', { verifications: lines, applicationId }).expect(200)).body;
    expect(quoted).toMatchObject({ unit: 'money', currency: 'GBP', vatRatePercent: 20 });
    expect(quoted.lines.map((l: { fee: number; surcharge: number; total: number }) => [l.fee, l.surcharge, l.total])).toEqual([
      [12.5, 0, 12.5],
      [10, 0, 10],
    ]);
    expect(quoted).toMatchObject({ subTotal: 22.5, vat: 4.5 });
    expect(quoted.total).toBe(Math.round((27 - quoted.creditUsed) * 100) / 100);

    // One check: the quote's figures are the price the submission records and charges.
    const one = (await api(app, session).post('/v1/verification/quote', { verifications: [lines[0]], applicationId }).expect(200)).body;
    await api(app, session)
      .put(`/v1/application/${applicationId}`, { fields: { candidateNumber: 'Q-1' }, documents: [{ requirementId: 'cv', data: pdfDataUrl() }] })
      .expect(200);
    const created = await api(app, session).post('/v1/verification', { ...janeAtUniDemo(), customerReference: null, applicationId, ...card }).expect(201);
    expect(created.body.price).toEqual({ currency: 'GBP', net: one.subTotal, vat: one.vat, total: one.subTotal + one.vat, credits: 0 });

    // Closed by that submission: no more quotes inside it.
    await api(app, session).post('/v1/verification/quote', { verifications: lines, applicationId }).expect(409);
  });

  it("answers nothing to pay when the organisation pays, and not found for someone else's application", async () => {
    await db.pool.query(`UPDATE application_owners SET applicant_pays = false, pricing_scheme = NULL WHERE id = 'acme'`);
    const { session, applicationId } = await invitedApplicant('quincy@mail.test', 'CAND-Q2');
    const none = (await api(app, session).post('/v1/verification/quote', { verifications: lines, applicationId }).expect(200)).body;
    expect(none).toEqual({ unit: 'none' });

    const refused = await api(app, token.anna).post('/v1/verification/quote', { verifications: lines, applicationId }).expect(404);
    expect(refused.body.errors[0].message).toBe('Application not found.');
    const org = await api(app, token.alice).post('/v1/verification/quote', { verifications: lines, applicationId }).expect(404);
    expect(org.body.errors[0].message).toBe('Application not found.');
    await db.pool.query(`UPDATE application_owners SET applicant_pays = true WHERE id = 'acme'`);
  });
});
