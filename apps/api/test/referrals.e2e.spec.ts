import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { EVENT_STORE, type EventStore } from '../src/infrastructure/event-store/event-store.port';
import { ProjectionsService } from '../src/infrastructure/projections/projections.service';
import { linkIn, mailsTo, signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';
import { api, janeAtUniDemo } from './verification-support';

interface HistoryRow {
  id: string;
  result: string;
  fields: { firstname: string; surname: string };
  company: { id: string; name: string };
  institute: string | null;
  total: number | null;
  currency: string | null;
  permissions: number;
}

/** The referral calls (verifications.md 2.14, 3, 7) and GET /application/template (money 3, 7), over HTTP. */
describe('referrals and application templates', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const token = {} as Record<'alice' | 'bob' | 'carol' | 'dave' | 'indy' | 'staff', string>;

  /** The referral read model and the verification list have projected everything appended so far. */
  const caughtUp = async () => {
    const head = await app.get<EventStore>(EVENT_STORE).headPosition();
    const projections = app.get(ProjectionsService);
    await Promise.all(['referral', 'verification-list'].map((name) => projections.waitFor(name, head)));
  };
  const history = async (who: keyof typeof token, query = '') =>
    (await api(app, token[who]).get(`/v1/referral/history${query}`).expect(200)).body as { content: HistoryRow[]; totalSize: number };

  beforeAll(async () => {
    db = await freshDatabase('referrals');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    for (const [who, username] of [
      ['alice', 'alice@acme.test'],
      ['bob', 'bob@acme.test'],
      ['carol', 'carol@globex.test'],
      ['dave', 'dave@initech.test'],
      ['indy', 'indy@mail.test'],
      ['staff', 'admin@credence.test'],
    ] as const) {
      token[who] = (await signIn(app, username)).token;
    }
    await caughtUp();
    // The demo seed on a loaded shared machine can take minutes.
  }, 300_000);
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('lists the organisations registered after a referral from the caller (the demo: Globex, referred by Acme)', async () => {
    const res = await api(app, token.alice).get('/v1/referral?page=0&size=10000').expect(200);
    expect(res.body).toEqual({ content: [{ id: 'globex', name: 'Globex Corp', type: 'C' }], totalSize: 1 });
    // The whole team of the referral owner reads them; the quick search matches the name.
    expect((await api(app, token.bob).get('/v1/referral?query=glob').expect(200)).body.totalSize).toBe(1);
    expect((await api(app, token.alice).get('/v1/referral?query=nothing-like-it').expect(200)).body).toEqual({ content: [], totalSize: 0 });
  });

  it("shows the referred organisation's verifications to its referral owner with their price, newest first", async () => {
    const all = await history('alice');
    expect(all.totalSize).toBe(3);
    expect(all.content.map((r) => r.company)).toEqual(Array(3).fill({ id: 'globex', name: 'Globex Corp' }));
    expect(all.content.map((r) => r.fields.surname).sort()).toEqual(["Bouvier", 'Jay', "O'Brien"].sort());
    for (const row of all.content) {
      expect(row.institute).toBe('University of Demo');
      expect(row.currency).toBe('USD');
      expect(row.total).toBeGreaterThan(0);
      expect(row.permissions).toBe(0);
    }
    // Filters: name or QCID, organisation, result, dates, paging.
    expect((await history('alice', '?query=siobhan')).content.map((r) => r.result)).toEqual(['VERIFIED']);
    expect((await history('alice', '?organisation=globex&results=VERIFIED')).totalSize).toBe(1);
    expect((await history('alice', '?organisation=initech')).totalSize).toBe(0);
    expect((await history('alice', '?fromDate=2000-01-01&toDate=2000-01-02')).totalSize).toBe(0);
    const page = await history('alice', '?page=1&size=2');
    expect(page).toMatchObject({ totalSize: 3 });
    expect(page.content).toHaveLength(1);
  });

  it('shows another tenant nothing: the referred organisation itself, other organisations, individuals, staff', async () => {
    for (const who of ['carol', 'dave', 'indy', 'staff'] as const) {
      expect((await api(app, token[who]).get('/v1/referral').expect(200)).body).toEqual({ content: [], totalSize: 0 });
      expect(await history(who)).toEqual({ content: [], totalSize: 0 });
    }
    await api(app, null).get('/v1/referral').expect(401);
    await api(app, null).get('/v1/referral/history').expect(401);
  });

  it("opens a referred organisation's verification read only for its referral owner (the history row's link), and for nobody else", async () => {
    const [row] = (await history('alice')).content;
    const documented = (await api(app, token.carol).get(`/v1/verification/${row.id}`).expect(200)).body as { documents: { id: string }[] };
    const record = (await api(app, token.alice).get(`/v1/verification/${row.id}`).expect(200)).body as {
      id: string;
      price: number | null;
      permissions: number;
      timeline?: unknown;
    };
    expect(record.id).toBe(row.id);
    // Read as an application's owner reads: no price, no action, no timeline, none of the candidate's documents.
    expect(record.price).toBeNull();
    expect(record.permissions).toBe(0);
    await api(app, token.alice).get(`/v1/verification/${row.id}/timeline`).expect(404);
    expect(record).not.toHaveProperty('auditEvents');
    expect((record as unknown as { documents: unknown[]; outputDocs: unknown[] }).documents).toEqual([]);
    expect((record as unknown as { documents: unknown[]; outputDocs: unknown[] }).outputDocs).toEqual([]);
    expect(documented.documents.length).toBeGreaterThan(0);
    for (const doc of documented.documents) await api(app, token.alice).get(`/v1/verification/${row.id}/document/${doc.id}`).expect(404);
    // Its certificate, as an application's owner downloads one (a Verified demo row).
    if (row.result === 'VERIFIED') {
      const pdf = await api(app, token.alice).get(`/v1/verification/${row.id}/downloads/result`).expect(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
    }
    await api(app, token.dave).get(`/v1/verification/${row.id}/downloads/result`).expect(404);
    // Nothing else of Globex's tenant, and nobody else through the referral.
    await api(app, token.dave).get(`/v1/verification/${row.id}`).expect(404);
    await api(app, token.indy).get(`/v1/verification/${row.id}`).expect(404);
    const own = (await api(app, token.dave).get('/v1/verification?size=1').expect(200)).body as { content: { id: string }[] };
    if (own.content[0]) await api(app, token.alice).get(`/v1/verification/${own.content[0].id}`).expect(404);
  });

  it('refuses bad filters in the spec body', async () => {
    const res = await api(app, token.alice).get('/v1/referral/history?fromDate=yesterday').expect(400);
    expect(res.body).toEqual({ errors: [{ message: 'The fromDate parameter must be a date (YYYY-MM-DD).' }] });
    expect((await api(app, token.alice).get('/v1/referral/history?results=NOPE').expect(400)).body.errors[0].message).toBe('Unknown result filter: NOPE.');
  });

  it('follows an organisation that registers from the referral link, and the verifications it orders', async () => {
    jest.setTimeout(120_000);
    const http = app.getHttpServer();
    await request(http)
      .post('/v1/register')
      .send({ firstname: 'Nia', lastname: 'North', email: 'nia@northwind.test', phone: '+44 1', companyName: 'Northwind Staffing', jobTitle: 'HR lead', volumeChecks: '0-199', individual: false, referralOwnerId: 'ACME-REF' })
      .expect(204);
    const link = linkIn((await mailsTo(app, 'nia@northwind.test', token.staff))[0].text, '/login/register/');
    await request(http)
      .put(`/v1/register/${link}`)
      .send({ password: 'Nia-pass1', confirmPassword: 'Nia-pass1', volumeChecks: '0-199', company: { name: 'Northwind Staffing', addressCountry: { id: 'GB' }, industry: { id: 2 } } })
      .expect(204);
    const nia = (await signIn(app, 'nia@northwind.test', { password: 'Nia-pass1' })).token;
    await caughtUp();
    const referrals = (await api(app, token.alice).get('/v1/referral').expect(200)).body as { content: { id: string; name: string; type: string }[] };
    const northwind = referrals.content.find((r) => r.name === 'Northwind Staffing');
    if (!northwind) throw new Error('Northwind is not among the referrals');
    expect(northwind.type).toBe('C');

    const created = await api(app, nia).post('/v1/verification', { ...janeAtUniDemo(), creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } }).expect(201);
    const id = (Array.isArray(created.body) ? created.body[0] : created.body).id as string;
    await caughtUp();
    const rows = (await history('alice', `?organisation=${northwind.id}`)).content;
    expect(rows.map((r) => r.id)).toEqual([id]);
    expect(rows[0]).toMatchObject({ company: { name: 'Northwind Staffing' }, currency: 'GBP' });
    expect(rows[0].total).toBeGreaterThan(0);
    // Not Globex's referral owner's business elsewhere: carol still sees nothing.
    expect(await history('carol')).toEqual({ content: [], totalSize: 0 });
  });

  describe('GET /application/template', () => {
    it("answers the owner's templates with who pays, and nothing for others", async () => {
      expect((await api(app, token.alice).get('/v1/application/template').expect(200)).body).toEqual([
        { id: 'acme', name: 'Acme Recruitment Ltd', template: 0, paymentType: 'APPLICANT' },
      ]);
      expect((await api(app, token.carol).get('/v1/application/template').expect(200)).body).toEqual([
        { id: 'globex-closed', name: 'Globex Corp', template: 0, paymentType: 'UPFRONT' },
      ]);
      expect((await api(app, token.dave).get('/v1/application/template').expect(200)).body).toEqual([]);
      expect((await api(app, token.indy).get('/v1/application/template').expect(200)).body).toEqual([]);
      await api(app, null).get('/v1/application/template').expect(401);
    });
  });
});
