import { createHmac } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { EVENT_STORE, type EventStore } from '../src/infrastructure/event-store/event-store.port';
import { claimsOf, signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const sign = (header: object, payload: object, key = SECRET) => {
  const unsigned = `${b64(header)}.${b64(payload)}`;
  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
};

describe('sessions: sign-in, refresh, logout, impersonation', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const http = () => app.getHttpServer();

  beforeAll(async () => {
    db = await freshDatabase('sessions');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('signs each kind of account in with the claims of access.md 3.2', async () => {
    const alice = claimsOf((await signIn(app, 'alice@acme.test')).token);
    expect(alice).toMatchObject({
      sub: 'alice@acme.test', paymentType: 'CARD', vatPayer: true, isIndividual: false, isApplicant: false, isAvatar: false,
      hasAnalyticsAccess: true, hasReportsAccess: true, hasCountryAccess: true, hasApplicants: true, inviteApplicants: true,
      hasReferrals: true, currency: 'GBP', startHome: '/home', tcsVersion: 3,
    });
    expect(alice.authorities).toEqual([{ authority: 'ROLE_USER' }, { authority: 'ROLE_ADMIN' }]);
    expect(JSON.parse(alice.allowedTypes as string)).toEqual(['edu', 'emp', 'pli', 'pce', 'hsc']);
    for (const claim of ['expOffset', 'interuptMessageAck', 'refRequired', 'refLabel', 'appRefLabel', 'applicantPays', 'ownerLogo', 'partnerLogo', 'hasDiscount', 'sharingDisabled', 'accreditationEnabled', 'showDeleted', 'idCount']) {
      expect(alice).toHaveProperty(claim);
    }
    expect(claimsOf((await signIn(app, 'bob@acme.test')).token).authorities).toEqual([{ authority: 'ROLE_USER' }]);
    expect(claimsOf((await signIn(app, 'carol@globex.test')).token)).toMatchObject({ paymentType: 'INVOICE', currency: 'USD' });
    expect(claimsOf((await signIn(app, 'irene@uni-demo.test')).token)).toMatchObject({ paymentType: 'INSTITUTE', startHome: '/dashboard' });
    expect(claimsOf((await signIn(app, 'indy@mail.test')).token)).toMatchObject({ isIndividual: true, startHome: '/wallet', allowedTypes: '["edu","pli","pce","hsc"]' });
    expect(claimsOf((await signIn(app, 'anna@mail.test')).token)).toMatchObject({ isIndividual: true, isApplicant: true, applicantPays: true });
    const staff = claimsOf((await signIn(app, 'admin@credence.test')).token);
    expect(staff.authorities).toEqual(expect.arrayContaining([{ authority: 'ROLE_QC_ADMIN' }]));
    expect(JSON.parse(staff.allowedTypes as string)).toHaveLength(8);
  });

  it("answers a wrong password and an unknown user alike, in the spec's words", async () => {
    for (const body of [{ username: 'alice@acme.test', password: 'Wrong-pass1' }, { username: 'nobody@acme.test', password: 'Demo-pass1' }]) {
      const res = await request(http()).post('/v1/auth').send(body).expect(401);
      expect(res.body).toEqual({ errors: [{ message: 'Incorrect username or password' }] });
      expect(res.headers['x-auth-token']).toBeUndefined();
    }
  });

  it('exposes the token headers to browsers through CORS', async () => {
    const res = await request(http()).post('/v1/auth').set('Origin', 'http://localhost:4200').send({ username: 'bob@acme.test', password: 'Demo-pass1' });
    expect(res.headers['access-control-expose-headers']).toMatch(/x-auth-token/);
    expect(res.headers['access-control-expose-headers']).toMatch(/x-refresh-token/);
  });

  it('rotates refresh tokens, and a reused one ends the whole session', async () => {
    const first = await signIn(app, 'bob@acme.test');
    const second = await request(http()).get('/v1/auth').set('X-REFRESH-TOKEN', first.refresh).expect(200);
    const rotated = second.headers['x-refresh-token'];
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(first.refresh);
    // The old token again: theft is assumed; both it and the rotated one stop working.
    const reuse = await request(http()).get('/v1/auth').set('X-REFRESH-TOKEN', first.refresh).expect(401);
    expect(reuse.body.errors[0]).toEqual({ message: 'Session expired.', code: 'QC-CANTREFRESH' });
    await request(http()).get('/v1/auth').set('X-REFRESH-TOKEN', rotated).expect(401);
  });

  it('refreshes inside the 14-minute window after expiry, and not after it', async () => {
    const s = await signIn(app, 'bob@acme.test');
    const row = await db.pool.query(`SELECT expires_at FROM refresh_tokens ORDER BY created_at DESC LIMIT 1`);
    const tokenExp = (claimsOf(s.token).exp as number) * 1000;
    // The refresh deadline is the token's expiry plus 14 minutes.
    expect(Math.abs(row.rows[0].expires_at.getTime() - (tokenExp + 14 * 60_000))).toBeLessThan(2000);
    await db.pool.query(`UPDATE refresh_tokens SET expires_at = now() + interval '1 minute' WHERE session_id = $1`, [claimsOf(s.token).sid]);
    const inside = await request(http()).get('/v1/auth').set('X-REFRESH-TOKEN', s.refresh).expect(200);
    await db.pool.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [claimsOf(s.token).sid]);
    const after = await request(http()).get('/v1/auth').set('X-REFRESH-TOKEN', inside.headers['x-refresh-token']).expect(401);
    expect(after.body.errors[0].code).toBe('QC-CANTREFRESH');
  });

  it('logout revokes the refresh token', async () => {
    const s = await signIn(app, 'bob@acme.test');
    await request(http()).delete('/v1/auth').set('X-REFRESH-TOKEN', s.refresh).expect(204);
    await request(http()).get('/v1/auth').set('X-REFRESH-TOKEN', s.refresh).expect(401);
  });

  it("refuses alg none, a wrong key, an expired token and an edited claim with 401", async () => {
    const good = (await signIn(app, 'bob@acme.test')).token;
    await request(http()).get('/v1/account').set('X-AUTH-TOKEN', good).expect(200);
    const payload = claimsOf(good);
    const now = Math.floor(Date.now() / 1000);
    const forged = [
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`,
      sign({ alg: 'HS256', typ: 'JWT' }, payload, 'another-key-another-key-another-key-012'),
      sign({ alg: 'HS256', typ: 'JWT' }, { ...payload, iat: now - 7200, exp: now - 3600 }),
      `${good.split('.')[0]}.${b64({ ...payload, authorities: [{ authority: 'ROLE_QC_ADMIN' }] })}.${good.split('.')[2]}`,
      sign({ alg: 'HS512', typ: 'JWT' }, payload),
    ];
    for (const token of forged) {
      const res = await request(http()).get('/v1/account').set('X-AUTH-TOKEN', token).expect(401);
      expect(res.body).toEqual({ errors: [{ message: 'Authentication required' }] });
    }
  });

  it('lets staff impersonate a customer for 15 minutes, audited with both names; never staff', async () => {
    const s = await signIn(app, 'admin@credence.test', { impersonate: 'alice@acme.test' });
    const claims = claimsOf(s.token);
    expect(claims).toMatchObject({ sub: 'alice@acme.test', isAvatar: true, imp: 'admin@credence.test', expOffset: 900 });
    expect((claims.exp as number) - (claims.iat as number)).toBe(900);

    const toggled = await request(http()).put('/v1/account/access').set('X-AUTH-TOKEN', s.token).send({ hasReportsAccess: false, hasAnalyticsAccess: false }).expect(200);
    expect(toggled.body).toMatchObject({ hasReportsAccess: false, hasAnalyticsAccess: false });
    const on = await request(http()).put('/v1/account/access').set('X-AUTH-TOKEN', s.token).send({ hasReportsAccess: true }).expect(200);
    expect(on.body).toMatchObject({ hasReportsAccess: true, hasAnalyticsAccess: true });
    const analyticsOff = await request(http()).put('/v1/account/access').set('X-AUTH-TOKEN', s.token).send({ hasAnalyticsAccess: false }).expect(200);
    expect(analyticsOff.body).toMatchObject({ hasReportsAccess: false, hasAnalyticsAccess: false });
    await request(http()).put('/v1/account/access').set('X-AUTH-TOKEN', s.token).send({ hasReportsAccess: true }).expect(200);

    const events = await app.get<EventStore>(EVENT_STORE).readStream('audit-acme');
    const started = events.find((e) => e.type === 'ImpersonationStarted')!;
    expect(started.metadata).toMatchObject({ actor: 'alice@acme.test', impersonator: 'admin@credence.test' });
    expect(events.filter((e) => e.type === 'AccessChanged').every((e) => e.metadata.impersonator === 'admin@credence.test')).toBe(true);

    // Customers cannot use the toggles, nor impersonate; staff cannot impersonate staff.
    const alice = await signIn(app, 'alice@acme.test');
    await request(http()).put('/v1/account/access').set('X-AUTH-TOKEN', alice.token).send({ hasReportsAccess: true }).expect(403);
    await request(http()).post('/v1/auth').send({ username: 'alice@acme.test', password: 'Demo-pass1', impersonate: 'bob@acme.test' }).expect(403);
    await request(http()).post('/v1/auth').send({ username: 'admin@credence.test', password: 'Demo-pass1', impersonate: 'admin@credence.test' }).expect(403);
  });

  it('rate limits failed sign-ins per account', async () => {
    const attempt = () => request(http()).post('/v1/auth').send({ username: 'carol@globex.test', password: 'Wrong-pass1' });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    // Even the right password is refused while the account is limited.
    await request(http()).post('/v1/auth').send({ username: 'carol@globex.test', password: 'Demo-pass1' }).expect(429);
    const failures = (await app.get<EventStore>(EVENT_STORE).readStream('audit-globex')).filter((e) => e.type === 'SignInFailed');
    expect(failures.length).toBeGreaterThanOrEqual(10);
  });
});
