import type { INestApplication } from '@nestjs/common';
import { PDFDocument } from 'pdf-lib';
import request from 'supertest';
import { linkIn, mailsTo, signIn } from './demo-sessions';
import { freshDatabase, waitFor } from './fresh-database';
import { ApplicationGateway } from '../src/modules/applications/core/application-gateway';
import { ApplicationProcessors } from '../src/modules/applications/jobs/application-processors';
import { startTestApp } from './test-app';
import { api, janeAtUniDemo, pdfDataUrl, untilResult } from './verification-support';

interface ApplicationBody {
  id: string;
  status: string;
  owner: { name: string };
  applicant: { name: string };
  customerReference: string | null;
  verificationCount: number;
  verifications: { id: string; result: string; applicationResult: string }[];
  fields: { key: string; value: unknown }[];
  documents: { id: string; name: string; requirementId: string | null }[];
  insight: { type: string; isMatch: boolean }[];
  insightTag: boolean;
  submitted: string | null;
  completed: string | null;
}

/** Applications (verifications.md 2.13, 3, 4, 7) through HTTP, on the demo accounts and catalogue. */
describe('applications', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const token = {} as Record<'alice' | 'bob' | 'carol' | 'anna' | 'jane' | 'omar' | 'indy' | 'staff', string>;
  const card = { creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } };
  /** A one-page PDF, as a real upload would be. */
  const onePage = async (title: string) => {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    doc.addPage();
    return Buffer.from(await doc.save());
  };
  const messages = (res: request.Response) => (res.body.errors as { message: string }[]).map((e) => e.message);

  beforeAll(async () => {
    db = await freshDatabase('applications');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    for (const [who, username] of [
      ['alice', 'alice@acme.test'],
      ['bob', 'bob@acme.test'],
      ['carol', 'carol@globex.test'],
      ['anna', 'anna@mail.test'],
      ['jane', 'jane@mail.test'],
      ['omar', 'omar@mail.test'],
      ['indy', 'indy@mail.test'],
      ['staff', 'admin@credence.test'],
    ] as const) {
      token[who] = (await signIn(app, username)).token;
    }
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const list = async (who: keyof typeof token, query = '') => (await api(app, token[who]).get(`/v1/application${query}`).expect(200)).body as { content: ApplicationBody[]; totalSize: number };
  const untilStatus = (who: keyof typeof token, id: string, status: string) =>
    waitFor(
      async () => {
        const res = await api(app, token[who]).get(`/v1/application/${id}`);
        return res.status === 200 && res.body.status === status ? (res.body as ApplicationBody) : undefined;
      },
      20000,
      `application ${id} to become ${status}`,
    );

  describe('the demo applications to Acme', () => {
    it('anna has one open application: the login check finds it, with what Acme asks for', async () => {
      const open = await list('anna', '?status=OPEN&page=0&size=500');
      expect(open.totalSize).toBe(1);
      const [mine] = open.content;
      expect(mine).toMatchObject({ status: 'OPEN', owner: { name: 'Acme Recruitment Ltd' }, applicant: { name: 'Anna Applicant' }, customerReference: null, verificationCount: 0 });
      expect(mine.fields.map((f) => f.key)).toEqual(['candidateNumber', 'role']);
      expect(JSON.parse((mine as unknown as { allowedTypes: string }).allowedTypes)).toEqual([
        { key: 'edu', min: 1, max: 3 },
        { key: 'pli', min: 0, max: 2 },
        { key: 'idc', min: 0, max: 1 },
      ]);
    });

    it("takes the types the application allows (verifications 6), not only the account's: anna's Identity Document", async () => {
      const [mine] = (await list('anna', '?status=OPEN')).content;
      const identity = { type: 'IDENTITY', fields: { firstname: 'Anna', surname: 'Applicant', dob: '1996-03-03' }, consent: true };
      // An individual's own types have no identity check; outside the application it is refused, and nothing kept.
      const refused = await api(app, token.anna).post('/v1/verification?autosubmit=false', identity).expect(403);
      expect(messages(refused)).toEqual(['This type of verification is not available to your account.']);
      // Acme's application asks for one: saved into it (a draft, so the application stays open).
      const saved = await api(app, token.anna).post('/v1/verification?autosubmit=false', { ...identity, applicationId: mine.id }).expect(201);
      expect(saved.body).toMatchObject({ instituteId: 'QC_ID_VER_TRUST_ID' });
      await api(app, token.anna).delete(`/v1/verification/${saved.body.id}`).expect((res) => expect(res.status).toBeLessThan(300));
    });

    it("Acme's team sees the applications made to it, with references, statuses and insights", async () => {
      const all = await list('bob', '?size=1000');
      const byName = Object.fromEntries(all.content.map((a) => [a.applicant.name, a]));
      expect(byName['Anna Applicant']).toMatchObject({ status: 'OPEN', customerReference: 'CAND-0001' });
      const jane = await untilStatus('bob', byName['Jane Doe'].id, 'COMPLETED');
      expect(jane).toMatchObject({ customerReference: 'CAND-0002', verificationCount: 1, insightTag: false });
      expect(jane.completed).not.toBeNull();
      expect(jane.insight).toEqual([
        { type: 'NAME', isMatch: true, instituteType: 'UNI', instituteName: 'University of Demo' },
        { type: 'DOB', isMatch: true, instituteType: 'UNI', instituteName: 'University of Demo' },
      ]);
      expect(jane.fields.find((f) => f.key === 'role')?.value).toBe('Graduate analyst');
      const omar = await untilStatus('bob', byName['Omar Haddad'].id, 'PENDING');
      expect(omar.verifications[0]).toMatchObject({ result: 'PENDING' });
    });

    it('filters by status, quick search, reference and the custom fields Acme offers', async () => {
      const filters = await api(app, token.alice).get('/v1/application/filters').expect(200);
      expect(filters.body).toEqual([
        { key: 'candidateNumber', name: 'Candidate number', type: 'TEXT', refData: null, values: null },
        { key: 'role', name: 'Role applied for', type: 'SELECT', refData: null, values: ['Graduate analyst', 'Software engineer', 'Account manager'] },
      ]);
      expect((await list('alice', '?status=PENDING&status=COMPLETED')).content.map((a) => a.applicant.name).sort()).toEqual(['Jane Doe', 'Omar Haddad']);
      expect((await list('alice', '?query=omar')).content.map((a) => a.applicant.name)).toEqual(['Omar Haddad']);
      expect((await list('alice', '?ref=0002')).content.map((a) => a.applicant.name)).toEqual(['Jane Doe']);
      expect((await list('alice', '?role=Software%20engineer')).content.map((a) => a.applicant.name)).toEqual(['Omar Haddad']);
      expect((await list('alice', '?fromDate=2000-01-01&toDate=2000-01-02')).totalSize).toBe(0);
      const unknown = await api(app, token.alice).get('/v1/application?shoeSize=9').expect(400);
      expect(messages(unknown)).toEqual(['Unknown application filter: shoeSize.']);
      const badStatus = await api(app, token.alice).get('/v1/application?status=LOST').expect(400);
      expect(messages(badStatus)[0]).toMatch(/^Unknown application status: LOST/);
      const meta = await api(app, token.alice).get('/v1/application/meta?status=OPEN&status=COMPLETED').expect(200);
      expect(meta.body.resultCounts).toEqual([
        { key: 'OPEN', value: 1 },
        { key: 'COMPLETED', value: 1 },
      ]);
      // The dashboard sends the statuses comma-separated (money 2.6 applicant cards).
      const joined = await api(app, token.alice).get('/v1/application/meta?status=OPEN,COMPLETED').expect(200);
      expect(joined.body.resultCounts).toEqual(meta.body.resultCounts);
    });

    it('other organisations and individuals see none of them, not even by id', async () => {
      const acme = await list('alice');
      expect((await list('carol')).totalSize).toBe(0);
      expect((await list('indy')).totalSize).toBe(0);
      expect((await list('jane')).content.map((a) => a.applicant.name)).toEqual(['Jane Doe']);
      for (const who of ['carol', 'indy', 'jane'] as const) {
        const other = acme.content.find((a) => a.applicant.name === 'Anna Applicant')!;
        const res = await api(app, token[who]).get(`/v1/application/${other.id}`).expect(404);
        expect(res.body).toEqual({ errors: [{ message: 'Application not found.', code: 'QC-APPLICATION-NOT-FOUND' }] });
      }
      await api(app, null).get('/v1/application').expect(401);
    });

    it("an applicant's search is by organisation (verifications 2.13), not by their own name or reference", async () => {
      expect((await list('jane', '?query=acme')).content.map((a) => a.owner.name)).toEqual(['Acme Recruitment Ltd']);
      expect((await list('jane', '?query=jane')).totalSize).toBe(0);
      expect((await list('jane', '?query=CAND-0002')).totalSize).toBe(0);
      expect((await list('jane', '?query=globex')).totalSize).toBe(0);
      expect((await list('jane', '?status=OPEN')).totalSize).toBe(0);
      expect((await list('jane', '?status=COMPLETED,PENDING')).totalSize).toBe(1);
    });

    it("the organisation reads the verifications of a submitted application, not the applicant's other ones", async () => {
      const omar = (await list('alice', '?query=omar')).content[0];
      const verificationId = omar.verifications[0].id;
      const seen = await api(app, token.alice).get(`/v1/verification/${verificationId}`).expect(200);
      expect(seen.body).toMatchObject({ id: verificationId, price: null, invoiceId: null, permissions: 0 });
      await api(app, token.alice).get(`/v1/verification/${verificationId}/auditevent`).expect(404);
      await api(app, token.carol).get(`/v1/verification/${verificationId}`).expect(404);
      const annasWallet = (await api(app, token.anna).get('/v1/verification').expect(200)).body.content as { id: string }[];
      expect(annasWallet.length).toBeGreaterThan(0);
      await api(app, token.alice).get(`/v1/verification/${annasWallet[0].id}`).expect(404);
    });
  });

  describe('reminders to finish an open application', () => {
    it('reach the applicant after 3 days, once, and stop when they unsubscribe', async () => {
      const processors = app.get(ApplicationProcessors);
      const day = 24 * 60 * 60 * 1000;
      const reminders = async () => (await mailsTo(app, 'anna@mail.test', token.staff)).filter((m) => m.subject === 'Reminder: your application to Acme Recruitment Ltd');
      await processors.remind(new Date(Date.now() + day));
      expect(await reminders()).toHaveLength(0);
      await processors.remind(new Date(Date.now() + 3.5 * day));
      await processors.remind(new Date(Date.now() + 3.6 * day));
      const sent = await reminders();
      expect(sent).toHaveLength(1);
      const mine = (await list('anna', '?status=OPEN')).content[0];
      expect(sent[0].text).toContain(`/application/${mine.id}/start`);
      expect(sent[0].text).toContain(`/unsubscribe?appid=${mine.id}`);
      // Jane's and Omar's are submitted: no reminders.
      expect((await mailsTo(app, 'jane@mail.test', token.staff)).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(0);

      await request(app.getHttpServer()).post('/v1/unsubscribe').send({ applicationId: mine.id, reason: 'Will complete the application, do not need reminders.' }).expect(204);
      await processors.remind(new Date(Date.now() + 7.5 * day));
      expect(await reminders()).toHaveLength(1);
    });
  });

  describe("an invited applicant's application", () => {
    let applicant: string;
    let applicationId: string;

    it('opens when the invited applicant registers, with the reference Acme gave', async () => {
      // Acme agrees a price per position for University of Demo from now on (money 2.6): applications opened
      // from here on carry it.
      await db.pool.query(`UPDATE application_owners SET pricing_scheme = '{"uni-demo": [12.5, 10], "default": [99]}' WHERE id = 'acme'`);
      await api(app, token.alice).post('/v1/register/applicant', { email: 'zara@mail.test', firstname: 'Zara', lastname: 'Zed', ref: 'CAND-0100' }).expect(204);
      const invite = (await mailsTo(app, 'zara@mail.test', token.staff))[0];
      const regToken = linkIn(invite.text, '/login/register/');
      await request(app.getHttpServer())
        .put(`/v1/register/${regToken}`)
        .send({ password: 'Zara-pass1', confirmPassword: 'Zara-pass1', company: { addressCountry: { id: 'GB' } } })
        .expect(204);
      applicant = (await signIn(app, 'zara@mail.test', { password: 'Zara-pass1' })).token;
      const open = (await api(app, applicant).get('/v1/application?status=OPEN&page=0&size=500').expect(200)).body;
      expect(open.totalSize).toBe(1);
      applicationId = open.content[0].id;
      // The wizard inside the application shows the scheme's price for the next verification.
      const institute = await api(app, applicant).get(`/v1/institute/uni-demo?applicationId=${applicationId}`).expect(200);
      expect(institute.body).toMatchObject({ product: { price: 12.5 }, surcharge: 0 });
      const seenByAcme = await api(app, token.alice).get(`/v1/application/${applicationId}`).expect(200);
      expect(seenByAcme.body).toMatchObject({ status: 'OPEN', customerReference: 'CAND-0100', applicant: { name: 'Zara Zed', username: 'zara@mail.test' } });
    });

    it('refuses details Acme does not allow, each in a clear message, and saves nothing', async () => {
      const res = await api(app, applicant).put(`/v1/application/${applicationId}`, { fields: [{ key: 'role', value: 'Astronaut' }, { key: 'shoeSize', value: '9' }] }).expect(400);
      expect(messages(res)).toEqual(["Role applied for must be one of: Graduate analyst, Software engineer, Account manager.", "This application has no field 'shoeSize'."]);
      const after = await api(app, applicant).get(`/v1/application/${applicationId}`).expect(200);
      expect(after.body.fields.every((f: { value: unknown }) => f.value === null)).toBe(true);
      const notPdf = await api(app, applicant).post(`/v1/application/${applicationId}/document`, { requirementId: 'cv', data: 'data:application/pdf;base64,aGVsbG8=' }).expect(400);
      expect(messages(notPdf)).toEqual(['Could not read file, check supported file types.']);
    });

    it('will not submit without the required details, documents and a verification', async () => {
      const res = await api(app, applicant).post('/v1/verification', { ...janeAtUniDemo(), applicationId, ...card }).expect(400);
      expect(messages(res)).toEqual(['Candidate number is required.', 'This document is required']);
      expect((await api(app, applicant).get('/v1/verification').expect(200)).body.totalSize).toBe(0);
      const empty = await api(app, applicant).put(`/v1/application/${applicationId}`, { status: 'PENDING' }).expect(400);
      expect(messages(empty)).toContain('At least one type of check must be selected');
    });

    it('saves the details and documents, then submits with a new verification: closed, then completed with insights', async () => {
      const saved = await api(app, applicant)
        .put(`/v1/application/${applicationId}`, { fields: { candidateNumber: 'Z-1', role: 'Account manager' }, documents: [{ requirementId: 'cv', name: 'Curriculum vitae', filename: 'zara-cv.pdf', data: pdfDataUrl(await onePage('CV')) }] })
        .expect(200);
      expect(saved.body.documents).toMatchObject([{ name: 'Curriculum vitae', requirementId: 'cv', filename: 'zara-cv.pdf' }]);
      const upload = await request(app.getHttpServer())
        .post(`/v1/application/${applicationId}/document`)
        .set('X-AUTH-TOKEN', applicant)
        .field('name', 'Portfolio')
        .attach('file', await onePage('Portfolio'), { filename: 'portfolio.pdf', contentType: 'application/pdf' })
        .expect(201);
      expect(upload.body).toMatchObject({ name: 'Portfolio', requirementId: null, applicationId });

      // Zara submits a degree held for Jane Doe: verified, but not in her name.
      const created = await api(app, applicant).post('/v1/verification', { ...janeAtUniDemo(), customerReference: null, applicationId, ...card }).expect(201);
      // Priced by the application's scheme (the first University of Demo check: 12.50 + 20 % VAT), no surcharge.
      expect(created.body.price).toEqual({ currency: 'GBP', net: 12.5, vat: 2.5, total: 15, credits: 0 });
      const closed = await api(app, applicant).get(`/v1/application/${applicationId}`).expect(200);
      expect(closed.body.status).not.toBe('OPEN');
      expect(closed.body.submitted).not.toBeNull();
      expect(closed.body.verifications.map((v: { id: string }) => v.id)).toEqual([created.body.id]);

      await untilResult(app, applicant, created.body.id, 'VERIFIED');
      const done = await untilStatus('alice', applicationId, 'COMPLETED');
      expect(done.insightTag).toBe(true);
      expect(done.insight.find((i) => i.type === 'NAME')).toMatchObject({ isMatch: false });
      const mail = await waitFor(
        async () => (await mailsTo(app, 'alice@acme.test', token.staff)).find((m) => m.subject === 'Application completed: Zara Zed'),
        15000,
        'the completion mail to Acme',
      );
      expect(mail.text).toContain('(CAND-0100)');
    });

    it('is closed once submitted: no more documents, details or verifications', async () => {
      const doc = await api(app, applicant).post(`/v1/application/${applicationId}/document`, { name: 'Late', data: pdfDataUrl() }).expect(409);
      expect(messages(doc)[0]).toMatch(/submitted and is closed/);
      await api(app, applicant).put(`/v1/application/${applicationId}`, { fields: { candidateNumber: 'Z-2' } }).expect(409);
      await api(app, applicant).post('/v1/verification', { ...janeAtUniDemo(), applicationId, ...card }).expect(409);
    });

    it('serves its documents to the organisation, one by one and all together', async () => {
      const view = (await api(app, token.alice).get(`/v1/application/${applicationId}`).expect(200)).body as ApplicationBody;
      const cv = view.documents.find((d) => d.requirementId === 'cv')!;
      const one = await api(app, token.alice).get(`/v1/application/${applicationId}/document/${cv.id}`).buffer(true).expect(200);
      expect(one.headers['content-type']).toBe('application/pdf');
      expect(Buffer.from(one.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await api(app, token.carol).get(`/v1/application/${applicationId}/document/${cv.id}`).expect(404);

      const all = await api(app, token.alice)
        .get(`/v1/application/${applicationId}/downloads/result`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(all.headers['content-disposition']).toContain(`filename="application-${applicationId}-documents.pdf"`);
      const merged = await PDFDocument.load(all.body as Buffer);
      // The contents page, the CV and the portfolio (the consent form has no page of its own to copy), then the
      // certificate of the verified degree (issue 17).
      expect(merged.getPageCount()).toBe(4);
      expect(merged.getTitle()).toBe(`Application ${applicationId}: documents and certificates`);
    });

    it('only Acme archives it; the applicant hears that it was reviewed', async () => {
      const refused = await api(app, applicant).put(`/v1/application/${applicationId}`, { status: 'ARCHIVED' }).expect(403);
      expect(messages(refused)).toEqual(['Only the organisation the application was made to can archive it.']);
      await api(app, token.carol).put(`/v1/application/${applicationId}`, { status: 'ARCHIVED' }).expect(404);
      const archived = await api(app, token.bob).put(`/v1/application/${applicationId}`, { status: 'ARCHIVED' }).expect(200);
      expect(archived.body.status).toBe('ARCHIVED');
      await api(app, token.bob).put(`/v1/application/${applicationId}`, { status: 'ARCHIVED' }).expect(409);
      const mail = await waitFor(async () => (await mailsTo(app, 'zara@mail.test', token.staff)).find((m) => m.subject === 'Your application to Acme Recruitment Ltd'), 15000, 'the archive mail');
      expect(mail.text).toContain('Acme Recruitment Ltd has reviewed your application.');
    });
  });

  describe('an individual who already has an account', () => {
    it('gets the application at once when invited, and a mail to sign in; organisation accounts cannot be applicants', async () => {
      await api(app, token.alice).post('/v1/register/applicant', { email: 'indy@mail.test', firstname: 'Indy', lastname: 'Individual', ref: 'CAND-0200' }).expect(204);
      const mail = await waitFor(async () => (await mailsTo(app, 'indy@mail.test', token.staff)).find((m) => m.subject === 'Acme Recruitment Ltd has invited you to verify your credentials'), 15000, 'the invitation');
      expect(mail.text).toContain('/login');
      const indy = (await signIn(app, 'indy@mail.test')).token;
      const open = (await api(app, indy).get('/v1/application?status=OPEN').expect(200)).body;
      expect(open.content).toMatchObject([{ owner: { name: 'Acme Recruitment Ltd' }, status: 'OPEN' }]);
      // Inviting again opens nothing new.
      await api(app, token.alice).post('/v1/register/applicant', { email: 'indy@mail.test', firstname: 'Indy', lastname: 'Individual' }).expect(204);
      expect((await api(app, indy).get('/v1/application').expect(200)).body.totalSize).toBe(1);
      // Indy still pays for her own verifications outside the application.
      const own = await api(app, indy).post('/v1/verification', { ...janeAtUniDemo(), customerReference: null, ...card }).expect(201);
      expect(own.body.price.total).toBeGreaterThan(0);

      const refused = await api(app, token.alice).post('/v1/register/applicant', { email: 'carol@globex.test', firstname: 'Carol', lastname: 'Chen' }).expect(422);
      expect(messages(refused)).toEqual(['This e-mail address belongs to an organisation account: applicants need an individual account.']);
    });
  });

  describe("anna's wallet verifications", () => {
    it('join her open application; someone else’s do not; submitting it follows their results', async () => {
      const mine = (await list('anna', '?status=OPEN')).content[0];
      const wallet = (await api(app, token.anna).get('/v1/verification').expect(200)).body.content as { id: string; result: string }[];
      const indys = (await api(app, token.indy).get('/v1/verification').expect(200)).body.content as { id: string }[];
      const refused = await api(app, token.anna).put(`/v1/application/${mine.id}/verification`, [wallet[0].id, indys[0].id]).expect(400);
      expect(messages(refused)).toEqual([`Verification ${indys[0].id} was not found in your wallet.`]);
      for (const body of [{ verificationIds: wallet[0].id }, { verificationIds: [{ id: wallet[0].id }] }, {}]) {
        const wrong = await api(app, token.anna).put(`/v1/application/${mine.id}/verification`, body).expect(400);
        expect(messages(wrong)).toEqual(['Send the verification ids as a list (at most 100).']);
      }
      const one = await api(app, token.anna).put(`/v1/application/${mine.id}/verification`, { verificationIds: [wallet[0].id] }).expect(200);
      expect(one.body).toMatchObject({ status: 'OPEN', verificationCount: 1 });

      const selected = await api(app, token.anna).put(`/v1/application/${mine.id}/verification`, wallet.map((v) => v.id)).expect(200);
      expect(selected.body).toMatchObject({ status: 'OPEN', verificationCount: wallet.length });
      // Not submitted yet: Acme cannot read them.
      await api(app, token.alice).get(`/v1/verification/${wallet[0].id}`).expect(404);

      await api(app, token.anna)
        .put(`/v1/application/${mine.id}`, { fields: { candidateNumber: 'CAND-0001' }, documents: [{ requirementId: 'cv', data: pdfDataUrl() }] })
        .expect(200);
      const submitted = await api(app, token.anna).put(`/v1/application/${mine.id}`, { status: 'PENDING' }).expect(200);
      // One of her verifications needs her (NOT_FOUND): the application waits for the applicant.
      expect(submitted.body.status).toBe('APPLICANT_ACTION');
      expect(submitted.body.verifications.map((v: { applicationResult: string }) => v.applicationResult)).toContain('ACTION_REQUIRED');
      expect((await list('anna', '?status=OPEN&page=0&size=500')).totalSize).toBe(0);
      await api(app, token.alice).get(`/v1/verification/${wallet[0].id}`).expect(200);
    });
  });

  describe('a crash between the verification and its application', () => {
    it('leaves the verification out only until the sweep includes it and submits the application', async () => {
      await api(app, token.alice).post('/v1/register/applicant', { email: 'xena@mail.test', firstname: 'Xena', lastname: 'Xu' }).expect(204);
      const regToken = linkIn((await mailsTo(app, 'xena@mail.test', token.staff))[0].text, '/login/register/');
      await request(app.getHttpServer()).put(`/v1/register/${regToken}`).send({ password: 'Xena-pass1', confirmPassword: 'Xena-pass1', company: { addressCountry: { id: 'GB' } } }).expect(204);
      const xena = (await signIn(app, 'xena@mail.test', { password: 'Xena-pass1' })).token;
      const [application] = (await api(app, xena).get('/v1/application?status=OPEN').expect(200)).body.content as ApplicationBody[];
      await api(app, xena).put(`/v1/application/${application.id}`, { fields: { candidateNumber: 'X-1' }, documents: [{ requirementId: 'cv', data: pdfDataUrl() }] }).expect(200);

      const include = jest.spyOn(app.get(ApplicationGateway), 'include').mockRejectedValueOnce(new Error('the process died here'));
      await api(app, xena).post('/v1/verification', { ...janeAtUniDemo(), customerReference: null, applicationId: application.id, ...card }).expect(500);
      include.mockRestore();
      const [made] = (await api(app, xena).get('/v1/verification').expect(200)).body.content as { id: string }[];
      expect((await api(app, xena).get(`/v1/application/${application.id}`).expect(200)).body).toMatchObject({ status: 'OPEN', verificationCount: 0 });

      await waitFor(async () => ((await api(app, xena).get('/v1/verification').expect(200)).body.totalSize === 1 ? true : undefined), 15000, 'the list');
      await app.get(ApplicationProcessors).sweep();
      const after = await waitFor(
        async () => {
          const body = (await api(app, xena).get(`/v1/application/${application.id}`).expect(200)).body as ApplicationBody;
          return body.status !== 'OPEN' ? body : undefined;
        },
        15000,
        'the application to be submitted by the sweep',
      );
      expect(after.verifications.map((v) => v.id)).toEqual([made.id]);
    });
  });

  describe('an application that names its institutes (lockedInstitutes, verifications 2.2)', () => {
    it('takes verifications at those institutes only: submitted into it or selected from the wallet', async () => {
      const other = (await api(app, token.alice).get('/v1/institute/summary?name=Aberdeen%20Technical&page=0&size=5').expect(200)).body.content[0].id as string;
      expect(other).toBeTruthy();
      await db.pool.query(`UPDATE application_owners SET locked_institutes = $1 WHERE id = 'acme'`, [JSON.stringify([other])]);
      await api(app, token.alice).post('/v1/register/applicant', { email: 'lena@mail.test', firstname: 'Lena', lastname: 'Locke', ref: 'CAND-0400' }).expect(204);
      const regToken = linkIn((await mailsTo(app, 'lena@mail.test', token.staff))[0].text, '/login/register/');
      await request(app.getHttpServer()).put(`/v1/register/${regToken}`).send({ password: 'Lena-pass1', confirmPassword: 'Lena-pass1', company: { addressCountry: { id: 'GB' } } }).expect(204);
      const lena = (await signIn(app, 'lena@mail.test', { password: 'Lena-pass1' })).token;
      const [application] = (await api(app, lena).get('/v1/application?status=OPEN').expect(200)).body.content as ApplicationBody[];
      await db.pool.query(`UPDATE application_owners SET locked_institutes = '[]' WHERE id = 'acme'`);

      // Into the application at an institute it does not name: refused before anything is kept.
      const refused = await api(app, lena).post('/v1/verification?autosubmit=false', { ...janeAtUniDemo(), customerReference: null, applicationId: application.id }).expect(400);
      expect(messages(refused)).toEqual(['This application only takes verifications at the institutes it names.']);
      expect((await api(app, lena).get('/v1/verification?includeDrafts=true').expect(200)).body.totalSize).toBe(0);
      // At the institute it names: saved into it (a draft; the application stays open).
      await api(app, lena).post('/v1/verification?autosubmit=false', { ...janeAtUniDemo(), instituteId: other, customerReference: null, applicationId: application.id }).expect(201);

      // From the wallet: a degree ordered outside the application, at University of Demo, cannot be selected into it.
      const outside = await api(app, lena).post('/v1/verification', { ...janeAtUniDemo(), customerReference: null, ...card }).expect(201);
      const selected = await api(app, lena).put(`/v1/application/${application.id}/verification`, { verificationIds: [outside.body.id] });
      expect(selected.status).toBe(400);
      expect(messages(selected)).toEqual(['This application only takes verifications at the institutes it names.']);
      const after = (await api(app, lena).get(`/v1/application/${application.id}`).expect(200)).body as ApplicationBody;
      expect(after.verifications.map((v) => v.id)).not.toContain(outside.body.id);
    });
  });

  describe('an application whose organisation pays', () => {
    it('charges the applicant nothing inside it: no card, no invoice, straight to checking', async () => {
      await db.pool.query(`UPDATE application_owners SET applicant_pays = false, pricing_scheme = NULL WHERE id = 'acme'`);
      await api(app, token.alice).post('/v1/register/applicant', { email: 'yusuf@mail.test', firstname: 'Yusuf', lastname: 'Young', ref: 'CAND-0300' }).expect(204);
      const regToken = linkIn((await mailsTo(app, 'yusuf@mail.test', token.staff))[0].text, '/login/register/');
      await request(app.getHttpServer()).put(`/v1/register/${regToken}`).send({ password: 'Yusuf-pass1', confirmPassword: 'Yusuf-pass1', company: { addressCountry: { id: 'GB' } } }).expect(204);
      const yusuf = (await signIn(app, 'yusuf@mail.test', { password: 'Yusuf-pass1' })).token;
      const [application] = (await api(app, yusuf).get('/v1/application?status=OPEN').expect(200)).body.content as ApplicationBody[];
      expect(application).toMatchObject({ applicantPays: false });
      const institute = await api(app, yusuf).get(`/v1/institute/uni-demo?applicationId=${application.id}`).expect(200);
      expect(institute.body.product.price).toBeNull();
      await api(app, yusuf).put(`/v1/application/${application.id}`, { fields: { candidateNumber: 'Y-1' }, documents: [{ requirementId: 'cv', data: pdfDataUrl() }] }).expect(200);
      const created = await api(app, yusuf).post('/v1/verification', { ...janeAtUniDemo(), customerReference: null, applicationId: application.id }).expect(201);
      expect(created.body).toMatchObject({ result: 'PENDING', invoiceId: null });
      expect(created.body.price).toMatchObject({ total: 0 });
      await db.pool.query(`UPDATE application_owners SET applicant_pays = true WHERE id = 'acme'`);
    });
  });
});
