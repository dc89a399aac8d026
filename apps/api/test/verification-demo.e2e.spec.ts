import type { INestApplication } from '@nestjs/common';
import { signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';
import { api, readModelsCaughtUp } from './verification-support';

/** The demo data: every result of verifications.md 4 for the demo customers, pending and resolved work for irene. */
describe('demo verifications', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    db = await freshDatabase('vdemo');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    // The seed appends without waiting for the read models; the lists below read them.
    await readModelsCaughtUp(app);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const results = async (username: string, extra = '') => {
    const { token } = await signIn(app, username);
    const res = await api(app, token).get(`/v1/verification?size=100${extra}`).expect(200);
    return new Set((res.body.content as { result: string }[]).map((r) => r.result));
  };

  it('gives Acme every result of the table', async () => {
    await db.pool.query(`UPDATE companies SET show_deleted = true WHERE id = 'acme'`);
    const acme = new Set([...(await results('alice@acme.test')), ...(await results('alice@acme.test', '&results=DELETED'))]);
    expect([...acme].sort()).toEqual(['AWAITING_CONSENT', 'CANCELLED', 'DELETED', 'NOT_FOUND', 'NOT_VERIFIED', 'PENDING', 'REJECTED', 'UNABLE', 'UNPAID', 'VERIFIED']);
  });

  it('gives carol, dave, indy and anna something to see', async () => {
    expect([...(await results('carol@globex.test'))].sort()).toEqual(['NOT_FOUND', 'PENDING', 'VERIFIED']);
    expect([...(await results('dave@initech.test'))].sort()).toEqual(['REJECTED', 'VERIFIED']);
    expect([...(await results('indy@mail.test'))].sort()).toEqual(['AWAITING_CONSENT', 'PENDING', 'VERIFIED']);
    expect([...(await results('anna@mail.test'))].sort()).toEqual(['NOT_FOUND', 'PENDING']);
  });

  it('leaves pending items for irene and resolved ones in her history', async () => {
    const { token } = await signIn(app, 'irene@uni-demo.test');
    const pending = (await api(app, token).get('/v1/verification/pending?size=100').expect(200)).body;
    expect(pending.totalSize).toBeGreaterThanOrEqual(5);
    const resolved = (await api(app, token).get('/v1/verification/resolved?size=100').expect(200)).body;
    expect(new Set(resolved.content.map((r: { result: string }) => r.result))).toEqual(new Set(['VERIFIED', 'REJECTED', 'NOT_VERIFIED']));
  });
});
