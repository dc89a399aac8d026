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
  // The key audit checkpoints are signed with (issue 24), published so exported bundles can be checked offline.
  'GET /v1/audit/public-key',
  // The product's public RSS feed of the news staff publish (issue 23, money 2.6's News card); throttled.
  'GET /v1/news/rss',
  // A news item's picture (money 2.5): an <img> sends no session; served only at its 128-bit token; throttled.
  'GET /v1/news/:id/image/:token',
  // Debug session recordings (access 2.3, logit=true): recording starts before sign-in; 128-bit ids, capped, throttled.
  'POST /v1/debug/recordings/:id/events',
  // Error reports (access 9): errors happen before sign-in too; sizes capped, nothing of them logged, throttled.
  'POST /v1/debug/errors',
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
  // The public resolve link's output documents (2.11): the link's key is the credential, as for its answer.
  'POST /v1/verification/pending/key/:vkey/document',
  'PUT /v1/verification/pending/key/:vkey',
  // A shared wallet or verification (verifications 2.12, access 6.7): the share's 144-bit id is the credential; throttled.
  'GET /v1/share/:id',
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
  /** The exact status for every caller, anonymous included, where refusals differ (403 or 404) by account. */
  statuses?: Record<Who, number>;
}

/** Records the PDF routes point at (issue 17), found once the demo is seeded. */
const pdf = { acmeVerification: '', individuals: '', application: '', invoice: '', code: '' };
/** Everyone gets `status`, except the accounts named. */
const statusesOf = (status: number, except: Partial<Record<Who, number>>): Record<Who, number> =>
  Object.fromEntries((['anonymous', ...EVERYONE] as Who[]).map((who) => [who, except[who] ?? status])) as Record<Who, number>;
const found = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`the demo seed has no ${what}`);
  return value;
};

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
  // Issue 17's PDFs. A certificate is for organisation users who read the verification: 403 for readers who are not
  // an organisation (the institute the verification is at, staff, the individual who owns it), 404 for all who cannot read it.
  { name: "GET /v1/verification/:id/downloads/result (Acme's ACME-1006, resolved by Irene's institute)", call: (r) => r.get(`/v1/verification/${pdf.acmeVerification}/downloads/result`), allowed: ['alice', 'bob'], refused: 404, statuses: statusesOf(404, { anonymous: 401, alice: 200, bob: 200, irene: 403, staff: 403 }) },
  { name: "GET /v1/verification/:id/downloads/result (an individual's own VERIFIED)", call: (r) => r.get(`/v1/verification/${pdf.individuals}/downloads/result`), allowed: [], refused: 404, statuses: statusesOf(404, { anonymous: 401, indy: 403, irene: 403, staff: 403 }) },
  // Staff read every application's documents (the console's Applications); their bundle carries no certificate.
  { name: "GET /v1/application/:id/downloads/result (Jane's application to Acme)", call: (r) => r.get(`/v1/application/${pdf.application}/downloads/result`), allowed: ['alice', 'bob', 'staff'], refused: 404, statuses: statusesOf(404, { anonymous: 401, alice: 200, bob: 200, staff: 200 }) },
  { name: 'GET /v1/credit/history/:id/pdf (an Acme invoice)', call: (r) => r.get(`/v1/credit/history/${pdf.invoice}/pdf`), allowed: ['alice', 'bob'], refused: 404, statuses: statusesOf(404, { anonymous: 401, alice: 200, bob: 200 }) },
  { name: 'GET /admin/invoices/:id/pdf (an Acme invoice)', call: (r) => r.get(`/admin/invoices/${pdf.invoice}/pdf`), allowed: ['staff'], refused: 403 },
  { name: 'GET /v1/certificate/:code (issued; public)', call: (r) => r.get(`/v1/certificate/${pdf.code}`), allowed: ['anonymous', ...EVERYONE], refused: 401, statuses: statusesOf(200, {}) },
  { name: 'GET /v1/certificate/:code (never issued; public)', call: (r) => r.get('/v1/certificate/AAAAAAAAAAAAAAAAAAAAAA'), allowed: [], refused: 404, statuses: statusesOf(404, {}) },
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
    const read = async <T>(who: Who, path: string) => (await request(app.getHttpServer()).get(path).set('X-AUTH-TOKEN', tokens[who] ?? '').expect(200)).body.content as T[];
    const acme = await read<{ id: string; customerReference: string }>('alice', '/v1/verification?size=100');
    pdf.acmeVerification = found(acme.find((v) => v.customerReference === 'ACME-1006'), 'ACME-1006').id;
    pdf.individuals = found((await read<{ id: string; result: string }>('indy', '/v1/verification?size=100')).find((v) => v.result === 'VERIFIED'), 'verified verification of indy').id;
    pdf.application = found((await read<{ id: string; customerReference?: string }>('alice', '/v1/application?size=100')).find((a) => a.customerReference === 'CAND-0002'), 'CAND-0002').id;
    pdf.invoice = found((await read<{ id: string; type: string }>('alice', '/v1/credit/history?size=100')).find((r) => r.type === 'PURCHASE'), 'Acme invoice').id;
    const issued = await request(app.getHttpServer()).get(`/v1/verification/${pdf.acmeVerification}/downloads/result`).set('X-AUTH-TOKEN', tokens.alice ?? '').expect(200);
    pdf.code = String(issued.headers['x-certificate-code']);
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
    // The audit routes (issue 24) take staff administrators and auditors through their own guard (others 404).
    const auditRoutes = ['/admin/verifications/:id/state', '/admin/verifications/:id/export', '/admin/verifications/:id/verify'];
    expect(admin.filter((r) => (r.role !== 'staff' && !auditRoutes.includes(r.path)) || r.isPublic)).toEqual([]);
  });

  it('answers every guarded route 401 without a session', async () => {
    const guarded = routeTable(app).filter((r) => !r.isPublic);
    for (const route of guarded) {
      const path = route.path.replace(/:(\w+)/g, 'x');
      const res = await request(app.getHttpServer())[route.method.toLowerCase() as 'get'](path);
      expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({ route: `${route.method} ${route.path}`, status: 401 });
    }
  });

  describe.each(cases)('$name', ({ call, allowed, refused, allowedStatus, statuses }) => {
    it.each(['anonymous', ...EVERYONE] as Who[])('for %s', async (who) => {
      const agent = request.agent(app.getHttpServer());
      const req = call(agent);
      if (tokens[who]) req.set('X-AUTH-TOKEN', tokens[who]!);
      const res = await req;
      if (statuses) expect(res.status).toBe(statuses[who]);
      else if (who === 'anonymous') expect(res.status).toBe(401);
      else if (allowed.includes(who) && allowedStatus) expect(res.status).toBe(allowedStatus);
      else if (allowed.includes(who)) expect(res.status).toBeLessThan(400);
      else expect(res.status).toBe(refused);
    });
  });
});
