import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { routeTable } from './route-table';
import { startTestApp } from './test-app';

/**
 * The deliberate list of routes anyone may call without a session. A new route is guarded by default; making
 * one public means adding it here, in review.
 */
const PUBLIC_ROUTES = [
  'DELETE /v1/auth',
  'GET /health',
  // The check behind a certificate's QR code (issue 17): the 128-bit code is the credential; throttled.
  'GET /v1/certificate/:code',
  'GET /v1/application/owner/:x',
  'GET /v1/application/template/owner/:x',
  'GET /v1/auth',
  'GET /v1/auth/forgot',
  'GET /v1/info',
  'GET /v1/referral/owner/:x',
  'GET /v1/register/:token',
  'POST /v1/auth',
  'POST /v1/auth/forgot',
  'POST /v1/register',
  'POST /v1/unsubscribe',
  'PUT /v1/auth',
  'PUT /v1/register/:token',
];

/**
 * Public routes other areas own: the catalogue's reference look-ups for the registration form, and the public
 * resolve link of a pending verification (the unguessable key is the credential).
 */
const PUBLIC_ROUTES_OF_OTHER_AREAS = [
  'GET /v1/company/country',
  'GET /v1/company/industry',
  'GET /v1/verification/pending/key/:vkey',
  'GET /v1/verification/pending/key/:vkey/document/:docId',
  'PUT /v1/verification/pending/key/:vkey',
];

type Who = 'anonymous' | 'staff' | 'alice' | 'bob' | 'carol' | 'dave' | 'irene' | 'paul' | 'indy' | 'anna';
const USERNAMES: Record<Exclude<Who, 'anonymous'>, string> = {
  staff: 'admin@credence.test',
  alice: 'alice@acme.test',
  bob: 'bob@acme.test',
  carol: 'carol@globex.test',
  dave: 'dave@initech.test',
  irene: 'irene@uni-demo.test',
  paul: 'paul@board-demo.test',
  indy: 'indy@mail.test',
  anna: 'anna@mail.test',
};
const EVERYONE: Who[] = ['staff', 'alice', 'bob', 'carol', 'dave', 'irene', 'paul', 'indy', 'anna'];
const TEAM_ADMINS: Who[] = ['staff', 'alice', 'carol', 'dave', 'irene', 'paul'];

interface Case {
  name: string;
  call: (r: request.Agent) => request.Test;
  allowed: Who[];
  /** Status for those not allowed (anonymous is always 401 on a guarded route). */
  refused: number;
  /** Status for those allowed, when it is not a success (e.g. 404 for another company's user). */
  allowedStatus?: number;
}

const cases: Case[] = [
  { name: 'GET /v1/account', call: (r) => r.get('/v1/account'), allowed: EVERYONE, refused: 401 },
  { name: 'GET /v1/user', call: (r) => r.get('/v1/user'), allowed: EVERYONE, refused: 401 },
  { name: 'GET /v1/notice', call: (r) => r.get('/v1/notice?page=0&size=200&scope=DASHBOARD'), allowed: EVERYONE, refused: 401 },
  { name: 'GET /v1/news/alerts', call: (r) => r.get('/v1/news/alerts/?newsTypes=ALERT_MAINTENANCE&newsTypes=NEWS'), allowed: EVERYONE, refused: 401 },
  { name: 'PUT /v1/company (no change)', call: (r) => r.put('/v1/company').send({}), allowed: TEAM_ADMINS, refused: 403 },
  { name: 'PUT /v1/user (a user of another company)', call: (r) => r.put('/v1/user').send({ username: 'ghost@x.test', firstname: 'G', lastname: 'H', phone: '1' }), allowed: TEAM_ADMINS, refused: 403, allowedStatus: 404 },
  { name: 'PUT /v1/account/access', call: (r) => r.put('/v1/account/access').send({}), allowed: [], refused: 403 },
  { name: 'GET /admin/mails', call: (r) => r.get('/admin/mails'), allowed: ['staff'], refused: 403 },
  { name: 'POST /v1/register/applicant', call: (r) => r.post('/v1/register/applicant').send({ email: 'cand@mail.test', firstname: 'C', lastname: 'D' }), allowed: ['alice', 'bob'], refused: 403 },
];

describe('access matrix', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const tokens = {} as Record<Who, string | null>;

  beforeAll(async () => {
    db = await freshDatabase('matrix');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    tokens.anonymous = null;
    for (const [who, username] of Object.entries(USERNAMES)) tokens[who as Who] = (await signIn(app, username)).token;
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('has exactly the deliberate list of public routes', () => {
    const open = routeTable(app).filter((r) => r.isPublic).map((r) => `${r.method} ${r.path}`);
    expect(open.filter((r) => !PUBLIC_ROUTES_OF_OTHER_AREAS.includes(r)).sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('guards every /admin route for staff', () => {
    const admin = routeTable(app).filter((r) => r.path.startsWith('/admin'));
    expect(admin.length).toBeGreaterThan(0);
    expect(admin.filter((r) => r.role !== 'staff' || r.isPublic)).toEqual([]);
  });

  it('answers every guarded route 401 without a session', async () => {
    const guarded = routeTable(app).filter((r) => !r.isPublic);
    for (const route of guarded) {
      const path = route.path.replace(/:(\w+)/g, 'x');
      const res = await request(app.getHttpServer())[route.method.toLowerCase() as 'get'](path);
      expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({ route: `${route.method} ${route.path}`, status: 401 });
    }
  });

  describe.each(cases)('$name', ({ call, allowed, refused, allowedStatus }) => {
    it.each(['anonymous', ...EVERYONE] as Who[])('for %s', async (who) => {
      const agent = request.agent(app.getHttpServer());
      const req = call(agent);
      if (tokens[who]) req.set('X-AUTH-TOKEN', tokens[who]!);
      const res = await req;
      if (who === 'anonymous') expect(res.status).toBe(401);
      else if (allowed.includes(who) && allowedStatus) expect(res.status).toBe(allowedStatus);
      else if (allowed.includes(who)) expect(res.status).toBeLessThan(400);
      else expect(res.status).toBe(refused);
    });
  });
});
