import type { INestApplication } from '@nestjs/common';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BLOB_STORE, type BlobStore } from '../src/modules/verifications/ports/blob-store.port';
import { signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';
import { api, janeAtUniDemo, pdfDataUrl, untilResult } from './verification-support';

/**
 * Document bytes live in the blob store, outside the events: a request that stores a PDF and is then refused must
 * not leave it there, and a removed document's bytes go with it. The app gets a blob folder of its own (BLOB_DIR),
 * so every file in it is one this suite caused, and the whole folder is counted before and after.
 */
describe('document blobs', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let alice: string;
  let root: string;
  /** Every key this app stored, so a refused request's blob can be looked for even when its id was never answered. */
  const put: string[] = [];
  const card = { creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce' } };

  beforeAll(async () => {
    db = await freshDatabase('blobs');
    root = await mkdtemp(path.join(tmpdir(), 'credence-blobs-'));
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true', BLOB_DIR: root }));
    const blobs = app.get<BlobStore>(BLOB_STORE);
    const original = blobs.put.bind(blobs);
    jest.spyOn(blobs, 'put').mockImplementation((key, bytes, contentType) => {
      put.push(key);
      return original(key, bytes, contentType);
    });
    alice = (await signIn(app, 'alice@acme.test')).token;
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
    await rm(root, { recursive: true, force: true });
  });
  let before: number;
  beforeEach(async () => {
    put.length = 0;
    before = await count();
  });

  /** Files under the blob folder, or under one verification's part of it. */
  const count = async (under = '.') => {
    try {
      return (await readdir(path.join(root, under), { recursive: true, withFileTypes: true })).filter((f) => f.isFile()).length;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw e;
    }
  };
  const blobsOf = (verificationId: string) => count(`verifications/${verificationId}`);
  const verificationOf = (key: string) => key.split('/')[1];
  const upload = (id: string, body: Record<string, unknown>) => api(app, alice).post(`/v1/verification/${id}/document`, body);

  describe('a refused submission leaves no blob behind', () => {
    it('one request whose PDF was stored and whose details then fail validation', async () => {
      const res = await api(app, alice)
        .post('/v1/verification', { ...janeAtUniDemo({ consent: false }), ...card })
        .expect(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
      // The PDF did reach the store before the domain refused: this is the case that used to leave it behind.
      expect(put).toHaveLength(1);
      expect(await count()).toBe(before);
    });

    it('a batch where one entry is invalid: the valid entry saves nothing, its blob included', async () => {
      const res = await api(app, alice)
        .post('/v1/verification', {
          verifications: [janeAtUniDemo(), janeAtUniDemo({ customerReference: 'BAD-DOB', fields: { ...janeAtUniDemo().fields, dob: '2999-01-01' } })],
          ...card,
        })
        .expect(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
      expect(new Set(put.map(verificationOf)).size).toBe(2);
      expect(await count()).toBe(before);
    });

    it('a declined card: nothing is saved, so no blob stays', async () => {
      await api(app, alice)
        .post('/v1/verification', { ...janeAtUniDemo(), creditPurchase: { amount: 0, btNonce: 'fake-processor-declined-visa-nonce' } })
        .expect(422);
      expect(put).toHaveLength(1);
      expect(await count()).toBe(before);
    });

    it('an update of a draft with a PDF and an invalid date of birth keeps only the blobs it had', async () => {
      const draft = (await api(app, alice).post('/v1/verification?autosubmit=false', janeAtUniDemo()).expect(201)).body.id as string;
      expect(await blobsOf(draft)).toBe(1);
      put.length = 0;
      const withDraft = await count();
      await api(app, alice)
        .put(`/v1/verification/${draft}`, {
          ...janeAtUniDemo({ fields: { ...janeAtUniDemo().fields, dob: '2999-01-01' } }),
          documents: [{ name: 'Transcript', data: pdfDataUrl() }],
        })
        .expect(400);
      expect(put).toHaveLength(1);
      expect(await count()).toBe(withDraft);
      expect(await blobsOf(draft)).toBe(1);
    });

    it('a successful submission keeps its blob (the clean-up only follows failures)', async () => {
      const res = await api(app, alice).post('/v1/verification?autosubmit=false', janeAtUniDemo()).expect(201);
      expect(await count()).toBe(before + 1);
      expect(await blobsOf(res.body.id as string)).toBe(1);
    });
  });

  it('a refused upload (the verification is VERIFIED) leaves no blob behind', async () => {
    const done = (await api(app, alice).post('/v1/verification', { ...janeAtUniDemo(), ...card }).expect(201)).body.id as string;
    await untilResult(app, alice, done, 'VERIFIED');
    expect(await blobsOf(done)).toBe(1);
    const withVerified = await count();
    put.length = 0;
    await upload(done, { name: 'late', data: pdfDataUrl() }).expect(409);
    expect(put).toEqual([expect.stringMatching(new RegExp(`^verifications/${done}/`))]);
    expect(await count()).toBe(withVerified);
    expect(await blobsOf(done)).toBe(1);
  });

  describe('a removed document', () => {
    let draft: string;
    beforeAll(async () => {
      draft = (await api(app, alice).post('/v1/verification?autosubmit=false', janeAtUniDemo({ documents: [] })).expect(201)).body.id as string;
    });

    it('has its blob deleted once DocumentRemoved is appended; the timeline keeps the event', async () => {
      const up = await upload(draft, { name: 'Degree certificate', data: pdfDataUrl() }).expect(201);
      expect(await count()).toBe(before + 1);
      await api(app, alice).delete(`/v1/verification/${draft}/document/${up.body.id}`).expect(204);
      expect(await count()).toBe(before);
      expect(await blobsOf(draft)).toBe(0);
      await api(app, alice).get(`/v1/verification/${draft}/document/${up.body.id}`).expect(404);
      const timeline = await api(app, alice).get(`/v1/verification/${draft}/auditevent`).expect(200);
      expect(JSON.stringify(timeline.body)).toContain("Document 'Degree certificate' removed by alice@acme.test.");
    });

    it('a new upload for a requirement replaces the old one, bytes included', async () => {
      const first = await upload(draft, { requirementId: 'consent-institute', data: pdfDataUrl() }).expect(201);
      const second = await upload(draft, { requirementId: 'consent-institute', data: pdfDataUrl() }).expect(201);
      expect(second.body.id).not.toBe(first.body.id);
      expect(await count()).toBe(before + 1);
      expect(await blobsOf(draft)).toBe(1);
      await api(app, alice).get(`/v1/verification/${draft}/document/${second.body.id}`).expect(200);
    });
  });
});
