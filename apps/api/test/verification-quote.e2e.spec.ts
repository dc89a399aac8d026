import type { INestApplication } from '@nestjs/common';
import { signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';
import { api } from './verification-support';

/**
 * POST /v1/verification/quote: the order review's figures (money 2.9) before anything is submitted, from the same
 * pricing the order is charged with; nothing is recorded.
 */
describe('verification order quote', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const token = {} as Record<'alice' | 'carol' | 'dave' | 'irene', string>;

  beforeAll(async () => {
    db = await freshDatabase('vquote');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    for (const [who, username] of Object.entries({ alice: 'alice@acme.test', carol: 'carol@globex.test', dave: 'dave@initech.test', irene: 'irene@uni-demo.test' })) {
      token[who as keyof typeof token] = (await signIn(app, username)).token;
    }
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const institute = async (who: keyof typeof token, id: string) => (await api(app, token[who]).get(`/v1/institute/${id}`).expect(200)).body;
  const quote = (who: keyof typeof token, body: unknown) => api(app, token[who]).post('/v1/verification/quote', body);
  const round = (n: number) => Math.round(n * 100) / 100;

  it('prices a card payer in money: rows with fee, surcharge and the accreditation chosen; VAT at 20 %; the current credit used', async () => {
    const uni = await institute('alice', 'uni-demo');
    const credit = (await api(app, token.alice).get('/v1/credit?includeBTToken=false').expect(200)).body.credit as number;
    const res = await quote('alice', {
      verifications: [
        { instituteId: 'uni-demo', candidateName: 'Jane Doe', accreditation: true },
        { instituteId: 'uni-demo', candidateName: 'Zed Nobody' },
      ],
    }).expect(200);
    const body = res.body;
    expect(body).toMatchObject({ unit: 'money', currency: 'GBP', paymentType: 'CARD', vatRatePercent: 20, currentCredit: credit, extraCredit: 0 });
    expect(body.lines).toHaveLength(2);
    expect(body.lines[0]).toMatchObject({ candidateName: 'Jane Doe', instituteName: 'University of Demo', fee: uni.product.price, surcharge: uni.surcharge });
    expect(body.lines[0].accreditation).toBe(uni.accreditationSupported ? uni.accreditation : 0);
    expect(body.lines[1]).toMatchObject({ candidateName: 'Zed Nobody', accreditation: 0, total: uni.totalPrice });
    const subTotal = round(body.lines[0].total + body.lines[1].total);
    expect(body.subTotal).toBe(subTotal);
    expect(body.vat).toBe(round(subTotal * 0.2));
    expect(body.creditUsed).toBe(Math.min(credit, round(subTotal * 1.2)));
    expect(body.total).toBe(round(subTotal * 1.2 - body.creditUsed));
  });

  it('leaves the current credit alone when extra credit is bought, and adds it to the total', async () => {
    const base = (await quote('alice', { verifications: [{ instituteId: 'uni-demo' }] }).expect(200)).body;
    const res = (await quote('alice', { verifications: [{ instituteId: 'uni-demo' }], creditPurchase: { amount: 25 } }).expect(200)).body;
    expect(res).toMatchObject({ extraCredit: 25, creditUsed: 0 });
    expect(res.total).toBe(round(base.subTotal + base.vat + 25));
  });

  it('an invoice payer without VAT sees no VAT and cannot buy extra credit', async () => {
    const res = (await quote('carol', { verifications: [{ instituteId: 'uni-demo', candidateName: 'Jane Doe' }] }).expect(200)).body;
    expect(res).toMatchObject({ unit: 'money', currency: 'USD', paymentType: 'INVOICE', vatRatePercent: 0, vat: 0 });
    const refused = await quote('carol', { verifications: [{ instituteId: 'uni-demo' }], creditPurchase: { amount: 10 } }).expect(400);
    expect(refused.body.errors[0].message).toBe('Extra credit can only be bought by card.');
  });

  it('a token payer sees one credit per check and per accreditation, and the balance', async () => {
    const balance = (await api(app, token.dave).get('/v1/credit?includeBTToken=false').expect(200)).body.credit as number;
    const res = (await quote('dave', { verifications: [{ instituteId: 'uni-demo', accreditation: true }, { instituteId: 'uni-demo' }] }).expect(200)).body;
    const accreditation = (await institute('dave', 'uni-demo')).accreditationSupported ? 1 : 0;
    expect(res).toMatchObject({ unit: 'credits', totalCredits: 2 + accreditation, balance });
    expect(res.lines.map((l: { credits: number }) => l.credits)).toEqual([1 + accreditation, 1]);
  });

  it('records nothing, refuses an empty order or an unknown institute, and needs a session', async () => {
    const before = (await api(app, token.alice).get('/v1/verification?size=1').expect(200)).body.totalSize as number;
    await quote('alice', { verifications: [{ instituteId: 'uni-demo' }] }).expect(200);
    expect((await api(app, token.alice).get('/v1/verification?size=1').expect(200)).body.totalSize).toBe(before);
    expect((await quote('alice', { verifications: [] }).expect(400)).body.errors[0].message).toBe('An order needs at least one verification.');
    expect((await quote('alice', { verifications: [{ instituteId: 'no-such-institute' }] }).expect(400)).body.errors[0].message).toBe('Failed to get Institute Details');
    await api(app, null).post('/v1/verification/quote', { verifications: [{ instituteId: 'uni-demo' }] }).expect(401);
  });

  it('answers in the unit the institute search shows each account (prices, credits)', async () => {
    for (const who of ['alice', 'carol', 'dave', 'irene'] as const) {
      const uni = await institute(who, 'uni-demo');
      const unit = uni.totalPrice !== null ? 'money' : uni.credits !== null ? 'credits' : 'none';
      expect({ who, unit: (await quote(who, { verifications: [{ instituteId: 'uni-demo' }] }).expect(200)).body.unit }).toEqual({ who, unit });
    }
  });
});
