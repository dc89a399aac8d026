import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { freshDatabase } from './fresh-database';
import { routeTable } from './route-table';
import { sessionToken } from './sessions';
import { startTestApp } from './test-app';
import { AllExceptionsFilter } from '../src/common/errors/http-exception.filter';
import { ReadModelBehindError } from '../src/infrastructure/projections/catch-up-runner';
import { idKindOf, isWellFormedId, ID_RULES } from '../src/common/pipes/id-params';

/**
 * Issue 19: bad input is answered 400/404 in the spec's body by one layer (common/pipes, the global filter), never
 * a 500. The named regressions are the requests that answered 500 before the layer existed.
 */
describe('input safety layer', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let customer: string;
  let staff: string;

  beforeAll(async () => {
    db = await freshDatabase('input_safety');
    ({ app } = await startTestApp({ DATABASE_URL: db.url }));
    customer = sessionToken(app, { admin: true });
    staff = sessionToken(app, { staff: true, sub: 'admin@credence.test', cid: 'credence' });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const http = () => request(app.getHttpServer());
  const expectErrors = (res: request.Response, statuses: number[]) => {
    expect(statuses).toContain(res.status);
    expect(Array.isArray(res.body.errors)).toBe(true);
    expect(res.body.errors.length).toBeGreaterThan(0);
    for (const e of res.body.errors) expect(typeof e.message).toBe('string');
  };

  describe('named regressions (each answered 500 before)', () => {
    it('GET /v1/verification/%00', async () => expectErrors(await http().get('/v1/verification/%00').set('X-AUTH-TOKEN', customer), [400]));
    it('GET /v1/credit/history/%00', async () => expectErrors(await http().get('/v1/credit/history/%00').set('X-AUTH-TOKEN', customer), [400]));
    it('PUT /v1/application/%00/verification', async () =>
      expectErrors(await http().put('/v1/application/%00/verification').set('X-AUTH-TOKEN', customer).send({}), [400]));
    it('GET /admin/mails/%00', async () => expectErrors(await http().get('/admin/mails/%00').set('X-AUTH-TOKEN', staff), [400]));
    it('DELETE /admin/institutes/%00', async () => expectErrors(await http().delete('/admin/institutes/%00').set('X-AUTH-TOKEN', staff), [400]));
    it('POST /v1/auth/forgot with a username that is not a string', async () => {
      for (const username of [42, ['a@b.test'], { $ne: '' }, true]) {
        expectErrors(await http().post('/v1/auth/forgot').send({ username }), [400]);
      }
      expectErrors(await http().post('/v1/auth/forgot?username=a@b.test&username=c@d.test').send({}), [400]);
      await http().post('/v1/auth/forgot').send({ username: 'nobody@mail.test' }).expect(204);
    });
  });

  it('answers a malformed id of each kind 404 (not a database error)', async () => {
    expectErrors(await http().get('/v1/verification/not-a-qcid').set('X-AUTH-TOKEN', customer), [404]);
    expectErrors(await http().get('/v1/application/123').set('X-AUTH-TOKEN', customer), [404]);
    expectErrors(await http().get('/admin/mails/zzz').set('X-AUTH-TOKEN', staff), [404]);
    expectErrors(await http().get('/admin/users/1').set('X-AUTH-TOKEN', staff), [404]);
    expectErrors(await http().get(`/v1/credit/history/${'x'.repeat(300)}`).set('X-AUTH-TOKEN', customer), [404]);
    // A well-formed id that does not exist still reaches the route and gets its own 404.
    expectErrors(await http().get('/v1/verification/QC0000000000').set('X-AUTH-TOKEN', customer), [404]);
    expectErrors(await http().get('/admin/mails/00000000-0000-4000-8000-000000000000').set('X-AUTH-TOKEN', staff), [404]);
  });

  it('refuses NUL, control characters and lone surrogates in query strings and bodies with 400', async () => {
    expectErrors(await http().get('/v1/verification?query=a%00b').set('X-AUTH-TOKEN', customer), [400]);
    expectErrors(await http().get('/v1/verification?query=%01').set('X-AUTH-TOKEN', customer), [400]);
    expectErrors(await http().post('/v1/auth').send({ username: 'a\u0000@b.test', password: 'x' }), [400]);
    expectErrors(
      await http().post('/v1/auth').set('Content-Type', 'application/json').send('{"username":"\\ud800@b.test","password":"x"}'),
      [400],
    );
    expectErrors(await http().post('/v1/auth').send({ ['ke\u0000y']: 1, username: 'a@b.test', password: 'x' }), [400]);
    // A surrogate pair (an emoji) is text, not refused.
    const emoji = await http().post('/v1/auth').send({ username: 'a\u{1F600}@b.test', password: 'x' });
    expect(emoji.status).toBe(401);
  });

  it('answers malformed percent-encoding, malformed JSON and oversized bodies in the spec shape', async () => {
    expectErrors(await http().get('/v1/verification/%E0%A4%A').set('X-AUTH-TOKEN', customer), [400]);
    expectErrors(await http().get('/v1/verification/%ED%A0%80').set('X-AUTH-TOKEN', customer), [400]);
    expectErrors(await http().post('/v1/auth').set('Content-Type', 'application/json').send('{"username":'), [400]);
    expectErrors(await http().post('/v1/auth').set('Content-Type', 'application/json').send(`"${'a'.repeat(9 * 1024 * 1024)}"`), [413]);
    expectErrors(await http().post('/v1/auth').set('Content-Type', 'application/json; charset=latin-9').send('{}'), [415]);
  });

  it('maps PostgreSQL invalid-input errors to 400 in the filter', async () => {
    // A page number far past any integer column's range reaches the database on no route, so drive the filter directly.
    const sent: { status?: number; body?: unknown } = {};
    const res = { headersSent: false, status: (s: number) => ((sent.status = s), res), json: (b: unknown) => ((sent.body = b), res) };
    const host = { switchToHttp: () => ({ getResponse: () => res }) };
    for (const code of ['22P02', '22021', '22001', '22003', '22007', '22008']) {
      new AllExceptionsFilter().catch(Object.assign(new Error('invalid input syntax'), { code }), host as never);
      expect(sent.status).toBe(400);
      expect((sent.body as { errors: { message: string }[] }).errors[0].message).toMatch(/\.$/);
    }
    new AllExceptionsFilter().catch(Object.assign(new Error('some bug'), { code: '42703' }), host as never);
    expect(sent.status).toBe(500);
    // The database away (a restart) is 503 with Retry-After, not a defect's 500.
    const headers: Record<string, string> = {};
    Object.assign(res, { set: (k: string, v: string) => ((headers[k] = v), res) });
    for (const code of ['57P01', '08006', 'ECONNREFUSED']) {
      new AllExceptionsFilter().catch(Object.assign(new Error('terminating connection'), { code }), host as never);
      expect(sent.status).toBe(503);
      expect(headers['Retry-After']).toBe('5');
    }
    // A read model a committed command waits for fell behind (a rebuild for a new version): 503, retry with the key.
    sent.status = 0;
    new AllExceptionsFilter().catch(new ReadModelBehindError('projection', 'verification-list', 10000), host as never);
    expect(sent.status).toBe(503);
    expect(headers['Retry-After']).toBe('5');
  });

  it('knows the kind of every parameter of every route, and each rule names a real route', () => {
    const routes = routeTable(app);
    const params = routes.flatMap((r) => [...r.path.matchAll(/:(\w+)/g)].map((m) => ({ route: r.path, param: m[1] })));
    expect(params.length).toBeGreaterThan(40);
    for (const rule of ID_RULES) expect(params.some((p) => p.param === rule.param && rule.route.test(p.route))).toBe(true);
    // Real ids pass their kind.
    expect(isWellFormedId(idKindOf('/v1/verification/:id', 'id'), 'QC7K2M9PXT4A')).toBe(true);
    expect(isWellFormedId(idKindOf('/v1/application/:id', 'id'), '0f5b1a6e-8d1c-5b2a-9e3f-1c2d3e4f5a6b')).toBe(true);
    expect(isWellFormedId(idKindOf('/admin/institutes/:id', 'id'), 'QC_HS_VER_GB')).toBe(true);
    expect(isWellFormedId(idKindOf('/v1/verification/pending/key/:vkey', 'vkey'), 'Zm9vYmFyYmF6cXV4LXh5ei0xMjM0NTY3ODkw_-')).toBe(true);
  });
});
