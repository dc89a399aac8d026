import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import type { DataProvider } from 'ra-core';
import { adminDataProvider } from './admin-data-provider';
import request from 'supertest';
import { createApp } from '../src/bootstrap';
import { loadConfig } from '../src/config/load-config';
import { createLogger } from '../src/infrastructure/logging/logger';
import { signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';

/**
 * Access 9, error reporting with session replay: the portal reports its uncaught errors to the public
 * POST /v1/debug/errors (errors happen before sign-in too), with the id of the session's recording when it makes one;
 * staff administrators list, read and delete them through the console's simple-rest resource, each linked to its
 * replay once the recording is there; nobody else reads them; they are kept 14 days and never logged.
 */
describe('error reports (access 9)', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let staff: DataProvider;
  let staffToken: string;
  let alice: string;
  /** Every line the app logged, at every level. */
  const logged: string[] = [];
  const recordingId = 'e'.repeat(32);
  const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0.0.0 Safari/537.36';
  const report = (body: Record<string, unknown>, token?: string) => {
    const r = request(app.getHttpServer()).post('/v1/debug/errors').set('User-Agent', UA);
    return (token ? r.set('X-AUTH-TOKEN', token) : r).send(body);
  };
  const messages = (res: request.Response) =>
    (res.body.errors as { message: string }[]).map((e) => e.message);
  const newestFirst = (filter: Record<string, unknown> = {}) =>
    staff.getList('error-reports', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'occurredAt', order: 'DESC' },
      filter,
    });
  const count = async () =>
    (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM error_reports`)).rows[0].n;

  const signedOut = {
    message: "TypeError: Cannot read properties of undefined (reading 'secretSauce')",
    stack:
      "TypeError: Cannot read properties of undefined (reading 'secretSauce')\n    at LoginForm (login.tsx:42:7)",
    source: 'error',
    path: '/login',
    appVersion: '2.1.4c',
  };
  const signedIn = {
    message: 'Unhandled: the quokka request failed',
    source: 'render',
    path: '/wombat/:id/burrow',
    recordingId,
  };

  beforeAll(async () => {
    db = await freshDatabase('error_reports');
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: db.url,
      SEED_DEMO: 'true',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    });
    app = await createApp(config, {
      serveWeb: false,
      logger: createLogger('trace', { write: (line: string) => void logged.push(line) }),
    });
    await app.init();
    await app.listen(0);
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    staffToken = (await signIn(app, 'admin@credence.test')).token;
    staff = adminDataProvider(base, staffToken);
    alice = (await signIn(app, 'alice@acme.test')).token;
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('keeps a report from before sign-in without a user, and one from a signed-in user with theirs', async () => {
    await report(signedOut).expect(204);
    await report(signedIn, alice).expect(204);
    const { data, total } = await newestFirst();
    expect(total).toBe(2);
    expect(data[0]).toMatchObject({
      ...signedIn,
      username: 'alice@acme.test',
      userAgent: UA,
      appVersion: null,
      hasRecording: false,
    });
    expect(data[1]).toMatchObject({
      message: signedOut.message,
      source: 'error',
      path: '/login',
      appVersion: '2.1.4c',
      username: null,
      recordingId: null,
      hasRecording: false,
    });
    expect(Date.parse(data[1].occurredAt as string)).toBeGreaterThan(Date.now() - 60_000);
    // The list leaves the stacks out; a report's page has its stack.
    expect(data[0]).not.toHaveProperty('stack');
    expect((await staff.getOne('error-reports', { id: data[1].id })).data).toMatchObject({
      ...signedOut,
      stack: signedOut.stack,
    });
    expect((await staff.getOne('error-reports', { id: data[0].id })).data.stack).toBeNull();
  });

  it('refuses what is not a report, each with a clear message in the spec shape, and keeps nothing of it', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await report(body).expect(400);
      expect(res.body).toEqual({ errors: expect.any(Array) });
      return messages(res);
    };
    expect(await refused({ ...signedOut, message: undefined })).toContain(
      'message must be 1 to 2000 characters',
    );
    expect(await refused({ ...signedOut, message: '' })).toEqual(['message must be 1 to 2000 characters']);
    expect(await refused({ ...signedOut, message: 'x'.repeat(2001) })).toEqual([
      'message must be 1 to 2000 characters',
    ]);
    expect(await refused({ ...signedOut, source: 'console' })).toEqual([
      "source must be 'error', 'unhandledrejection', 'render' or 'caught'",
    ]);
    expect(await refused({ ...signedOut, recordingId: 'not-a-recording' })).toEqual([
      'recordingId must be the id of a recording',
    ]);
    expect(await refused({ ...signedOut, recordingId: 'E'.repeat(32) })).toEqual([
      'recordingId must be the id of a recording',
    ]);
    expect(await refused({ ...signedOut, stack: 's'.repeat(16_001) })).toEqual([
      'stack must be at most 16000 characters',
    ]);
    expect(await refused({ ...signedOut, path: undefined })).toContain('path must be 1 to 500 characters');
    expect(await refused({ ...signedOut, appVersion: 'v'.repeat(41) })).toEqual([
      'appVersion must be at most 40 characters',
    ]);
    for (const body of [[], [signedOut], 'an error']) {
      const res = await request(app.getHttpServer()).post('/v1/debug/errors').send(body);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: { errors: expect.any(Array) },
      });
    }
    expect(await count()).toBe(2);
    // The longest report there may be is taken.
    await report({
      message: 'm'.repeat(2000),
      stack: 's'.repeat(16_000),
      source: 'unhandledrejection',
      path: `/${'p'.repeat(499)}`,
      appVersion: 'v'.repeat(40),
    }).expect(204);
    await db.pool.query(`DELETE FROM error_reports WHERE source = 'unhandledrejection'`);
  });

  it("links a report to its session's replay once the recording is there", async () => {
    const [withId] = (await newestFirst({ q: 'quokka' })).data;
    expect(withId.hasRecording).toBe(false);
    // The recording's chunk comes after the report (the recorder sends every few seconds).
    await request(app.getHttpServer())
      .post(`/v1/debug/recordings/${recordingId}/events`)
      .send({ seq: 0, events: [{ type: 4, data: {}, timestamp: 1 }], reason: 'error' })
      .expect(204);
    expect((await staff.getOne('error-reports', { id: withId.id })).data.hasRecording).toBe(true);
    expect((await newestFirst({ q: 'quokka' })).data[0].hasRecording).toBe(true);
    expect((await staff.getOne('debug-recordings', { id: recordingId })).data.reason).toBe('error');
    expect((await newestFirst({ q: 'secretSauce' })).data[0].hasRecording).toBe(false);
  });

  it('keeps a sampled session that meets an error as a session with an error, from the report itself', async () => {
    const sampled = 'a1'.repeat(16);
    await request(app.getHttpServer())
      .post(`/v1/debug/recordings/${sampled}/events`)
      .send({ seq: 0, events: [{ type: 4, data: {}, timestamp: 1 }], reason: 'sampled' })
      .expect(204);
    // A failure the screen handled and reports (verifications 8) counts as much as an uncaught one.
    await report({
      ...signedOut,
      source: 'caught',
      message: 'resolve load failed',
      recordingId: sampled,
    }).expect(204);
    expect((await staff.getOne('debug-recordings', { id: sampled })).data.reason).toBe('error');
    const [row] = (await newestFirst({ q: 'resolve load failed' })).data;
    expect(row).toMatchObject({ source: 'caught', hasRecording: true, recordingId: sampled });
    // The session's page lists the errors reported in it, and only those.
    const inSession = await newestFirst({ recordingId: sampled });
    expect(inSession.data.map((r) => r.message)).toEqual(['resolve load failed']);
    await db.pool.query(`DELETE FROM error_reports WHERE recording_id = $1`, [sampled]);
    await db.pool.query(`DELETE FROM debug_recordings WHERE id = $1`, [sampled]);
  });

  it('lists them for staff administrators, searched by message, page or user and filtered by source', async () => {
    const ids = async (filter: Record<string, unknown>) =>
      (await newestFirst(filter)).data.map((r) => r.path as string);
    expect(await ids({ q: 'QUOKKA' })).toEqual(['/wombat/:id/burrow']);
    expect(await ids({ q: '/login' })).toEqual(['/login']);
    expect(await ids({ q: 'alice@acme' })).toEqual(['/wombat/:id/burrow']);
    expect(await ids({ q: 'nothing like it' })).toEqual([]);
    expect(await ids({ source: 'error' })).toEqual(['/login']);
    expect(await ids({ source: 'render' })).toEqual(['/wombat/:id/burrow']);
    expect(await ids({ source: ['error', 'render'] })).toEqual(['/wombat/:id/burrow', '/login']);
    const byPath = await staff.getList('error-reports', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'path', order: 'ASC' },
      filter: {},
    });
    expect(byPath.data.map((r) => r.path)).toEqual(['/login', '/wombat/:id/burrow']);
    const bad = await request(app.getHttpServer())
      .get('/admin/error-reports')
      .query({ filter: JSON.stringify({ source: 'console' }) })
      .set('X-AUTH-TOKEN', staffToken)
      .expect(400);
    expect(messages(bad)).toEqual([
      "The filter 'source' must be error, unhandledrejection, render or caught.",
    ]);
  });

  it('is for staff administrators only: auditors and customers are refused, strangers asked to sign in', async () => {
    const [one] = (await newestFirst()).data;
    const auditor = (await signIn(app, 'auditor@credence.test')).token;
    for (const token of [alice, auditor]) {
      const http = request(app.getHttpServer());
      await http.get('/admin/error-reports').set('X-AUTH-TOKEN', token).expect(403);
      await http.get(`/admin/error-reports/${one.id}`).set('X-AUTH-TOKEN', token).expect(403);
      await http.delete(`/admin/error-reports/${one.id}`).set('X-AUTH-TOKEN', token).expect(403);
    }
    await request(app.getHttpServer()).get('/admin/error-reports').expect(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-report']) {
      const res = await request(app.getHttpServer())
        .get(`/admin/error-reports/${id}`)
        .set('X-AUTH-TOKEN', staffToken)
        .expect(404);
      expect(messages(res)).toEqual(['Error report not found.']);
    }
    expect(await count()).toBe(2);
  });

  it('is deleted by staff (on the audit stream) and after 14 days by itself', async () => {
    const [withId, old] = (await newestFirst()).data;
    await staff.delete('error-reports', { id: withId.id, previousData: withId });
    const audited = await staff.getList('audit-events', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'revision', order: 'DESC' },
      filter: { stream: 'audit-credence', type: 'ErrorReportDeleted' },
    });
    expect(audited.data[0]).toMatchObject({ type: 'ErrorReportDeleted', actor: 'admin@credence.test' });
    expect(JSON.stringify(audited.data[0])).not.toContain('quokka');
    const gone = await request(app.getHttpServer())
      .delete(`/admin/error-reports/${withId.id}`)
      .set('X-AUTH-TOKEN', staffToken)
      .expect(404);
    expect(messages(gone)).toEqual(['Error report not found.']);

    await db.pool.query(`UPDATE error_reports SET occurred_at = now() - interval '15 days' WHERE id = $1`, [
      old.id,
    ]);
    await report({ message: 'Fresh error', source: 'error', path: '/home' }).expect(204); // the old one goes
    expect((await newestFirst()).data.map((r) => r.message)).toEqual(['Fresh error']);
  });

  it('never logs what a report says', () => {
    expect(logged.length).toBeGreaterThan(0);
    const all = logged.join('\n');
    for (const secret of ['secretSauce', 'quokka', 'login.tsx', '/wombat/:id/burrow', 'Fresh error'])
      expect(all).not.toContain(secret);
    expect(all).toContain('deleted 1 error report(s) older than 14 days');
  });
});
