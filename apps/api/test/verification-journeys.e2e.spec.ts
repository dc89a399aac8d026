import type { INestApplication } from '@nestjs/common';
import { linkIn, mailsTo, signIn } from './demo-sessions';
import { freshDatabase, waitFor } from './fresh-database';
import { startTestApp } from './test-app';
import { api, janeAtUniDemo, nobodyAtUniDemo, untilResult } from './verification-support';

/** The journeys of issue 7 through HTTP, on the demo accounts and catalogue. */
describe('verification journeys', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const token = {} as Record<'alice' | 'bob' | 'carol' | 'dave' | 'irene' | 'staff' | 'indy', string>;
  const card = { creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } };

  beforeAll(async () => {
    db = await freshDatabase('vjourneys');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    token.alice = (await signIn(app, 'alice@acme.test')).token;
    token.bob = (await signIn(app, 'bob@acme.test')).token;
    token.carol = (await signIn(app, 'carol@globex.test')).token;
    token.dave = (await signIn(app, 'dave@initech.test')).token;
    token.irene = (await signIn(app, 'irene@uni-demo.test')).token;
    token.staff = (await signIn(app, 'admin@credence.test')).token;
    token.indy = (await signIn(app, 'indy@mail.test')).token;
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const mails = (to: string) => mailsTo(app, to, token.staff);
  const mailAbout = (to: string, id: string, subject: RegExp) =>
    waitFor(async () => (await mails(to)).find((m) => m.subject.includes(id) && subject.test(m.subject)), 15000, `a mail to ${to} about ${id}`);

  it('a card organisation submits with the sandbox card; the automatic check verifies it from the records', async () => {
    const res = await api(app, token.alice).post('/v1/verification', { ...janeAtUniDemo(), ...card }).expect(201);
    expect(res.body).toMatchObject({ result: 'PENDING', stage: 'AUTOMATIC_CHECK', company: { id: 'acme' }, username: 'alice@acme.test' });
    expect(res.body.invoiceId).toEqual(expect.any(String));
    expect(res.body.id).toMatch(/^QC[0-9A-Z]{10}$/);
    const done = await untilResult(app, token.alice, res.body.id, 'VERIFIED');
    expect(done).toMatchObject({ resultLabel: 'Verified', dashboardStep: { index: 3 }, permissions: 0 });
    expect(done.fields.thirdPartyData).toMatchObject({ studentId: 'UD100001', lastName: 'Doe' });
    expect(done.auditEvents.map((e: { event: string }) => e.event)).toContain('System changed status to Verified: a matching record was found.');
    await mailAbout('alice@acme.test', res.body.id, /: Verified$/);
  });

  it('NOT_FOUND, sent for manual checking, resolved VERIFIED by the institute: the submitter sees who approved it', async () => {
    const created = await api(app, token.alice).post('/v1/verification', { ...nobodyAtUniDemo(), ...card }).expect(201);
    const id = created.body.id as string;
    const notFound = await untilResult(app, token.alice, id, 'NOT_FOUND');
    expect(notFound).toMatchObject({ resultLabel: 'Action Required', retriesLeft: 2, permissions: 8, dashboardStep: { index: 2, state: 'warning' } });
    await mailAbout('alice@acme.test', id, /Action Required/);

    // Send for manual checking: the client's force flag on the re-submission.
    const manual = await api(app, token.alice).put(`/v1/verification/${id}?resub=true&push=true`, { retriesLeft: 0, force: true }).expect(200);
    expect(manual.body).toMatchObject({ result: 'PENDING', stage: 'MANUAL_CHECK', retriesLeft: 0 });

    // Irene (University of Demo) has it in her pending list, and a mail with the resolve link.
    const pending = await api(app, token.irene).get('/v1/verification/pending').expect(200);
    expect(pending.body.content.map((r: { id: string }) => r.id)).toContain(id);
    expect(pending.body.content.find((r: { id: string }) => r.id === id)).toMatchObject({ resultLabel: 'Pending', company: { name: 'Acme Recruitment Ltd' } });
    await mailAbout('irene@uni-demo.test', id, /^Verification request for Zed Nobody/);
    const view = await api(app, token.irene).get(`/v1/verification/pending/${id}`).expect(200);
    expect(view.body).toMatchObject({ id, fields: { firstname: 'Zed', surname: 'Nobody' }, price: null, invoiceId: null });
    expect(view.body.documents).toHaveLength(1);

    // Name and title are required; the resolution is recorded with them.
    const missing = await api(app, token.irene).put(`/v1/verification/pending/${id}`, { result: 'VERIFIED' }).expect(400);
    expect(missing.body.errors.map((e: { message: string }) => e.message)).toEqual(['The name field is required.', 'The job title / department field is required.']);
    await api(app, token.irene)
      .put(`/v1/verification/pending/${id}`, { result: 'VERIFIED', approvedByName: 'Irene Ingram', approvedByTitle: 'Registrar', notes: 'Graduated with honours.' })
      .expect(200);
    const twice = await api(app, token.irene).put(`/v1/verification/pending/${id}`, { result: 'VERIFIED', approvedByName: 'I', approvedByTitle: 'R' }).expect(409);
    expect(twice.body.errors[0].message).toBe('Already Resolved');
    await api(app, token.irene).get(`/v1/verification/pending/${id}`).expect(204);

    const seen = await api(app, token.alice).get(`/v1/verification/${id}`).expect(200);
    expect(seen.body).toMatchObject({ result: 'VERIFIED', approvedByName: 'Irene Ingram', approvedByTitle: 'Registrar', notes: 'Graduated with honours.' });
    expect(seen.body.approvedDate).toEqual(expect.any(String));
    const timeline = await api(app, token.alice).get(`/v1/verification/${id}/auditevent`).expect(200);
    const texts = timeline.body.content.map((e: { type: string; event: string }) => `${e.type}: ${e.event}`);
    expect(texts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^VERIFICATION_SYSTEM_ACTION: System changed status to Action Required/),
        'VERIFICATION_SYSTEM_ACTION: Sent to the institute for manual checking at the request of alice@acme.test.',
        'VERIFICATION_INSTITUTE_ACTION: Irene Ingram (Registrar), University of Demo, changed status to Verified.',
      ]),
    );
    await mailAbout('alice@acme.test', id, /: Verified$/);
    // How alice paid is hers: irene, who resolved it, reads the Event History without it (as without prices).
    expect(texts.some((t: string) => /^VERIFICATION_SYSTEM_ACTION: (Payment received|Added to invoice|Paid with)/.test(t))).toBe(true);
    const irenes = await api(app, token.irene).get(`/v1/verification/${id}/auditevent`).expect(200);
    const ireneTexts = irenes.body.content.map((e: { event: string }) => e.event);
    expect(ireneTexts).toContain('Irene Ingram (Registrar), University of Demo, changed status to Verified.');
    expect(ireneTexts.filter((t: string) => /^(Payment received|Added to invoice|Paid with)/.test(t))).toEqual([]);
    expect(irenes.body.content.length).toBeLessThan(timeline.body.content.length);

    const resolved = await api(app, token.irene).get('/v1/verification/resolved?results=VERIFIED').expect(200);
    expect(resolved.body.content.find((r: { id: string }) => r.id === id)).toMatchObject({ result: 'VERIFIED', resultLabel: 'Verified' });
  });

  it('REJECTED by the institute, amended and re-submitted for free, back with the institute', async () => {
    const created = await api(app, token.alice).post('/v1/verification', { ...nobodyAtUniDemo({ customerReference: 'CAND-REJ' }), ...card }).expect(201);
    const id = created.body.id as string;
    await untilResult(app, token.alice, id, 'NOT_FOUND');
    await api(app, token.alice).put(`/v1/verification/${id}?resub=true&push=true`, { force: true }).expect(200);
    const noComment = await api(app, token.irene).put(`/v1/verification/pending/${id}`, { result: 'REJECTED', approvedByName: 'Irene Ingram', approvedByTitle: 'Registrar' }).expect(400);
    expect(noComment.body.errors[0].message).toBe('A comment is required for this resolution');
    await api(app, token.irene)
      .put(`/v1/verification/pending/${id}`, { result: 'REJECTED', approvedByName: 'Irene Ingram', approvedByTitle: 'Registrar', notes: 'The consent form is not signed.' })
      .expect(200);

    const rejected = await api(app, token.alice).get(`/v1/verification/${id}`).expect(200);
    expect(rejected.body).toMatchObject({ result: 'REJECTED', resultLabel: 'Action Required', permissions: 56, canEdit: true, canAddDocuments: true, notes: 'The consent form is not signed.' });
    const list = await api(app, token.alice).get('/v1/verification?results=ACTION').expect(200);
    expect(list.body.content.map((r: { id: string }) => r.id)).toContain(id);

    const amended = await api(app, token.alice)
      .put(`/v1/verification/${id}?resub=true&push=true`, { fields: { firstname: 'Zed', surname: 'Nobody', dob: '01/01/1990', course: 'Business Administration and Finance' } })
      .expect(200);
    expect(amended.body).toMatchObject({ result: 'PENDING', stage: 'MANUAL_CHECK', fields: { course: 'Business Administration and Finance', dob: '1990-01-01' } });
    const pending = await api(app, token.irene).get('/v1/verification/pending').expect(200);
    expect(pending.body.content.map((r: { id: string }) => r.id)).toContain(id);
    // The institute's resolved list keeps its earlier decision.
    const resolved = await api(app, token.irene).get('/v1/verification/resolved?results=REJECTED').expect(200);
    expect(resolved.body.content.find((r: { id: string }) => r.id === id)).toMatchObject({ result: 'REJECTED', resultLabel: 'Rejected', currentResult: 'PENDING' });
  });

  it('resolves through the public link e-mailed to the institute, then the link answers 204', async () => {
    const created = await api(app, token.alice).post('/v1/verification', { ...nobodyAtUniDemo({ customerReference: 'CAND-LINK' }), ...card }).expect(201);
    const id = created.body.id as string;
    await untilResult(app, token.alice, id, 'NOT_FOUND');
    await api(app, token.alice).put(`/v1/verification/${id}?resub=true&push=true`, { force: true }).expect(200);
    const mail = await mailAbout('irene@uni-demo.test', id, /^Verification request/);
    const key = linkIn(mail.text, '/verify/');
    expect(Buffer.from(key, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(mail.text).not.toContain(`/verify/${id}`);

    // A key one character off (in the middle: the last base64url character carries padding bits) is nobody's.
    const tampered = `${key.slice(0, 10)}${key[10] === 'A' ? 'B' : 'A'}${key.slice(11)}`;
    await api(app, null).get(`/v1/verification/pending/key/${tampered}`).expect(404);
    const view = await api(app, null).get(`/v1/verification/pending/key/${key}`).expect(200);
    expect(view.body).toMatchObject({ id, fields: { firstname: 'Zed' }, username: null, customerReference: null, price: null });
    expect(view.body.auditEvents).toBeUndefined();
    const doc = await api(app, null).get(`/v1/verification/pending/key/${key}/document/${view.body.documents[0].id}`).expect(200);
    expect(doc.headers['content-type']).toBe('application/pdf');

    // A Reject needs a comment through the link too; Not Verified does not (2.11: 'no corrections or comments can be made').
    const noComment = await api(app, null).put(`/v1/verification/pending/key/${key}`, { result: 'REJECTED', approvedByName: 'Ravi Registry', approvedByTitle: 'Records Office' }).expect(400);
    expect(noComment.body.errors[0].message).toBe('A comment is required for this resolution');
    const done = await api(app, null)
      .put(`/v1/verification/pending/key/${key}`, { result: 'NOT_VERIFIED', approvedByName: 'Ravi Registry', approvedByTitle: 'Records Office' })
      .expect(200);
    expect(done.body).toMatchObject({ result: 'NOT_VERIFIED', message: 'Verification resolved, thank you.' });
    await api(app, null).get(`/v1/verification/pending/key/${key}`).expect(204);
    await api(app, null).put(`/v1/verification/pending/key/${key}`, { result: 'VERIFIED', approvedByName: 'X', approvedByTitle: 'Y' }).expect(409);
    const seen = await api(app, token.alice).get(`/v1/verification/${id}`).expect(200);
    expect(seen.body).toMatchObject({ result: 'NOT_VERIFIED', approvedByName: 'Ravi Registry', resultLabel: 'Not Verified' });
  });

  it('Restricted User View: users see their own verifications, admins all; others get 404', async () => {
    const bobs = await api(app, token.bob).post('/v1/verification', { ...janeAtUniDemo({ customerReference: 'BOB-1' }), ...card }).expect(201);
    const alices = await api(app, token.alice).post('/v1/verification?autosubmit=false', janeAtUniDemo({ customerReference: 'ALICE-DRAFT' })).expect(201);
    // Off by default: bob sees alice's too.
    await api(app, token.bob).get(`/v1/verification/${alices.body.id}`).expect(200);
    await api(app, token.alice).put('/v1/company', { restrictedUserView: true }).expect(200);
    await api(app, token.bob).get(`/v1/verification/${alices.body.id}`).expect(404);
    await api(app, token.bob).put(`/v1/verification/${alices.body.id}`, { customerReference: 'X' }).expect(404);
    const bobList = await api(app, token.bob).get('/v1/verification?size=100').expect(200);
    expect(new Set(bobList.body.content.map((r: { username: string }) => r.username))).toEqual(new Set(['bob@acme.test']));
    expect(bobList.body.totalSize).toBe(bobList.body.content.length);
    const aliceList = await api(app, token.alice).get('/v1/verification?size=100').expect(200);
    expect(aliceList.body.content.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([bobs.body.id, alices.body.id]));
    await api(app, token.alice).put('/v1/company', { restrictedUserView: false }).expect(200);
    // Another company never sees it.
    await api(app, token.carol).get(`/v1/verification/${bobs.body.id}`).expect(404);
    await api(app, token.carol).get(`/v1/verification/${bobs.body.id}/auditevent`).expect(404);
    await api(app, token.carol).delete(`/v1/verification/${alices.body.id}`).expect(404);
    const carolList = await api(app, token.carol).get(`/v1/verification?query=${bobs.body.id}`).expect(200);
    expect(carolList.body.totalSize).toBe(0);
  });

  it('a token payer spends a credit per check; with too few credits nothing is submitted', async () => {
    const before = (await api(app, token.dave).get('/v1/credit?includeBTToken=false').expect(200)).body.credit as number;
    const res = await api(app, token.dave).post('/v1/verification', janeAtUniDemo({ customerReference: 'INITECH-1' })).expect(201);
    expect(res.body).toMatchObject({ price: { currency: 'CREDITS', credits: 1 }, invoiceId: null });
    const after = (await api(app, token.dave).get('/v1/credit?includeBTToken=false').expect(200)).body.credit as number;
    expect(after).toBe(before - 1);
    const done = await untilResult(app, token.dave, res.body.id, 'VERIFIED');
    expect(done.auditEvents.map((e: { event: string }) => e.event)).toContain('Paid with 1 credit(s).');

    const many = Array.from({ length: after + 1 }, (_, i) => janeAtUniDemo({ customerReference: `BULK-${i}` }));
    const refused = await api(app, token.dave).post('/v1/verification', { verifications: many, consent: true }).expect(422);
    expect(refused.body.errors[0].message).toMatch(/credit/i);
    const list = await api(app, token.dave).get('/v1/verification?query=BULK').expect(200);
    expect(list.body.totalSize).toBe(0);
  });

  it('an invoice payer is invoiced and checked at once; a card payer without a card token stays UNPAID until paid', async () => {
    const invoiced = await api(app, token.carol).post('/v1/verification', janeAtUniDemo({ customerReference: 'GLOBEX-1' })).expect(201);
    expect(invoiced.body.invoiceId).toEqual(expect.any(String));
    expect(invoiced.body.result).toBe('PENDING');

    const unpaid = await api(app, token.alice).post('/v1/verification', janeAtUniDemo({ customerReference: 'ACME-UNPAID' })).expect(201);
    expect(unpaid.body).toMatchObject({ result: 'UNPAID', resultLabel: 'Incomplete', paymentDue: true, permissions: 56 });
    const declined = await api(app, token.alice)
      .put(`/v1/verification/${unpaid.body.id}?resub=true&push=true`, { creditPurchase: { btNonce: 'fake-processor-declined-visa-nonce' } })
      .expect(422);
    expect(declined.body.errors[0].message).toMatch(/declined/);
    const paid = await api(app, token.alice).put(`/v1/verification/${unpaid.body.id}?resub=true&push=true`, { ...card }).expect(200);
    expect(paid.body).toMatchObject({ result: 'PENDING', paymentDue: false });
    expect(paid.body.invoiceId).toEqual(expect.any(String));
    await untilResult(app, token.alice, unpaid.body.id, 'VERIFIED');
  });

  it('notifications go to the central notification address when the company has one', async () => {
    await db.pool.query(`UPDATE companies SET callback_email = 'verifications@globex.test' WHERE id = 'globex'`);
    const res = await api(app, token.carol).post('/v1/verification', janeAtUniDemo({ customerReference: 'GLOBEX-CB' })).expect(201);
    await untilResult(app, token.carol, res.body.id, 'VERIFIED');
    await mailAbout('verifications@globex.test', res.body.id, /: Verified$/);
    expect((await mails('carol@globex.test')).some((m) => m.subject.includes(res.body.id))).toBe(false);
  });

  it('an individual drafts, saves for later, submits; re-submission is limited by retriesLeft', async () => {
    const draft = await api(app, token.indy).post('/v1/verification?autosubmit=false', nobodyAtUniDemo({ documents: [] })).expect(201);
    expect(draft.body).toMatchObject({ result: 'AWAITING_CONSENT', resultLabel: 'Incomplete', permissions: 56 });
    await api(app, token.indy).put(`/v1/verification/${draft.body.id}`, { customerReference: 'MINE' }).expect(200);
    const missingDoc = await api(app, token.indy).put(`/v1/verification/${draft.body.id}?resub=true&push=true`, { consent: true, ...card }).expect(400);
    expect(missingDoc.body.errors).toEqual([{ message: 'This document is required', field: 'documents.consent-institute', code: 'QC-VERIFICATION-INVALID' }]);
    await api(app, token.indy)
      .post(`/v1/verification/${draft.body.id}/document`)
      .field('requirementId', 'consent-institute')
      .attach('file', Buffer.from('%PDF-1.7\n%%EOF\n'), { filename: 'consent.pdf', contentType: 'application/pdf' })
      .expect(201);
    await api(app, token.indy).put(`/v1/verification/${draft.body.id}?resub=true&push=true`, { consent: true, ...card }).expect(200);
    await untilResult(app, token.indy, draft.body.id, 'NOT_FOUND');
    for (const left of [1, 0]) {
      const again = await api(app, token.indy).put(`/v1/verification/${draft.body.id}?resub=true&push=true`, {}).expect(200);
      expect(again.body).toMatchObject({ result: 'PENDING', retriesLeft: left });
      await untilResult(app, token.indy, draft.body.id, 'NOT_FOUND');
    }
    const none = await api(app, token.indy).put(`/v1/verification/${draft.body.id}?resub=true&push=true`, {}).expect(422);
    expect(none.body.errors[0].message).toBe('No free automatic re-checks are left for this verification.');
    await api(app, token.indy).delete(`/v1/verification/${draft.body.id}`).expect(204);
    await api(app, token.indy).get(`/v1/verification/${draft.body.id}`).expect(404);
  });
});
