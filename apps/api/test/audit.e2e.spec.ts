import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { CheckpointsService } from '../src/modules/audit';
import { binaryBody } from './binary-body';
import { claimsOf, signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { routeTable } from './route-table';
import { startTestApp } from './test-app';
import { api, readModelsCaughtUp } from './verification-support';

const scratch = mkdtempSync(path.join(tmpdir(), 'credence-audit-'));
/** The CLI as `npx credence-verify` runs it: the bin of the package linked into node_modules. */
const CLI = path.join(path.dirname(require.resolve('credence-verify/package.json')), 'bin/credence-verify.js');

/** A file in the scratch folder, for the CLI to read. */
function scratchFile(name: string, content: string | Buffer) {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}-${name}`);
  writeFileSync(file, content);
  return file;
}

function cli(bundle: unknown, ...args: string[]) {
  const file = path.join(scratch, `bundle-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(bundle));
  const run = spawnSync(process.execPath, [CLI, file, ...args], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
}

interface ReplayBody {
  id: string;
  revision: number;
  lastRevision: number;
  state: { id: string; result: string | null; exists: boolean; stage: string };
  changes: { field: string; before: unknown; after: unknown }[];
  events: { revision: number; type: string; actor: string; impersonator: string | null; process: string | null; recordedAt: string }[];
}

