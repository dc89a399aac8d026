import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { linkIn, mailsTo, signIn } from './demo-sessions';
import { freshDatabase, waitFor } from './fresh-database';
import { sessionToken } from './sessions';
import { startTestApp } from './test-app';
import { api } from './verification-support';

interface Share {
  id: string;
  type: string;
  key: string;
  extra: string | null;
  registeredName: string | null;
  expiresAt: string | null;
  viewCount: number;
  lastViewed: string | null;
  views: string[];
}

/** Sharing (verifications.md 2.12, 7; access 2.7, 6.7) through HTTP, on the demo accounts. */
describe('sharing', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const token = {} as Record<'indy' | 'jane' | 'alice' | 'carol' | 'staff', string>;
  let verified: string;
  let pending: string;
  const anonymous = () => api(app, null);
  const messages = (res: request.Response) => (res.body.errors as { message: string }[]).map((e) => e.message);

  beforeAll(async () => {
    db = await freshDatabase('sharing');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    for (const [who, username] of [
      ['indy', 'indy@mail.test'],
      ['jane', 'jane@mail.test'],
      ['alice', 'alice@acme.test'],
      ['carol', 'carol@globex.test'],
      ['staff', 'admin@credence.test'],
    ] as const) {
      token[who] = (await signIn(app, username)).token;
    }
    const wallet = (await api(app, token.indy).get('/v1/verification?page=0&size=50').expect(200)).body.content as { id: string; result: string }[];
    verified = wallet.find((v) => v.result === 'VERIFIED')!.id;
    pending = wallet.find((v) => v.result === 'PENDING')!.id;
  }, 120000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('shares one verification publicly: a 144-bit link anyone opens, ids removed, each view counted without who', async () => {
    expect((await api(app, token.indy).get(`/v1/verification/${verified}/share`).expect(200)).body).toEqual([]);
    const created = (await api(app, token.indy).post(`/v1/verification/${verified}/share`, { type: 'PUBLIC' }).expect(201)).body as Share;
    expect(created).toMatchObject({ type: 'PUBLIC', key: created.id, extra: null, viewCount: 0 });
    expect(Buffer.from(created.id, 'base64url').length).toBeGreaterThanOrEqual(16);

    const seen = await anonymous().get(`/v1/share/${created.id}`).expect(200);
    expect(seen.body).toHaveLength(1);
    expect(seen.body[0]).toMatchObject({ result: 'VERIFIED', resultLabel: 'Verified', fields: { firstname: 'Indy', surname: 'Individual' } });
    // Which qualification, from the details the owner gave: the wallet lists by institute, and two degrees from one
    // university would read the same.
    const own = (await api(app, token.indy).get(`/v1/verification?page=0&size=50`).expect(200)).body.content as { id: string; credential: string | null }[];
    expect(own.find((v) => v.id === verified)!.credential).toBe('BA (Hons) Geography, 2014');
    expect(seen.body[0].credential).toBe(own.find((v) => v.id === verified)!.credential);
    expect(seen.body[0]).not.toHaveProperty('id');
    expect(JSON.stringify(seen.body)).not.toContain(verified);
    expect(seen.headers['cache-control']).toBe('no-store');

    // A view is recorded in the share's stream at once; the owner's list follows when its projection has it.
    const listed = await waitFor(async () => ((await api(app, token.indy).get(`/v1/verification/${verified}/share`).expect(200)).body as Share[]).find((s) => s.viewCount === 1), 10000, 'the view in the list');
    expect(listed.id).toBe(created.id);
    expect(listed.views).toHaveLength(1);
    // Field names, not the JSON text: a random id may well contain 'ip'.
    expect(Object.keys(listed).filter((k) => /ip|agent|viewer|who/i.test(k))).toEqual([]);
    expect(listed.views.every((v) => !Number.isNaN(Date.parse(v)))).toBe(true);
  });

  it('only the owner lists, shares and deletes: another tenant gets 404, without a session 401', async () => {
    const share = (await api(app, token.indy).post(`/v1/verification/${verified}/share`, { type: 'PUBLIC' }).expect(201)).body as Share;
    await api(app, token.alice).get(`/v1/verification/${verified}/share`).expect(404);
    await api(app, token.alice).post(`/v1/verification/${verified}/share`, { type: 'PUBLIC' }).expect(404);
    await api(app, token.alice).delete(`/v1/verification/${verified}/share/${share.id}`).expect(404);
    await api(app, token.carol).delete(`/v1/wallet/share/${share.id}`).expect(404);
    await anonymous().get(`/v1/verification/${verified}/share`).expect(401);
    await anonymous().get('/v1/wallet/share').expect(401);
    // The share of one verification is not deleted through another verification or the wallet.
    await api(app, token.indy).delete(`/v1/verification/${pending}/share/${share.id}`).expect(404);
    await api(app, token.indy).delete(`/v1/wallet/share/${share.id}`).expect(404);
    await anonymous().get(`/v1/share/${share.id}`).expect(200);
  });

  it("another tenant neither lists nor deletes the wallet's shares, an individual's included", async () => {
    const share = (await api(app, token.indy).post('/v1/wallet/share', { type: 'PUBLIC' }).expect(201)).body as Share;
    for (const other of [token.jane, token.alice, token.carol, token.staff]) {
      expect(((await api(app, other).get('/v1/wallet/share').expect(200)).body as Share[]).map((s) => s.id)).not.toContain(share.id);
      const res = await api(app, other).delete(`/v1/wallet/share/${share.id}`).expect(404);
      expect(messages(res)).toEqual(['Share not found.']);
    }
    // A wallet share is not deleted through a verification either.
    await api(app, token.indy).delete(`/v1/verification/${verified}/share/${share.id}`).expect(404);
    await anonymous().get(`/v1/share/${share.id}`).expect(200);
    const unknown = await api(app, token.indy).post('/v1/verification/no-such-verification/share', { type: 'PUBLIC' }).expect(404);
    expect(messages(unknown)).toEqual(['Verification not found.']);
    await api(app, token.indy).delete(`/v1/wallet/share/${share.id}`).expect(204);
  });

  it('a deleted share answers 204 at once, and deleting it again is 404', async () => {
    const share = (await api(app, token.indy).post(`/v1/verification/${verified}/share`, { type: 'PUBLIC' }).expect(201)).body as Share;
    await anonymous().get(`/v1/share/${share.id}`).expect(200);
    await api(app, token.indy).delete(`/v1/verification/${verified}/share/${share.id}`).expect(204);
    const gone = await anonymous().get(`/v1/share/${share.id}`);
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    await api(app, token.indy).delete(`/v1/verification/${verified}/share/${share.id}`).expect(404);
    const ids = ((await api(app, token.indy).get(`/v1/verification/${verified}/share`).expect(200)).body as Share[]).map((s) => s.id);
    expect(ids).not.toContain(share.id);
    await anonymous().get('/v1/share/AAAAAAAAAAAAAAAAAAAAAAAA').expect(204);
    await anonymous().get('/v1/share/x').expect(204);
  });

  it('a wallet share shows only the Verified results', async () => {
    const share = (await api(app, token.indy).post('/v1/wallet/share', { type: 'PUBLIC' }).expect(201)).body as Share;
    const shown = (await anonymous().get(`/v1/share/${share.id}`).expect(200)).body as { result: string }[];
    expect(shown.length).toBeGreaterThanOrEqual(1);
    expect(shown.every((v) => v.result === 'VERIFIED')).toBe(true);
    expect((await api(app, token.indy).get('/v1/wallet/share').expect(200)).body.map((s: Share) => s.id)).toContain(share.id);
    await api(app, token.indy).delete(`/v1/wallet/share/${share.id}`).expect(204);
    await anonymous().get(`/v1/share/${share.id}`).expect(204);
  });

  it('honours an expiry: open before it, 204 after it; a past expiry is refused', async () => {
    const past = await api(app, token.indy).post(`/v1/verification/${verified}/share`, { type: 'PUBLIC', expiresAt: '2020-01-01' }).expect(400);
    expect(messages(past)).toEqual(['The expiry date must be in the future.']);
    const bad = await api(app, token.indy).post(`/v1/verification/${verified}/share`, { type: 'PUBLIC', expiresAt: 'soon' }).expect(400);
    expect(bad.body.errors[0].message).toMatch(/expiresAt/);
    const soon = new Date(Date.now() + 1500).toISOString();
    const share = (await api(app, token.indy).post(`/v1/verification/${verified}/share`, { type: 'PUBLIC', expiresAt: soon }).expect(201)).body as Share;
    expect(share.expiresAt).toBe(soon);
    await anonymous().get(`/v1/share/${share.id}`).expect(200);
    await waitFor(async () => Date.now() > Date.parse(soon) + 50, 5000, 'the expiry');
    await anonymous().get(`/v1/share/${share.id}`).expect(204);
    // The owner still lists it, with its expiry, until they delete it.
    expect(((await api(app, token.indy).get(`/v1/verification/${verified}/share`).expect(200)).body as Share[]).find((s) => s.id === share.id)?.expiresAt).toBe(soon);
  });

  it('a bare expiry date keeps the share open through that day (UTC)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const share = (await api(app, token.indy).post('/v1/wallet/share', { type: 'PUBLIC', expiresAt: today }).expect(201)).body as Share;
    expect(share.expiresAt).toBe(`${today}T23:59:59.999Z`);
    await anonymous().get(`/v1/share/${share.id}`).expect(200);
    await api(app, token.indy).delete(`/v1/wallet/share/${share.id}`).expect(204);
  });

  it("a private share's expiry closes it for the invitee and drops it from what they received", async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const share = (await api(app, token.indy).post(`/v1/verification/${verified}/share`, { type: 'PRIVATE', key: 'carol@globex.test', expiresAt: soon }).expect(201)).body as Share;
    await api(app, token.carol).get(`/v1/share/${share.id}`).expect(200);
    expect(((await api(app, token.carol).get('/v1/share').expect(200)).body as { id: string }[]).map((s) => s.id)).toContain(share.id);
    await waitFor(async () => Date.now() > Date.parse(soon) + 50, 5000, 'the expiry');
    await api(app, token.carol).get(`/v1/share/${share.id}`).expect(204);
    expect(((await api(app, token.carol).get('/v1/share').expect(200)).body as { id: string }[]).map((s) => s.id)).not.toContain(share.id);
  });

  it('private shares: the e-mail is required, valid and at most 500 characters, in the spec error shape', async () => {
    const missing = await api(app, token.indy).post('/v1/wallet/share', { type: 'PRIVATE' }).expect(400);
    expect(missing.body).toEqual({ errors: [{ message: 'Please enter an email address.' }] });
    const invalid = await api(app, token.indy).post('/v1/wallet/share', { type: 'PRIVATE', key: 'not-an-email' }).expect(400);
    expect(invalid.body).toEqual({ errors: [{ message: 'Please enter a valid email address.' }] });
    for (const key of ['a@b', 'two@@mail.test', 'no spaces@mail.test', 'trailing.dot@mail.', '@mail.test']) {
      const res = await api(app, token.indy).post(`/v1/verification/${verified}/share`, { type: 'PRIVATE', key }).expect(400);
      expect(res.body).toEqual({ errors: [{ message: 'Please enter a valid email address.' }] });
    }
    // 500 characters is the limit (9): at 500 the address is judged (no address that long is valid), at 501 refused for its length.
    const at = (n: number) => `${'a'.repeat(64)}@${'b'.repeat(n - 70)}.test`;
    expect(at(500)).toHaveLength(500);
    const fiveHundred = await api(app, token.indy).post('/v1/wallet/share', { type: 'PRIVATE', key: at(500) }).expect(400);
    expect(fiveHundred.body).toEqual({ errors: [{ message: 'Please enter a valid email address.' }] });
    expect(at(501)).toHaveLength(501);
    const tooLong = await api(app, token.indy).post('/v1/wallet/share', { type: 'PRIVATE', key: at(501) }).expect(400);
    expect(tooLong.body).toEqual({ errors: [{ message: 'The email address must be at most 500 characters.' }] });
    // Surrounding spaces do not count towards the limit.
    const padded = await api(app, token.indy).post('/v1/wallet/share', { type: 'PRIVATE', key: `  ${at(500)}  ` }).expect(400);
    expect(messages(padded)).toEqual(['Please enter a valid email address.']);
    const self = await api(app, token.indy).post('/v1/wallet/share', { type: 'PRIVATE', key: 'INDY@mail.test' }).expect(400);
    expect(messages(self)).toEqual(['You cannot share with your own email address.']);
    await api(app, token.indy).post('/v1/wallet/share', { type: 'SECRET' }).expect(400);
  });

  it('a private share mails a new invitee a shareinvite registration link, and opens only for them once registered', async () => {
    const share = (await api(app, token.indy).post('/v1/wallet/share', { type: 'PRIVATE', key: ' Hannah@Recruit.test ' }).expect(201)).body as Share;
    expect(share).toMatchObject({ type: 'PRIVATE', key: 'hannah@recruit.test', extra: 'Invited, not yet registered.', registeredName: null });
    await anonymous().get(`/v1/share/${share.id}`).expect(204);
    await api(app, token.carol).get(`/v1/share/${share.id}`).expect(204);

    const mail = await waitFor(async () => (await mailsTo(app, 'hannah@recruit.test', token.staff))[0], 15000, 'the share mail');
    expect(mail.subject).toBe('Indy Individual has shared their verified wallet with you');
    expect(mail.text).toContain(`/login/register?shareinvite=${share.id}&e=hannah%40recruit.test`);
    // And where it opens once they have an account (another device, or later on).
    expect(mail.text).toContain(`Once registered, it is here when you are signed in: http`);
    expect(mail.text).toContain(`/view/${share.id}`);

    // The invitee registers with that e-mail (an organisation, access 2.7's shareinvite) and signs in.
    await request(app.getHttpServer())
      .post('/v1/register')
      .send({ firstname: 'Hannah', lastname: 'Recruiter', email: 'hannah@recruit.test', phone: '+44 1', companyName: 'Recruit Ltd', jobTitle: 'HR', volumeChecks: '0-199', individual: false })
      .expect(204);
    const regToken = linkIn((await mailsTo(app, 'hannah@recruit.test', token.staff)).find((m) => m.subject.includes('registration'))!.text, '/login/register/');
    await request(app.getHttpServer())
      .put(`/v1/register/${regToken}`)
      .send({ password: 'Hann-pass1', confirmPassword: 'Hann-pass1', volumeChecks: '0-199', company: { name: 'Recruit Ltd', addressCountry: { id: 'GB' }, industry: { id: 2 } } })
      .expect(204);
    const hannah = (await request(app.getHttpServer()).post('/v1/auth').send({ username: 'hannah@recruit.test', password: 'Hann-pass1' }).expect(200)).headers['x-auth-token'] as string;

    expect(((await api(app, token.indy).get('/v1/wallet/share').expect(200)).body as Share[]).find((s) => s.id === share.id)?.extra).toBe('Registered as Hannah Recruiter.');
    expect((await api(app, hannah).get('/v1/share').expect(200)).body).toEqual([expect.objectContaining({ id: share.id, ownerName: 'Indy Individual', target: 'WALLET' })]);
    const shown = (await api(app, hannah).get(`/v1/share/${share.id}`).expect(200)).body as { result: string }[];
    expect(shown.length).toBeGreaterThanOrEqual(1);
    expect(shown.every((v) => v.result === 'VERIFIED')).toBe(true);
    const listed = await waitFor(async () => ((await api(app, token.indy).get('/v1/wallet/share').expect(200)).body as Share[]).find((s) => s.id === share.id && s.viewCount === 1), 10000, 'the view in the list');
    expect(listed.extra).toBe('Registered as Hannah Recruiter.');

    await api(app, token.indy).delete(`/v1/wallet/share/${share.id}`).expect(204);
    await api(app, hannah).get(`/v1/share/${share.id}`).expect(204);
    expect((await api(app, hannah).get('/v1/share').expect(200)).body).toEqual([]);
  });

  it('an existing account is mailed a sign-in link to the share', async () => {
    const share = (await api(app, token.indy).post(`/v1/verification/${verified}/share`, { type: 'PRIVATE', key: 'carol@globex.test' }).expect(201)).body as Share;
    expect(share.extra).toBe('Registered as Carol Chen.');
    const mail = await waitFor(async () => (await mailsTo(app, 'carol@globex.test', token.staff)).find((m) => m.text.includes(`/view/${share.id}`)), 15000, 'the share mail');
    expect(mail.subject).toBe('Indy Individual has shared a verification result with you');
    await api(app, token.carol).get(`/v1/share/${share.id}`).expect(200);
    // A private share is the invitee's only: not another signed-in user's, not anyone's without a session.
    await api(app, token.alice).get(`/v1/share/${share.id}`).expect(204);
    await anonymous().get(`/v1/share/${share.id}`).expect(204);
    // Revoked: the invitee's very next view is the 204.
    await api(app, token.indy).delete(`/v1/verification/${verified}/share/${share.id}`).expect(204);
    await api(app, token.carol).get(`/v1/share/${share.id}`).expect(204);
  });

  it('accounts with sharing disabled cannot share; organisations have no wallet to share', async () => {
    const disabled = sessionToken(app, { sub: 'indy@mail.test', isIndividual: true, sharingDisabled: true });
    const res = await api(app, disabled).post('/v1/wallet/share', { type: 'PUBLIC' }).expect(403);
    expect(messages(res)).toEqual(['Sharing is not available for your account.']);
    await api(app, token.alice).post('/v1/wallet/share', { type: 'PUBLIC' }).expect(403);
  });
});
