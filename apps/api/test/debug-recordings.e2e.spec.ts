import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import type { DataProvider } from 'ra-core';
import { adminDataProvider } from './admin-data-provider';
import request from 'supertest';
import { signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';

/**
 * Access 2.3, debug recordings: the portal's recorder sends its rrweb events in numbered chunks to a recording named
 * by its own 128-bit id (public: recording starts before sign-in); staff administrators list, replay and delete them
 * through the console's simple-rest resource; nobody else reads them; they are kept 14 days.
 */
describe('debug recordings (access 2.3)', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let staff: DataProvider;
  let alice: string;
  const id = 'a'.repeat(32);
  const other = 'b'.repeat(32);
  const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0.0.0 Safari/537.36';
  const event = (n: number) => ({
    type: 3,
    data: { source: 1, positions: [{ x: n, y: n, id: 1, timeOffset: 0 }] },
    timestamp: 1_700_000_000_000 + n,
  });
  const post = (rid: string, body: unknown, token?: string) => {
    const r = request(app.getHttpServer()).post(`/v1/debug/recordings/${rid}/events`).set('User-Agent', UA);
    return (token ? r.set('X-AUTH-TOKEN', token) : r).send(body as object);
  };
  const messages = (res: request.Response) =>
    (res.body.errors as { message: string }[]).map((e) => e.message);

  beforeAll(async () => {
    db = await freshDatabase('debug_recordings');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    await app.listen(0);
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const staffToken = (await signIn(app, 'admin@credence.test')).token;
    staff = adminDataProvider(base, staffToken);
    alice = (await signIn(app, 'alice@acme.test')).token;
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('takes chunks from the sign-in page on, each once, and keeps who recorded once they sign in', async () => {
    await post(id, { seq: 0, events: [event(0), event(1)], appVersion: '2.1.4c' }).expect(204);
    await post(id, { seq: 0, events: [event(0), event(1)] }).expect(204); // resent after a timeout: taken once
    await post(id, { seq: 2, events: [event(4)] }, alice).expect(204);
    await post(id, { seq: 1, events: [event(2), event(3)] }, alice).expect(204); // late: replayed in seq order
    const { data } = await staff.getOne('debug-recordings', { id });
    expect(data).toMatchObject({
      id,
      username: 'alice@acme.test',
      userAgent: UA,
      appVersion: '2.1.4c',
      chunks: 3,
      reason: 'debug', // no reason sent: debug mode (logit=true), as before access 9's sampling
    });
    expect(data.bytes).toBeGreaterThan(100);
    expect((data.events as { timestamp: number }[]).map((e) => e.timestamp - 1_700_000_000_000)).toEqual([
      0, 1, 2, 3, 4,
    ]);
  });

  it("takes a page's full snapshot as JSON text, however deep the page nests", async () => {
    type Node = { type: number; tagName: string; id: number; childNodes: Node[] };
    let node: Node = { type: 2, tagName: 'span', id: 100, childNodes: [] };
    for (let depth = 99; depth > 2; depth--)
      node = { type: 2, tagName: 'div', id: depth, childNodes: [node] };
    const snapshot = {
      type: 2,
      data: { node, initialOffset: { left: 0, top: 0 } },
      timestamp: 1_700_000_000_005,
    };
    const deep = 'd'.repeat(32);
    await post(deep, { seq: 0, payload: JSON.stringify([event(0), snapshot]) }).expect(204);
    const { data } = await staff.getOne('debug-recordings', { id: deep });
    expect(data.events).toEqual([event(0), snapshot]);
    expect(messages(await post(deep, { seq: 1, payload: '[{"type": 3' }).expect(400))).toEqual([
      'events must be a list of recorded events',
    ]);
    expect(messages(await post(deep, { seq: 1, payload: '[1, 2]' }).expect(400))).toEqual([
      'events must be a list of recorded events',
    ]);
    expect(messages(await post(deep, { seq: 1, payload: '[]', events: [] }).expect(400))).toEqual([
      'Send either events or payload.',
    ]);
    expect(messages(await post(deep, { seq: 1 }).expect(400))).toEqual(['Send either events or payload.']);
    await staff.delete('debug-recordings', { id: deep, previousData: { id: deep } });
  });

  it('refuses what is not a recording, each in a clear message, and keeps nothing of it', async () => {
    expect(messages(await post('not-a-recording', { seq: 0, events: [] }).expect(404))).toEqual([
      'Debug recording not found.',
    ]);
    expect(messages(await post(other, { seq: -1, events: [] }).expect(400))).toContain(
      'seq must be a whole number',
    );
    expect(messages(await post(other, { seq: 0, events: 'lots' }).expect(400))).toContain(
      'events must be a list of recorded events',
    );
    expect(
      messages(
        await post(other, { seq: 0, events: Array.from({ length: 5001 }, (_, n) => event(n)) }).expect(400),
      ),
    ).toContain('At most 5000 events can be sent at once.');
    const huge = { type: 2, data: { node: { text: 'x'.repeat(4_100_000) } }, timestamp: 1 };
    expect(messages(await post(other, { seq: 0, events: [huge] }).expect(400))).toEqual([
      'This part of the recording is too large.',
    ]);
    const nul = { type: 3, data: { text: 'a\u0000b' }, timestamp: 1 };
    expect(messages(await post(other, { seq: 0, events: [nul] }).expect(400))).toEqual([
      'The request contains characters that are not allowed.',
    ]);
    // Text JSON allows and PostgreSQL's JSON does not: half a surrogate pair.
    const half = { type: 3, data: { text: 'a\ud800b' }, timestamp: 1 };
    expect(messages(await post(other, { seq: 0, events: [half] }).expect(400)).length).toBe(1);
    const { rows } = await db.pool.query(`SELECT id FROM debug_recordings WHERE id = $1`, [other]);
    expect(rows).toEqual([]);
  });

  it('stops a recording that is full', async () => {
    await post(other, { seq: 0, events: [event(0)] }).expect(204);
    await db.pool.query(`UPDATE debug_recordings SET bytes = 39999990 WHERE id = $1`, [other]);
    expect(messages(await post(other, { seq: 1, events: [event(1)] }).expect(422))).toEqual([
      'This debug recording is full. Please start a new one.',
    ]);
    expect((await staff.getOne('debug-recordings', { id: other })).data.chunks).toBe(1);
  });

  it('lists them for staff administrators only, searched and sorted as the console asks', async () => {
    const list = await staff.getList('debug-recordings', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'startedAt', order: 'DESC' },
      filter: { q: 'alice' },
    });
    expect(list.data.map((r) => r.id)).toEqual([id]);
    expect(list.data[0]).not.toHaveProperty('events');
    const bySize = await staff.getList('debug-recordings', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'bytes', order: 'DESC' },
      filter: {},
    });
    expect(bySize.data.map((r) => r.id)).toEqual([other, id]);
    await request(app.getHttpServer()).get('/admin/debug-recordings').set('X-AUTH-TOKEN', alice).expect(403);
    await request(app.getHttpServer())
      .get(`/admin/debug-recordings/${id}`)
      .set('X-AUTH-TOKEN', alice)
      .expect(403);
    const auditor = (await signIn(app, 'auditor@credence.test')).token;
    await request(app.getHttpServer())
      .get('/admin/debug-recordings')
      .set('X-AUTH-TOKEN', auditor)
      .expect(403);
    await request(app.getHttpServer()).get('/admin/debug-recordings').expect(401);
  });

  it('is deleted by staff (with its events, on the audit stream) and after 14 days by itself', async () => {
    await staff.delete('debug-recordings', { id: other, previousData: { id: other } });
    expect(
      (
        await db.pool.query(`SELECT count(*)::int AS n FROM debug_recording_chunks WHERE recording_id = $1`, [
          other,
        ])
      ).rows[0].n,
    ).toBe(0);
    const audited = await staff.getList('audit-events', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'revision', order: 'DESC' },
      filter: { stream: 'audit-credence', type: 'DebugRecordingDeleted' },
    });
    expect(audited.data[0]).toMatchObject({ type: 'DebugRecordingDeleted', actor: 'admin@credence.test' });
    await db.pool.query(`UPDATE debug_recordings SET last_at = now() - interval '15 days' WHERE id = $1`, [
      id,
    ]);
    await post('c'.repeat(32), { seq: 0, events: [event(0)] }).expect(204); // a new recording starts: the old one goes
    const left = await staff.getList('debug-recordings', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'startedAt', order: 'DESC' },
      filter: {},
    });
    expect(left.data.map((r) => r.id)).toEqual(['c'.repeat(32)]);
  });

  it('keeps why each was recorded: debug mode, a sampled session, or a session with an error (access 9)', async () => {
    const sampled = '1'.repeat(32);
    const debug = '2'.repeat(32);
    const errored = '3'.repeat(32);
    const reasonOf = async (rid: string) => (await staff.getOne('debug-recordings', { id: rid })).data.reason;
    await post(sampled, { seq: 0, events: [event(0)], reason: 'sampled' }).expect(204);
    await post(debug, { seq: 0, events: [event(0)], reason: 'debug' }).expect(204);
    await post(errored, { seq: 0, events: [event(0)], reason: 'error' }).expect(204);
    expect([await reasonOf(sampled), await reasonOf(debug), await reasonOf(errored)]).toEqual([
      'sampled',
      'debug',
      'error',
    ]);

    // A sampled session that then hits an error is one with an error from then on, and stays so.
    await post(sampled, { seq: 1, events: [event(1)], reason: 'error' }).expect(204);
    expect(await reasonOf(sampled)).toBe('error');
    await post(sampled, { seq: 2, events: [event(2)], reason: 'sampled' }).expect(204);
    expect(await reasonOf(sampled)).toBe('error');
    // The reason only goes up (sampled, error, debug): debug mode stays debug mode, an error is not made a sample.
    await post(debug, { seq: 1, events: [event(1)], reason: 'error' }).expect(204);
    await post(debug, { seq: 2, events: [event(2)], reason: 'sampled' }).expect(204);
    expect(await reasonOf(debug)).toBe('debug');
    await post(errored, { seq: 1, events: [event(1)], reason: 'sampled' }).expect(204);
    expect(await reasonOf(errored)).toBe('error');
    // Support asking a recorded tab to record (logit=true) makes it a debug recording.
    const askedLater = '5'.repeat(32);
    await post(askedLater, { seq: 0, events: [event(0)], reason: 'sampled' }).expect(204);
    await post(askedLater, { seq: 1, events: [event(1)], reason: 'debug' }).expect(204);
    expect(await reasonOf(askedLater)).toBe('debug');
    expect((await staff.getOne('debug-recordings', { id: debug })).data.chunks).toBe(3);

    const withErrors = await staff.getList('debug-recordings', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'startedAt', order: 'DESC' },
      filter: { reason: 'error' },
    });
    expect(withErrors.data.map((r) => r.id).sort()).toEqual([sampled, errored]);
    expect(withErrors.data.map((r) => r.reason)).toEqual(['error', 'error']);
    const debugMode = await staff.getList('debug-recordings', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'startedAt', order: 'DESC' },
      filter: { reason: 'debug' },
    });
    expect(debugMode.data.map((r) => r.id).sort()).toEqual([debug, askedLater, 'c'.repeat(32)]);

    expect(
      messages(await post('4'.repeat(32), { seq: 0, events: [event(0)], reason: 'curious' }).expect(400)),
    ).toEqual(["reason must be 'debug', 'sampled' or 'error'"]);
    const { rows } = await db.pool.query(`SELECT id FROM debug_recordings WHERE id = $1`, ['4'.repeat(32)]);
    expect(rows).toEqual([]);
    const staffToken = (await signIn(app, 'admin@credence.test')).token;
    const refused = await request(app.getHttpServer())
      .get('/admin/debug-recordings')
      .query({ filter: JSON.stringify({ reason: 'curious' }) })
      .set('X-AUTH-TOKEN', staffToken)
      .expect(400);
    expect(messages(refused)).toEqual(["The filter 'reason' must be debug, sampled or error."]);
  });
});