describe('Auditing: replay, export and verify a verification (issue 24)', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const tokens: Record<string, string> = {};
  let ids: string[] = [];
  let publicPem = '';
  const as = (who: string | null) => api(app, who ? tokens[who] : null);
  const replay = async (id: string, at?: string | number) =>
    (await as('auditor').get(`/admin/verifications/${id}/state${at === undefined ? '' : `?at=${encodeURIComponent(String(at))}`}`).expect(200)).body as ReplayBody;

  /** Runs SQL on the app's database with the append-only triggers off, as someone with the database's keys could. */
  async function tamper(sql: string, params: unknown[] = []) {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('ALTER TABLE es_events DISABLE TRIGGER es_events_append_only');
      await client.query('ALTER TABLE es_checkpoints DISABLE TRIGGER es_checkpoints_append_only');
      await client.query(sql, params);
      await client.query('ALTER TABLE es_events ENABLE TRIGGER es_events_append_only');
      await client.query('ALTER TABLE es_checkpoints ENABLE TRIGGER es_checkpoints_append_only');
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  beforeAll(async () => {
    db = await freshDatabase('audit');
    const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true', AUDIT_SIGNING_KEY: key, AUDIT_CHECKPOINT_INTERVAL_SECONDS: '0' }));
    await readModelsCaughtUp(app);
    for (const [who, username] of Object.entries({
      staff: 'admin@credence.test',
      auditor: 'auditor@credence.test',
      alice: 'alice@acme.test',
      irene: 'irene@uni-demo.test',
    })) {
      tokens[who] = (await signIn(app, username)).token;
    }
    const list = (await as('alice').get('/v1/verification?size=100').expect(200)).body.content as { id: string }[];
    // Acme's verifications with the longest histories first: the cheats below need a few events each.
    const lengths = await Promise.all(list.map(async (v) => ({ id: v.id, n: (await replay(v.id)).lastRevision + 1 })));
    ids = lengths.sort((a, b) => b.n - a.n).map((v) => v.id);
    publicPem = (await as(null).get('/v1/audit/public-key').expect(200)).body.publicKey;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  describe('replay to any instant', () => {
    it('folds the stream with the domain evolve up to a revision, an instant, or the end, with who did what', async () => {
      const id = ids[0];
      const latest = await replay(id);
      expect(latest.lastRevision).toBeGreaterThanOrEqual(3);
      expect(latest.revision).toBe(latest.lastRevision);
      expect(latest.events).toHaveLength(latest.lastRevision + 1);
      const view = (await as('staff').get(`/admin/verifications/${id}`).expect(200)).body as { result: string };
      expect(latest.state.result).toBe(view.result);
      for (const e of latest.events) {
        expect(e.actor).toEqual(expect.any(String));
        expect(e.process === null || !e.process.startsWith('system:')).toBe(true);
        if (e.actor.startsWith('system:')) expect(e.process).toBe(e.actor.slice('system:'.length));
      }

      const first = await replay(id, 0);
      expect(first.revision).toBe(0);
      expect(first.events.map((e) => e.type)).toEqual([latest.events[0].type]);
      expect(first.state.exists).toBe(true);
      expect(first.changes.map((c) => c.field)).toEqual(expect.arrayContaining(['exists', 'id', 'result']));

      const second = await replay(id, 1);
      expect(second.events).toHaveLength(2);
      expect(second.changes.length).toBeGreaterThan(0);
      for (const c of second.changes) expect(c.before).not.toEqual(c.after);

      const atInstant = await replay(id, latest.events[1].recordedAt);
      expect(atInstant.revision).toBeGreaterThanOrEqual(1);
      expect(atInstant.events.every((e) => e.recordedAt <= latest.events[1].recordedAt)).toBe(true);
      const before = await replay(id, '2000-01-01T00:00:00Z');
      expect({ revision: before.revision, events: before.events, exists: before.state.exists }).toEqual({ revision: -1, events: [], exists: false });
    });

    it('refuses a bad at (400) and answers an unknown verification 404, in the errors body', async () => {
      const bad = await as('auditor').get(`/admin/verifications/${ids[0]}/state?at=yesterday`).expect(400);
      expect(bad.body).toEqual({ errors: [{ message: expect.stringContaining('at must be a stream revision or an ISO-8601 instant') }] });
      const unknown = await as('auditor').get('/admin/verifications/QC-UNKNOWN-1/state').expect(404);
      expect(unknown.body.errors[0].message).toEqual(expect.any(String));
    });
  });

  describe('who may', () => {
    it('staff and auditors replay, export and verify; customers and institutes get 404; anonymous 401', async () => {
      const id = ids[0];
      for (const route of ['state', 'export', 'verify']) {
        await as('staff').get(`/admin/verifications/${id}/${route}`).expect(200);
        await as('auditor').get(`/admin/verifications/${id}/${route}`).expect(200);
        const customer = await as('alice').get(`/admin/verifications/${id}/${route}`).expect(404);
        expect(customer.body).toEqual({ errors: [{ message: 'Verification not found.' }] });
        await as('irene').get(`/admin/verifications/${id}/${route}`).expect(404);
        await as(null).get(`/admin/verifications/${id}/${route}`).expect(401);
      }
    });

    it("the auditor's role is stored and carried in the session token: ROLE_AUDITOR, not ROLE_QC_ADMIN", async () => {
      const { rows } = await db.pool.query(`SELECT username, staff_role FROM users WHERE username IN ('admin@credence.test', 'auditor@credence.test') ORDER BY 1`);
      expect(rows).toEqual([
        { username: 'admin@credence.test', staff_role: null },
        { username: 'auditor@credence.test', staff_role: 'auditor' },
      ]);
      const authorities = (token: string) => (claimsOf(token).authorities as { authority: string }[]).map((a) => a.authority).sort();
      expect(authorities(tokens.auditor)).toEqual(['ROLE_AUDITOR', 'ROLE_USER']);
      expect(authorities(tokens.staff)).toEqual(['ROLE_ADMIN', 'ROLE_QC_ADMIN', 'ROLE_USER']);
    });

    it("auditors read the verifications they replay (the staff list, the record, its timeline) and no other staff resource", async () => {
      const id = ids[0];
      const list = await as('auditor').get('/admin/verifications?range=[0,9]').expect(200);
      expect(list.body.map((v: { id: string }) => v.id)).toEqual(expect.arrayContaining([expect.any(String)]));
      expect((await as('auditor').get(`/admin/verifications/${id}`).expect(200)).body.id).toBe(id);
      expect((await as('auditor').get(`/admin/verifications/${id}/timeline`).expect(200)).body.length).toBeGreaterThan(0);
      for (const other of ['/admin/users', '/admin/customers', '/admin/mails', '/admin/invoices']) {
        const refused = await as('auditor').get(other).expect(403);
        expect(refused.body).toEqual({ errors: [{ message: 'This is for Credence staff only.' }] });
      }
      // Customers still get 404 for the staff record and 403 for the staff list.
      await as('alice').get('/admin/verifications').expect(403);
      // An auditor cannot act as a customer either.
      const impersonate = await as(null).post('/v1/auth', { username: 'auditor@credence.test', password: 'Demo-pass1', impersonate: 'alice@acme.test' }).expect(403);
      expect(impersonate.body).toEqual({ errors: [{ message: 'Only Credence staff can impersonate a customer.' }] });
    });

    it('an auditor cannot change anything: staff actions 403, customer writes 403, checkpoints 403', async () => {
      const id = ids[0];
      const eventsBefore = (await replay(id)).lastRevision;
      const comment = await as('auditor').post(`/admin/verifications/${id}/comment`, { comment: 'audited' }).expect(403);
      expect(comment.body).toEqual({ errors: [{ message: 'Auditors can replay, export and verify; they cannot change anything.' }] });
      await as('auditor').post(`/admin/verifications/${id}/cancel`, {}).expect(403);
      await as('auditor').post('/admin/failed-jobs/system.echo:x/retry', {}).expect(403);
      await as('auditor').post(`/admin/verifications/${id}/unable`, { note: 'audited' }).expect(403);
      await as('auditor').post(`/admin/verifications/${id}/accreditation`, { status: 'APPROVED' }).expect(403);
      // Resolving, as an institute would.
      await as('auditor').put(`/v1/verification/pending/${id}`, { result: 'VERIFIED' }).expect(403);
      const bobId = (await db.pool.query(`SELECT id FROM users WHERE username = 'bob@acme.test'`)).rows[0].id as string;
      const disable = await as('auditor').put(`/admin/users/${bobId}`, { disabled: true }).expect(403);
      expect(disable.body).toEqual({ errors: [{ message: 'Auditors can replay, export and verify; they cannot change anything.' }] });
      expect((await replay(id)).lastRevision).toBe(eventsBefore);
      const order = await as('auditor').post('/v1/verification', {}).expect(403);
      expect(order.body).toEqual({ errors: [{ message: 'Auditors can replay, export and verify; they cannot change anything.' }] });
      await as('auditor').put('/v1/account', { firstname: 'Changed' }).expect(403);
      await as('auditor').post('/admin/audit/checkpoints').expect(403);
      await as('alice').post('/admin/audit/checkpoints').expect(403);
      // Signing out stays open.
      const session = await signIn(app, 'auditor@credence.test');
      await api(app, session.token).delete('/v1/auth').set('X-REFRESH-TOKEN', session.refresh).expect((res) => expect(res.status).toBeLessThan(300));
    });

    it('the access matrix for auditors, route by route: of /admin only the verification reads and the audit routes; every write refused', async () => {
      const readable = ['/admin/verifications', '/admin/verifications/:id', '/admin/verifications/:id/timeline', '/admin/verifications/:id/state', '/admin/verifications/:id/export', '/admin/verifications/:id/verify'];
      const seen: string[] = [];
      for (const route of routeTable(app)) {
        const name = `${route.method} ${route.path}`;
        if (route.path.startsWith('/v1/auth') || !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) continue;
        const target = route.path.replace(/:id\b/, ids[0]).replace(/:(\w+)/g, 'x');
        const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
        const res = await request(app.getHttpServer())[method](target).set('X-AUTH-TOKEN', tokens.auditor).send(method === 'get' ? undefined : {});
        if (route.method !== 'GET') {
          // Refused before any handler: 403, or 404 where the path's id cannot be one (the id check); never done.
          const refusals = target.includes('/x') ? [403, 404] : [403];
          expect({ name, status: res.status }).toEqual({ name, status: refusals.includes(res.status) ? res.status : 403 });
        } else if (route.path.startsWith('/admin')) {
          if (readable.includes(route.path)) expect({ name, status: res.status }).toEqual({ name, status: 200 });
          else expect({ name, status: res.status }).toEqual({ name, status: 403 });
        }
        seen.push(name);
      }
      expect(seen.length).toBeGreaterThan(100);
    });

    it('staff administrators grant and revoke the auditor role (GET/PUT /admin/users); only on staff accounts, never their own', async () => {
      const idOf = async (username: string) => (await db.pool.query(`SELECT id FROM users WHERE username = $1`, [username])).rows[0].id as string;
      const auditorId = await idOf('auditor@credence.test');
      expect((await as('staff').get(`/admin/users/${auditorId}`).expect(200)).body.staffRole).toBe('auditor');
      const authorities = async () =>
        (claimsOf((await signIn(app, 'auditor@credence.test')).token).authorities as { authority: string }[]).map((a) => a.authority);
      try {
        expect((await as('staff').put(`/admin/users/${auditorId}`, { staffRole: 'administrator' }).expect(200)).body.staffRole).toBe('administrator');
        expect(await authorities()).toContain('ROLE_QC_ADMIN');
      } finally {
        expect((await as('staff').put(`/admin/users/${auditorId}`, { staffRole: 'auditor' }).expect(200)).body.staffRole).toBe('auditor');
      }
      expect(await authorities()).toEqual(['ROLE_USER', 'ROLE_AUDITOR']);
      const customer = await as('staff').put(`/admin/users/${await idOf('alice@acme.test')}`, { staffRole: 'auditor' }).expect(422);
      expect(customer.body).toEqual({ errors: [{ message: 'Only Credence staff accounts have a staff role.' }] });
      const self = await as('staff').put(`/admin/users/${await idOf('admin@credence.test')}`, { staffRole: 'auditor' }).expect(422);
      expect(self.body).toEqual({ errors: [{ message: 'You cannot change your own staff role.' }] });
      await as('staff').put(`/admin/users/${auditorId}`, { staffRole: 'owner' }).expect(400);
    });

    it('publishes the public key to anyone, as JSON and as PEM', async () => {
      const json = await as(null).get('/v1/audit/public-key').expect(200);
      expect(json.body).toEqual({ algorithm: 'Ed25519', publicKey: expect.stringContaining('BEGIN PUBLIC KEY'), fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const pem = await as(null).get('/v1/audit/public-key?format=pem').expect(200);
      expect(pem.text).toBe(json.body.publicKey);
    });
  });

  describe('export, signed checkpoints and the offline check', () => {
    it('a checkpoint signs every changed stream; the export carries it and the CLI says PASS, with or without --key', async () => {
      const made = (await as('staff').post('/admin/audit/checkpoints').expect(201)).body;
      expect(made).toMatchObject({ created: true, id: 1, leafCount: expect.any(Number) });
      expect((await as('staff').post('/admin/audit/checkpoints').expect(201)).body).toEqual({ created: false });

      const id = ids[0];
      const bundle = (await as('auditor').get(`/admin/verifications/${id}/export`).expect(200)).body;
      expect(bundle.events.every((e: { metadata: { hash?: string } }) => /^[0-9a-f]{64}$/.test(e.metadata.hash ?? ''))).toBe(true);
      expect(bundle.checkpoints).toHaveLength(1);
      expect(bundle.checkpoints[0].leaf).toEqual({ stream: `verification-${id}`, revision: bundle.events.length - 1, hash: bundle.events.at(-1).metadata.hash });
      expect(bundle.publicKey).toBe(publicPem);

      const keyFile = path.join(scratch, 'public.pem');
      writeFileSync(keyFile, publicPem);
      const withKey = cli(bundle, '--key', keyFile);
      expect(withKey).toEqual({ status: 0, out: expect.stringContaining('PASS') });
      const withoutKey = cli(bundle);
      expect(withoutKey.status).toBe(0);
      expect(withoutKey.out).toContain('compare it with the published key (GET /v1/audit/public-key)');
      const otherKey = path.join(scratch, 'other.pem');
      writeFileSync(otherKey, generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString());
      const wrongKey = cli(bundle, '--key', otherKey);
      expect(wrongKey.status).toBe(1);
      expect(wrongKey.out).toContain('checkpoint 1: its signature does not verify with the given public key');

      const verified = (await as('auditor').get(`/admin/verifications/${id}/verify`).expect(200)).body;
      expect(verified).toMatchObject({ ok: true, problems: [], coveredUpTo: bundle.events.length - 1 });
    });

    it("a certificate PDF's embedded stream position and hash are checked against the bundle of the same verification (--certificate)", async () => {
      const acme = (await as('alice').get('/v1/verification?size=100').expect(200)).body.content as { id: string; result: string }[];
      // A verified one (a certificate is issued for Verified and Not Verified results); the cheats come later.
      const id = acme.find((v) => v.result === 'VERIFIED')?.id ?? '';
      expect(id).not.toBe('');
      const pdf = (await as('alice').get(`/v1/verification/${id}/downloads/result`).buffer(true).parse(binaryBody).expect(200)).body as Buffer;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const certificate = scratchFile('certificate.pdf', pdf);
      const bundle = (await as('auditor').get(`/admin/verifications/${id}/export`).expect(200)).body;
      const last = bundle.events.at(-1);
      expect(last.position).toMatch(/^\d+$/);

      const pass = cli(bundle, '--certificate', certificate);
      expect(pass.status).toBe(0);
      expect(pass.out).toContain(`verification-${id} at revision ${last.revision}, position ${last.position}, stream hash ${last.metadata.hash}`);
      expect(pass.out).toContain(`PASS: the certificate's stream position and hash are revision ${last.revision}'s in this bundle`);
      expect(pass.out).toMatch(/note: Content digest [0-9a-f]{64}/);

      // The same certificate against another verification's bundle, and against this bundle with that event's hash
      // or position changed (as if the history behind the certificate had been rewritten).
      const other = (await as('auditor').get(`/admin/verifications/${ids[0] === id ? ids[1] : ids[0]}/export`).expect(200)).body;
      const wrongStream = cli(other, '--certificate', certificate);
      expect(wrongStream.status).toBe(1);
      expect(wrongStream.out).toContain(`the certificate is of verification-${id}, the bundle of ${other.stream}`);
      const rewritten = structuredClone(bundle);
      rewritten.events.at(-1).metadata.hash = 'f'.repeat(64);
      const wrongHash = cli(rewritten, '--certificate', certificate);
      expect(wrongHash.status).toBe(1);
      expect(wrongHash.out).toContain(`the certificate's stream hash ${last.metadata.hash.slice(0, 12)}… is not the hash of revision ${last.revision} in the bundle`);
      const moved = structuredClone(bundle);
      moved.events.at(-1).position = '1';
      const wrongPosition = cli(moved, '--certificate', certificate);
      expect(wrongPosition.status).toBe(1);
      expect(wrongPosition.out).toContain(`the certificate's stream position ${last.position} is not the position of revision ${last.revision} in the bundle (1)`);
      const notPdf = cli(bundle, '--certificate', scratchFile('not.pdf', 'hello'));
      expect(notPdf.status).toBe(2);
    });

    it('the periodic job is the same checkpoint: a later change is covered by the next one', async () => {
      const id = ids[1];
      await as('staff').post(`/admin/verifications/${id}/comment`, { comment: 'Checked by audit.' }).expect(201);
      const next = await app.get(CheckpointsService).checkpoint();
      expect(next?.body).toMatchObject({ id: 2, previousId: 1, leafCount: expect.any(Number) });
      expect(next?.leaves.map((l) => l.stream)).toContain(`verification-${id}`);
      const bundle = (await as('auditor').get(`/admin/verifications/${id}/export`).expect(200)).body;
      expect(bundle.checkpoints.map((c: { body: { id: number } }) => c.body.id)).toEqual([1, 2]);
      expect(cli(bundle).status).toBe(0);
    });
  });

  describe('tests that try to cheat: each is found by the verify endpoint and the CLI, naming the first bad event', () => {
    const stream = (id: string) => `verification-${id}`;

    async function expectCaught(id: string, firstBad: number, what: RegExp) {
      const verified = (await as('auditor').get(`/admin/verifications/${id}/verify`).expect(200)).body;
      expect(verified.ok).toBe(false);
      expect(verified.firstBad.revision).toBe(firstBad);
      expect(verified.firstBad.message).toMatch(what);
      const bundle = (await as('auditor').get(`/admin/verifications/${id}/export`).expect(200)).body;
      const keyFile = path.join(scratch, 'public.pem');
      writeFileSync(keyFile, publicPem);
      const run = cli(bundle, '--key', keyFile);
      expect(run.status).toBe(1);
      expect(run.out).toContain(`FAIL`);
      expect(run.out).toContain(`first bad: revision ${firstBad} `);
      expect(run.out).toMatch(what);
    }

    it("an event's data edited in PostgreSQL", async () => {
      const id = ids[2];
      await tamper(`UPDATE es_events SET data = jsonb_set(data, '{forged}', 'true') WHERE stream_name = $1 AND stream_revision = 1`, [stream(id)]);
      await expectCaught(id, 1, /event at revision 1 .*does not match its content/);
    });

    it('an event deleted', async () => {
      const id = ids[3];
      await tamper(`DELETE FROM es_events WHERE stream_name = $1 AND stream_revision = 1`, [stream(id)]);
      await expectCaught(id, 1, /revision 1 is missing/);
    });

    it('two events swapped', async () => {
      const id = ids[4];
      await tamper(
        `UPDATE es_events SET stream_revision = CASE stream_revision WHEN 1 THEN -2 ELSE -1 END WHERE stream_name = $1 AND stream_revision IN (1, 2);
         UPDATE es_events SET stream_revision = -stream_revision WHERE stream_name = $1 AND stream_revision < 0`.replace(/\$1/g, `'${stream(id)}'`),
      );
      await expectCaught(id, 1, /event at revision 1 .*does not match/);
    });

    it("the stream's tail truncated", async () => {
      const id = ids[5];
      const { lastRevision } = await replay(id);
      await tamper(`DELETE FROM es_events WHERE stream_name = $1 AND stream_revision >= $2`, [stream(id), lastRevision - 1]);
      await expectCaught(id, lastRevision - 1, /signed revision \d+, but the stream ends at revision \d+: .*truncated/);
    });

    it("a checkpoint's signature swapped for another's", async () => {
      const id = ids[1]; // covered by checkpoints 1 and 2
      const { lastRevision } = await replay(id);
      await tamper(`UPDATE es_checkpoints SET signature = (SELECT signature FROM es_checkpoints WHERE id = 1) WHERE id = 2`);
      await expectCaught(id, lastRevision, /checkpoint 2: its signature does not verify/);
    });
  });
});
