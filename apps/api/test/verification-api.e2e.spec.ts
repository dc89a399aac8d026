import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { SandboxIdentityProvider } from '../src/modules/verifications/ports/sandbox-identity-provider';
import { linkIn, mailsTo, signIn } from './demo-sessions';
import { freshDatabase, waitFor } from './fresh-database';
import { startTestApp } from './test-app';
import { api, janeAtUniDemo, nobodyAtUniDemo, pdfDataUrl, readModelsCaughtUp, untilResult } from './verification-support';

/** Documents, lists and counters, identity, employment and references, staff routes, access. */
describe('verification API', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const token = {} as Record<'alice' | 'bob' | 'carol' | 'irene' | 'staff' | 'paul', string>;
  const card = { creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce' } };

  beforeAll(async () => {
    db = await freshDatabase('vapi');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    // Acme may also order identity checks and academic references (an explicit allowedTypes list, access.md 6.4).
    await db.pool.query(`UPDATE companies SET allowed_types = '["edu","emp","idc","arf","hsc"]' WHERE id = 'acme'`);
    for (const [who, username] of Object.entries({
      alice: 'alice@acme.test',
      bob: 'bob@acme.test',
      carol: 'carol@globex.test',
      irene: 'irene@uni-demo.test',
      staff: 'admin@credence.test',
      paul: 'paul@board-demo.test',
    })) {
      token[who as keyof typeof token] = (await signIn(app, username)).token;
    }
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const mailAbout = (to: string, id: string) =>
    waitFor(async () => (await mailsTo(app, to, token.staff)).find((m) => m.subject.includes(id) || m.text.includes(id)), 15000, `a mail to ${to} about ${id}`);

  describe('documents', () => {
    let draftId: string;
    beforeAll(async () => {
      draftId = (await api(app, token.alice).post('/v1/verification?autosubmit=false', janeAtUniDemo({ documents: [] })).expect(201)).body.id;
    });

    it('accepts a PDF by its magic bytes, serves it back, and deletes it from a draft', async () => {
      const up = await api(app, token.alice).post(`/v1/verification/${draftId}/document`, { name: 'Degree certificate', data: pdfDataUrl() }).expect(201);
      expect(up.body).toMatchObject({ name: 'Degree certificate', type: 'ADDITIONAL', required: false, verificationId: draftId });
      const got = await api(app, token.alice).get(`/v1/verification/${draftId}/document/${up.body.id}`).buffer(true).expect(200);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(Buffer.from(got.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
      await api(app, token.carol).get(`/v1/verification/${draftId}/document/${up.body.id}`).expect(404);
      await api(app, token.alice).delete(`/v1/verification/${draftId}/document/${up.body.id}`).expect(204);
      await api(app, token.alice).get(`/v1/verification/${draftId}/document/${up.body.id}`).expect(404);
    });

    it('refuses what is not a PDF, in the spec words', async () => {
      const fake = await api(app, token.alice)
        .post(`/v1/verification/${draftId}/document`, { name: 'x', data: `data:application/pdf;base64,${Buffer.from('GIF89a not a pdf').toString('base64')}` })
        .expect(400);
      expect(fake.body.errors[0].message).toBe('Could not read file, check supported file types.');
      const png = await api(app, token.alice).post(`/v1/verification/${draftId}/document`, { name: 'x', data: 'data:image/png;base64,iVBORw0KGgo=' }).expect(400);
      expect(png.body.errors[0].message).toBe('Could not read file, check supported file types.');
      const renamed = await api(app, token.alice)
        .post(`/v1/verification/${draftId}/document`)
        .attach('file', Buffer.from('PK\x03\x04 a zip'), { filename: 'cv.pdf', contentType: 'application/pdf' })
        .expect(400);
      expect(renamed.body.errors[0].message).toBe('Could not read file, check supported file types.');
    });

    it('refuses more than 5 MB (1000^2 bytes), saying how big the file is', async () => {
      const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5_100_000 - 9, 32)]);
      const res = await api(app, token.alice).post(`/v1/verification/${draftId}/document`).attach('file', big, { filename: 'big.pdf', contentType: 'application/pdf' }).expect(400);
      expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([
        'File 5.1Mb size exceeds limits of 5Mb',
        'Please use any of the free online tools to compress your file to less than 5Mb',
      ]);
      const exact = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5_000_000 - 9, 32)]);
      await api(app, token.alice).post(`/v1/verification/${draftId}/document`).attach('file', exact, { filename: 'five.pdf', contentType: 'application/pdf' }).expect(201);
    });

    it('refuses uploads once the verification is VERIFIED', async () => {
      const done = await api(app, token.alice).post('/v1/verification', { ...janeAtUniDemo(), ...card }).expect(201);
      await untilResult(app, token.alice, done.body.id, 'VERIFIED');
      const res = await api(app, token.alice).post(`/v1/verification/${done.body.id}/document`, { name: 'late', data: pdfDataUrl() }).expect(409);
      expect(res.body.errors[0].message).toBe('Documents cannot be added to this verification in its current state.');
    });
  });

  describe("a doctorate's Doctoral Degree Confirmation (2.6)", () => {
    const phd = (qualification: string, over: Record<string, unknown> = {}) => {
      const base = janeAtUniDemo();
      return janeAtUniDemo({ fields: { ...base.fields, qualification }, ...over });
    };
    const confirmation = { requirementId: 'DOCTORAL_CONFIRMATION', name: 'Doctoral Degree Confirmation', data: pdfDataUrl(), filename: 'phd.pdf' };
    const messages = (res: request.Response) => (res.body.errors as { message: string }[]).map((e) => e.message);

    it("refuses a PhD, EdD or DBA submitted without it, in the spec's words, before anything is paid", async () => {
      for (const qualification of ['PhD', 'EdD', 'DBA']) {
        const res = await api(app, token.alice).post('/v1/verification', { ...phd(qualification), ...card }).expect(400);
        expect([qualification, messages(res)]).toEqual([qualification, ['This document is required']]);
      }
    });

    it('accepts a PhD with it sent inline, stored under its requirement', async () => {
      const res = await api(app, token.alice)
        .post('/v1/verification', { ...phd('PhD', { documents: [...janeAtUniDemo().documents, confirmation] }), ...card })
        .expect(201);
      const view = await api(app, token.alice).get(`/v1/verification/${res.body.id}`).expect(200);
      expect(view.body.documents).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ requirementId: 'DOCTORAL_CONFIRMATION', name: 'Doctoral Degree Confirmation', type: 'DOCTORAL_CONFIRMATION', required: true }),
        ]),
      );
    });

    it('takes an upload naming it for a doctorate and refuses it for an MPhil, as any requirement the institute does not have', async () => {
      const doctorate = (await api(app, token.alice).post('/v1/verification?autosubmit=false', phd('PhD')).expect(201)).body.id as string;
      const up = await api(app, token.alice).post(`/v1/verification/${doctorate}/document`, { requirementId: 'DOCTORAL_CONFIRMATION', data: pdfDataUrl() }).expect(201);
      expect(up.body).toMatchObject({ requirementId: 'DOCTORAL_CONFIRMATION', name: 'Doctoral Degree Confirmation', type: 'DOCTORAL_CONFIRMATION', required: true });
      await api(app, token.alice).put(`/v1/verification/${doctorate}?resub=true&push=true`, { consent: true, ...card }).expect(200);

      const master = (await api(app, token.alice).post('/v1/verification?autosubmit=false', phd('MPhil')).expect(201)).body.id as string;
      const refused = await api(app, token.alice).post(`/v1/verification/${master}/document`, { requirementId: 'DOCTORAL_CONFIRMATION', data: pdfDataUrl() }).expect(404);
      expect(messages(refused)).toEqual(['Document not found.']);
      await api(app, token.alice).put(`/v1/verification/${master}?resub=true&push=true`, { consent: true, ...card }).expect(200);
    });

    it('follows the qualification a draft is changed to: required for PhD, no longer for BSc', async () => {
      const id = (await api(app, token.alice).post('/v1/verification?autosubmit=false', janeAtUniDemo()).expect(201)).body.id as string;
      await api(app, token.alice).put(`/v1/verification/${id}`, { fields: { qualification: 'PhD' } }).expect(200);
      const refused = await api(app, token.alice).put(`/v1/verification/${id}?resub=true&push=true`, { consent: true, ...card }).expect(400);
      expect(messages(refused)).toEqual(['This document is required']);
      await api(app, token.alice).put(`/v1/verification/${id}`, { fields: { qualification: 'BSc (Hons)' } }).expect(200);
      await api(app, token.alice).put(`/v1/verification/${id}?resub=true&push=true`, { consent: true, ...card }).expect(200);
    });

    it('places it when sent in the same save that makes a draft a doctorate', async () => {
      const id = (await api(app, token.alice).post('/v1/verification?autosubmit=false', janeAtUniDemo()).expect(201)).body.id as string;
      await api(app, token.alice).put(`/v1/verification/${id}`, { fields: { qualification: 'PhD' }, documents: [confirmation] }).expect(200);
      const view = await api(app, token.alice).get(`/v1/verification/${id}`).expect(200);
      expect(view.body.documents).toEqual(expect.arrayContaining([expect.objectContaining({ requirementId: 'DOCTORAL_CONFIRMATION', required: true })]));
      await api(app, token.alice).put(`/v1/verification/${id}?resub=true&push=true`, { consent: true, ...card }).expect(200);
    });

    it('answers a malformed requirement id with 400 and the errors body, never a 5xx', async () => {
      const id = (await api(app, token.alice).post('/v1/verification?autosubmit=false', phd('PhD')).expect(201)).body.id as string;
      for (const requirementId of [['DOCTORAL_CONFIRMATION'], 42, { id: 'DOCTORAL_CONFIRMATION' }, 'D'.repeat(101)]) {
        const res = await api(app, token.alice).post(`/v1/verification/${id}/document`, { requirementId, data: pdfDataUrl() }).expect(400);
        expect([requirementId, res.body.errors.length > 0 && res.body.errors.every((e: { message?: unknown }) => typeof e.message === 'string' && e.message)]).toEqual([requirementId, true]);
      }
      const res = await api(app, token.alice).post('/v1/verification', { ...phd('PhD', { documents: [{ ...confirmation, requirementId: 7 }] }), ...card }).expect(400);
      expect(res.body.errors[0].message).toEqual(expect.any(String));
    });
  });

  describe('lists, filters and counters', () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      ids.verified = (await api(app, token.bob).post('/v1/verification', { ...janeAtUniDemo({ customerReference: 'LIST-VER' }), ...card }).expect(201)).body.id;
      ids.notFound = (await api(app, token.bob).post('/v1/verification', { ...nobodyAtUniDemo({ customerReference: 'LIST-NF' }), ...card }).expect(201)).body.id;
      ids.draft = (await api(app, token.bob).post('/v1/verification?autosubmit=false', nobodyAtUniDemo({ customerReference: 'LIST-DRAFT', fields: { firstname: 'Dora', surname: 'Draft', dob: '1991-02-03' } })).expect(201)).body.id;
      ids.deleted = (await api(app, token.bob).post('/v1/verification?autosubmit=false', nobodyAtUniDemo({ customerReference: 'LIST-DEL' })).expect(201)).body.id;
      await api(app, token.bob).delete(`/v1/verification/${ids.deleted}`).expect(204);
      await untilResult(app, token.bob, ids.verified, 'VERIFIED');
      await untilResult(app, token.bob, ids.notFound, 'NOT_FOUND');
      // The results came from jobs, seen here in the detail read model: totals and counters read verification-counts.
      await readModelsCaughtUp(app);
    });
    const listIds = async (query: string, who: keyof typeof token = 'bob') =>
      ((await api(app, token[who]).get(`/v1/verification?size=100&${query}`).expect(200)).body.content as { id: string }[]).map((r) => r.id);

    it('filters by result with the ACTION and INCOMPLETE aliases; DELETED only with showDeleted', async () => {
      expect(await listIds('results=ACTION')).toContain(ids.notFound);
      expect(await listIds('results=ACTION')).not.toContain(ids.verified);
      expect(await listIds('results=INCOMPLETE')).toEqual(expect.arrayContaining([ids.draft]));
      expect(await listIds('results=VERIFIED&results=NOT_FOUND')).toEqual(expect.arrayContaining([ids.verified, ids.notFound]));
      expect(await listIds('')).not.toContain(ids.deleted);
      expect(await listIds('results=DELETED')).toEqual([]);
      await api(app, token.bob).get('/v1/verification?results=NONSENSE').expect(400);
      await db.pool.query(`UPDATE companies SET show_deleted = true WHERE id = 'acme'`);
      // The demo data has a deleted request of Acme's too.
      const deleted = (await api(app, token.bob).get('/v1/verification?size=100&results=DELETED').expect(200)).body.content as { id: string; result: string }[];
      expect(deleted.map((r) => r.id)).toContain(ids.deleted);
      expect(new Set(deleted.map((r) => r.result))).toEqual(new Set(['DELETED']));
      await api(app, token.bob).get(`/v1/verification/${ids.deleted}`).expect(200);
      await db.pool.query(`UPDATE companies SET show_deleted = false WHERE id = 'acme'`);
      await api(app, token.bob).get(`/v1/verification/${ids.deleted}`).expect(404);
    });

    it('searches name, QCID and reference; filters requestedBy, reference, type and dates', async () => {
      expect(await listIds('query=dora')).toEqual([ids.draft]);
      expect(await listIds(`query=${ids.verified.toLowerCase()}`)).toEqual([ids.verified]);
      expect(await listIds('query=LIST-NF')).toEqual([ids.notFound]);
      expect(await listIds('customerReference=list-ver')).toEqual([ids.verified]);
      expect(await listIds('requestedBy=bob@acme.test&results=ACTION')).toEqual([ids.notFound]);
      expect((await listIds('type=edu&customerReference=LIST')).length).toBe(3);
      expect(await listIds('type=EMPLOYMENT&customerReference=LIST')).toEqual([]);
      const today = new Date().toISOString().slice(0, 10);
      expect((await listIds(`fromDate=${today}&toDate=${today}&customerReference=LIST`)).length).toBe(3);
      expect(await listIds('toDate=2000-01-01')).toEqual([]);
    });

    it('pages by 0-based page and by keyset cursor, with the total', async () => {
      const all = (await api(app, token.alice).get('/v1/verification?size=100').expect(200)).body;
      expect(all.totalSize).toBe(all.content.length);
      const p0 = (await api(app, token.alice).get('/v1/verification?page=0&size=2').expect(200)).body;
      const p1 = (await api(app, token.alice).get('/v1/verification?page=1&size=2').expect(200)).body;
      expect(p0.totalSize).toBe(all.totalSize);
      expect([...p0.content, ...p1.content].map((r: { id: string }) => r.id)).toEqual(all.content.slice(0, 4).map((r: { id: string }) => r.id));
      const next = (await api(app, token.alice).get(`/v1/verification?size=2&after=${p0.nextCursor}`).expect(200)).body;
      expect(next.content.map((r: { id: string }) => r.id)).toEqual(p1.content.map((r: { id: string }) => r.id));
      await api(app, token.alice).get('/v1/verification?page=100000&size=100').expect(400);
      await api(app, token.alice).get('/v1/verification?after=garbage').expect(400);
    });

    it('answers meta counts (with aliases) and the summary', async () => {
      const meta = (await api(app, token.bob).get('/v1/verification/meta?results=ACTION&results=INCOMPLETE&results=VERIFIED').expect(200)).body;
      const counts = Object.fromEntries(meta.resultCounts.map((r: { key: string; value: number }) => [r.key, r.value]));
      const list = async (q: string) => (await api(app, token.bob).get(`/v1/verification?${q}`).expect(200)).body.totalSize;
      expect(counts).toEqual({ ACTION: await list('results=ACTION'), INCOMPLETE: await list('results=INCOMPLETE'), VERIFIED: await list('results=VERIFIED') });
      expect(meta.pendingCount).toBe(0);
      const summary = (await api(app, token.bob).get('/v1/verification/summary?customerReference=LIST').expect(200)).body;
      expect(summary.totalSize).toBe(3);
      expect(summary.resultCounts.find((r: { key: string }) => r.key === 'VERIFIED').value).toBe(1);
    });

    it('finds previous verifications of the same person at the same institute (duplicate lookup)', async () => {
      const since = new Date(Date.now() - 365 * 86400_000).toISOString().slice(0, 10);
      const dup = await listIds(`instituteId=uni-demo&firstname=jane&surname=DOE&dob=1995-04-12&fromDate=${since}`);
      expect(dup).toContain(ids.verified);
      expect(await listIds(`instituteId=uni-demo&firstname=jane&surname=doe&dob=1995-04-13&fromDate=${since}`)).toEqual([]);
    });
  });

  describe('identity checks', () => {
    it("takes one Identity Document per individual in a submission (2.2 'Max one per individual.'), and keeps nothing of a refused one", async () => {
      const ida = { firstname: 'Ida', surname: 'Twice', dob: '1980-06-01' };
      const twices = async () => (await api(app, token.alice).get('/v1/verification?size=100&query=Twice').expect(200)).body.totalSize as number;
      const before = await twices();
      const twice = await api(app, token.alice)
        .post('/v1/verification?autosubmit=false', {
          verifications: [
            { type: 'IDENTITY', fields: ida, consent: true },
            { type: 'IDENTITY', fields: { firstname: ' ida ', surname: 'TWICE', dob: '1980-06-01' }, consent: true },
          ],
        })
        .expect(400);
      expect(twice.body.errors.map((e: { message: string }) => e.message)).toEqual(['Identity Document: Max one per individual.']);
      expect(await twices()).toBe(before);
      // Two people, one check each: an organisation verifies both candidates at once.
      const two = await api(app, token.alice)
        .post('/v1/verification?autosubmit=false', {
          verifications: [
            { type: 'IDENTITY', fields: ida, consent: true },
            { instituteId: 'QC_ID_VER_TRUST_ID', fields: { ...ida, firstname: 'Ivo' }, consent: true },
          ],
        })
        .expect(201);
      expect(two.body).toHaveLength(2);
      for (const v of two.body as { id: string }[]) await api(app, token.alice).delete(`/v1/verification/${v.id}`).expect((res) => expect(res.status).toBeLessThan(300));
    });

    it('waits for the capture, then the sandbox provider verifies it after its delay', async () => {
      app.get(SandboxIdentityProvider).configure({ completeAfterMs: 300 });
      const created = await api(app, token.alice)
        .post('/v1/verification', { type: 'IDENTITY', fields: { firstname: 'Ida', surname: 'Dent', dob: '1980-06-01' }, consent: true, ...card })
        .expect(201);
      expect(created.body).toMatchObject({ instituteId: 'QC_ID_VER_TRUST_ID', result: 'NOT_FOUND', stage: 'IDENTITY_CAPTURE', resultLabel: 'Action Required' });
      expect(created.body.thirdPartyActionUrl).toContain(created.body.id);
      const init = await api(app, token.alice).post('/v1/id/init', { firstname: 'Ida', lastname: 'Dent', dob: '01/06/1980' }).expect(200);
      expect(init.body).toEqual({ jwt: expect.stringMatching(/^sandbox\./), applicantID: expect.any(String) });
      // The sandbox widget's two steps, document then face (2.8).
      const applicant = init.body.applicantID as string;
      await api(app, token.alice).post(`/v1/id/sandbox/${applicant}/document`).expect(200, { applicantID: applicant, step: 'document', complete: false });
      await api(app, token.alice).post(`/v1/id/sandbox/${applicant}/face`).expect(200, { applicantID: applicant, step: 'face', complete: true });
      const started = await api(app, token.alice).put(`/v1/verification/${created.body.id}?resub=true&push=true`, { supplierId: applicant }).expect(200);
      expect(started.body).toMatchObject({ result: 'PENDING', footer: expect.stringContaining('our identity partner') });
      const done = await untilResult(app, token.alice, created.body.id, 'VERIFIED');
      expect(done.fields.thirdPartyData).toMatchObject({ provider: 'Sandbox identity provider', faceMatch: true });
    });

    it("the sandbox widget's steps: the face only after the document, and no verdict until the face is captured", async () => {
      const sandbox = app.get(SandboxIdentityProvider);
      sandbox.configure({ completeAfterMs: 0 });
      const init = await api(app, token.alice).post('/v1/id/init', { firstname: 'Ida', lastname: 'Dent', dob: '01/06/1980' }).expect(200);
      const applicant = init.body.applicantID as string;
      expect(await sandbox.check(applicant)).toEqual({ status: 'PENDING' });
      await api(app, token.alice).post(`/v1/id/sandbox/${applicant}/face`).expect(422);
      await api(app, token.alice).post(`/v1/id/sandbox/${applicant}/selfie`).expect(400);
      await api(app, token.alice).post('/v1/id/sandbox/sandbox-unknown/document').expect(404);
      await api(app, token.alice).post(`/v1/id/sandbox/${applicant}/document`).expect(200);
      expect(await sandbox.check(applicant)).toEqual({ status: 'PENDING' });
      await api(app, token.alice).post(`/v1/id/sandbox/${applicant}/face`).expect(200);
      expect(await sandbox.check(applicant)).toMatchObject({ status: 'COMPLETE', outcome: 'CLEAR' });
      await request(app.getHttpServer()).post(`/v1/id/sandbox/${applicant}/face`).expect(401);
    });
  });

  describe('employment and academic references', () => {
    it('an employment verification is built from QC_EMP_VER and resolved by the employer through its link', async () => {
      const created = await api(app, token.alice)
        .post('/v1/verification', {
          type: 'EMPLOYMENT',
          fields: {
            firstname: 'Erin', surname: 'Worker', dob: '1985-03-04', employerName: 'Widgets Ltd', employerAddress: '1 Widget Way',
            employerContactName: 'Harriet HR', employerPhone: '+44 20 0000 0000', employerEmail: 'hr@widgets.test', jobTitle: 'Engineer', startDate: '01/02/2015',
          },
          documents: [{ requirementId: 'consent-qc-employment', data: pdfDataUrl() }],
          consent: true,
          ...card,
        })
        .expect(201);
      expect(created.body).toMatchObject({ instituteId: 'QC_EMP_VER', type: 'EMPLOYMENT', result: 'PENDING', stage: 'MANUAL_CHECK', fields: { startDate: '2015-02-01' } });
      expect(created.body.footer).toContain('reviewed by the Organisation');
      const mail = await mailAbout('hr@widgets.test', created.body.id);
      const key = linkIn(mail.text, '/verify/');
      await api(app, null).put(`/v1/verification/pending/key/${key}`, { result: 'VERIFIED', approvedByName: 'Harriet HR', approvedByTitle: 'HR Manager' }).expect(200);
      const seen = await api(app, token.alice).get(`/v1/verification/${created.body.id}`).expect(200);
      expect(seen.body.auditEvents.at(-1).event).toBe('Harriet HR (HR Manager), Widgets Ltd, changed status to Verified.');
    });

    it('an academic reference goes to the referee from QC_ARF_VER', async () => {
      const created = await api(app, token.alice)
        .post('/v1/verification', {
          type: 'arf',
          fields: { firstname: 'Ana', surname: 'Student', dob: '2000-01-01', email: 'prof@uni.test', refereeName: 'Prof Plum', refereeInstitution: 'University of Demo' },
          consent: true,
          ...card,
        })
        .expect(201);
      expect(created.body).toMatchObject({ instituteId: 'QC_ARF_VER', type: 'ACA_REF', result: 'PENDING' });
      await mailAbout('prof@uni.test', created.body.id);
    });
  });

  describe('staff and access', () => {
    let pendingId: string;
    beforeAll(async () => {
      const created = await api(app, token.alice)
        .post('/v1/verification', { ...nobodyAtUniDemo({ customerReference: 'STAFF-1', accreditation: { instituteId: 'uni-demo' } }), ...card })
        .expect(201);
      pendingId = created.body.id;
      await untilResult(app, token.alice, pendingId, 'NOT_FOUND');
      await api(app, token.alice).put(`/v1/verification/${pendingId}?resub=true&push=true`, { force: true }).expect(200);
    });

    it('pending and resolved lists are for institutes, parents and staff only', async () => {
      await api(app, token.bob).get('/v1/verification/pending').expect(403);
      await api(app, token.bob).get(`/v1/verification/pending/${pendingId}`).expect(404);
      const paul = await api(app, token.paul).get('/v1/verification/pending').expect(200);
      expect(paul.body.content).toEqual([]);
      const staff = await api(app, token.staff).get('/v1/verification/pending?size=100').expect(200);
      expect(staff.body.content.map((r: { id: string }) => r.id)).toContain(pendingId);
      const meta = await api(app, token.irene).get('/v1/verification/meta').expect(200);
      expect(meta.body.pendingCount).toBeGreaterThanOrEqual(1);
      // Irene sees only what was sent to her: not a draft of Acme's at her institute.
      const draft = await api(app, token.alice).post('/v1/verification?autosubmit=false', janeAtUniDemo()).expect(201);
      await api(app, token.irene).get(`/v1/verification/${draft.body.id}`).expect(404);
    });

    it('lists verifications across customers for the console (simple-rest), with the whole stream as timeline', async () => {
      await api(app, token.alice).get('/admin/verifications').expect(403);
      const res = await api(app, token.staff).get(`/admin/verifications?filter=${encodeURIComponent(JSON.stringify({ q: 'STAFF-1' }))}&range=[0,9]&sort=["recorded","DESC"]`).expect(200);
      expect(res.headers['content-range']).toBe('verifications 0-0/1');
      expect(res.body[0]).toMatchObject({ id: pendingId, companyId: 'acme', result: 'PENDING', awaitingResolver: true });
      await api(app, token.staff).get(`/admin/verifications?filter=${encodeURIComponent(JSON.stringify({ nope: 1 }))}`).expect(400);
      const timeline = await api(app, token.staff).get(`/admin/verifications/${pendingId}/timeline`).expect(200);
      expect(timeline.body.map((e: { type: string }) => e.type)).toEqual([
        'VerificationDrafted', 'DocumentAttached', 'VerificationSubmitted', 'VerificationPaid', 'AccreditationCheckRequested',
        'AutomaticCheckStarted', 'AutomaticCheckFoundNoMatch', 'VerificationResubmitted', 'SentForManualCheck',
      ]);
      expect(timeline.body[0]).toMatchObject({ actor: 'alice@acme.test', impersonator: null, time: expect.any(String) });
      expect(timeline.body.find((e: { type: string }) => e.type === 'AutomaticCheckFoundNoMatch').actor).toBe('system:auto-check');
    });

    it('staff mark it delayed at source, record the accreditation, comment; staff resolve with an approval process', async () => {
      const unable = await api(app, token.staff).post(`/admin/verifications/${pendingId}/unable`, { note: 'Institute closed until September.' }).expect(201);
      expect(unable.body).toMatchObject({ result: 'UNABLE', resultLabel: 'Delayed at Source', footer: 'This verification is delayed. We are awaiting a response from the primary source.' });
      const acc = await api(app, token.staff).post(`/admin/verifications/${pendingId}/accreditation`, { status: 'ACCREDITED', authority: 'Office for Students' }).expect(201);
      expect(acc.body).toMatchObject({ accreditationStatus: 'ACCREDITED', accreditation: { authority: 'Office for Students' } });
      await api(app, token.staff).post(`/admin/verifications/${pendingId}/comment`, { comment: 'Chased by phone.' }).expect(201);
      const noProcess = await api(app, token.staff).put(`/v1/verification/pending/${pendingId}`, { result: 'VERIFIED', approvedByName: 'Ada Admin', approvedByTitle: 'Verifier' }).expect(400);
      expect(noProcess.body.errors[0].message).toBe('The Approved By Process field is required');
      const processes = (await api(app, token.staff).get('/v1/approvalprocess').expect(200)).body as string[];
      await api(app, token.staff).put(`/v1/verification/pending/${pendingId}`, { result: 'VERIFIED', approvedByName: 'Ada Admin', approvedByTitle: 'Verifier', abp: processes[0] }).expect(200);
      const seen = await api(app, token.alice).get(`/v1/verification/${pendingId}/auditevent`).expect(200);
      expect(seen.body.content.map((e: { type: string }) => e.type)).toContain('ADMIN_COMMENT');
      await mailAbout('alice@acme.test', pendingId);
    });

    it('the customer cancels a pending request', async () => {
      const created = await api(app, token.alice).post('/v1/verification', { ...nobodyAtUniDemo({ customerReference: 'CANCEL-1' }), ...card }).expect(201);
      await untilResult(app, token.alice, created.body.id, 'NOT_FOUND');
      await api(app, token.alice).put(`/v1/verification/${created.body.id}?resub=true&push=true`, { force: true }).expect(200);
      const cancelled = await api(app, token.alice).post(`/v1/verification/${created.body.id}/cancel`, {}).expect(201);
      expect(cancelled.body).toMatchObject({ result: 'CANCELLED', footer: 'This verification has been cancelled at the users request.' });
      await api(app, token.alice).post(`/v1/verification/${created.body.id}/cancel`, {}).expect(409);
    });
  });
});
