import type { INestApplication } from '@nestjs/common';
import { linkIn, mailsTo, signIn } from './demo-sessions';
import { freshDatabase, waitFor } from './fresh-database';
import { startTestApp } from './test-app';
import { api, nobodyAtUniDemo, untilResult } from './verification-support';

const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n').toString('base64')}`;

/**
 * Output documents (verifications.md 2.9, 2.11): the institute resolving a pending request, or the public resolve link,
 * attaches PDFs (5 MB, the customers' document rules); the customer sees them on the result once it is resolved.
 */
describe('resolver output documents', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const token = {} as Record<'alice' | 'irene' | 'paul' | 'staff', string>;
  const card = { creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } };

  beforeAll(async () => {
    db = await freshDatabase('outputdocs');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    token.alice = (await signIn(app, 'alice@acme.test')).token;
    token.irene = (await signIn(app, 'irene@uni-demo.test')).token;
    token.paul = (await signIn(app, 'paul@board-demo.test')).token;
    token.staff = (await signIn(app, 'admin@credence.test')).token;
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  /** A request of alice's at University of Demo, pending with irene (sent for manual checking). */
  async function pendingRequest(reference: string): Promise<string> {
    const created = await api(app, token.alice).post('/v1/verification', { ...nobodyAtUniDemo({ customerReference: reference }), ...card }).expect(201);
    const id = created.body.id as string;
    await untilResult(app, token.alice, id, 'NOT_FOUND');
    await api(app, token.alice).put(`/v1/verification/${id}?resub=true&push=true`, { force: true }).expect(200);
    return id;
  }

  it('the institute attaches an output document; the customer sees it once resolved; others cannot attach', async () => {
    const id = await pendingRequest('CAND-OUT-1');

    // Another institute's parent account, and the customer who asked, are told it does not exist.
    await api(app, token.paul).post(`/v1/verification/pending/${id}/document`, { name: 'Transcript', data: PDF }).expect(404);
    await api(app, token.alice).post(`/v1/verification/pending/${id}/document`, { name: 'Transcript', data: PDF }).expect(404);
    // The document rules: a PDF only.
    const notPdf = await api(app, token.irene)
      .post(`/v1/verification/pending/${id}/document`, { name: 'Transcript', data: `data:application/pdf;base64,${Buffer.from('GIF89a').toString('base64')}` })
      .expect(400);
    expect(notPdf.body.errors[0].message).toBe('Could not read file, check supported file types.');

    const uploaded = await api(app, token.irene).post(`/v1/verification/pending/${id}/document`, { name: 'Transcript', filename: 'transcript.pdf', data: PDF }).expect(201);
    expect(uploaded.body).toMatchObject({ name: 'Transcript', filename: 'transcript.pdf', output: true, verificationId: id });

    // The resolver sees it on the request; the customer not while it is pending.
    const pending = await api(app, token.irene).get(`/v1/verification/pending/${id}`).expect(200);
    expect(pending.body.outputDocs.map((d: { name: string }) => d.name)).toEqual(['Transcript']);
    expect(pending.body.documents.map((d: { id: string }) => d.id)).not.toContain(uploaded.body.id);
    const meanwhile = await api(app, token.alice).get(`/v1/verification/${id}`).expect(200);
    expect(meanwhile.body.outputDocs).toEqual([]);

    await api(app, token.irene).put(`/v1/verification/pending/${id}`, { result: 'VERIFIED', approvedByName: 'Irene Ingram', approvedByTitle: 'Registrar' }).expect(200);
    const seen = await api(app, token.alice).get(`/v1/verification/${id}`).expect(200);
    expect(seen.body.outputDocs).toMatchObject([{ id: uploaded.body.id, name: 'Transcript', output: true }]);
    const file = await api(app, token.alice).get(`/v1/verification/${id}/document/${uploaded.body.id}`).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');

    // Resolved: nothing more is attached.
    await api(app, token.irene).post(`/v1/verification/pending/${id}/document`, { name: 'Late', data: PDF }).expect(409);
  });

  it('the public resolve link attaches one with its key; a wrong key is nobody', async () => {
    const id = await pendingRequest('CAND-OUT-2');
    const mail = await waitFor(
      async () => (await mailsTo(app, 'irene@uni-demo.test', token.staff)).find((m) => m.subject.includes(id) && /^Verification request/.test(m.subject)),
      15000,
      `the resolve mail about ${id}`,
    );
    const key = linkIn(mail.text, '/verify/');
    await api(app, null).post('/v1/verification/pending/key/not-a-real-key/document', { name: 'Letter', data: PDF }).expect(404);
    const uploaded = await api(app, null).post(`/v1/verification/pending/key/${key}/document`, { name: 'Letter', filename: 'letter.pdf', data: PDF }).expect(201);
    expect(uploaded.body).toMatchObject({ name: 'Letter', output: true });
    expect(uploaded.body.verificationId).toBeUndefined();
    const view = await api(app, null).get(`/v1/verification/pending/key/${key}`).expect(200);
    expect(view.body.outputDocs.map((d: { name: string }) => d.name)).toEqual(['Letter']);

    await api(app, null).put(`/v1/verification/pending/key/${key}`, { result: 'VERIFIED', approvedByName: 'Ravi Registry', approvedByTitle: 'Records Office' }).expect(200);
    // A used link no longer attaches anything.
    await api(app, null).post(`/v1/verification/pending/key/${key}/document`, { name: 'Late', data: PDF }).expect(409);
    const seen = await api(app, token.alice).get(`/v1/verification/${id}`).expect(200);
    expect(seen.body.outputDocs.map((d: { name: string }) => d.name)).toEqual(['Letter']);
  });

  it('throttles the public resolve link per client (reads 60 a minute, writes 20)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push((await api(app, null).put('/v1/verification/pending/key/not-a-real-key', { result: 'VERIFIED', approvedByName: 'X', approvedByTitle: 'Y' })).status);
    }
    // The earlier test's calls on this route count towards the same minute.
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThanOrEqual(15);
    expect(first).toBeLessThanOrEqual(20);
    expect(statuses.slice(0, first).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(first).every((s) => s === 429)).toBe(true);
    const limited = await api(app, null).put('/v1/verification/pending/key/not-a-real-key', { result: 'VERIFIED' }).expect(429);
    expect(limited.body.errors[0].message).toBeTruthy();
  });
});
