import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { binaryBody } from './binary-body';
import { ChromiumNotFoundError } from '../src/modules/rendering/browser/chromium-locator';
import { PdfRenderer } from '../src/modules/rendering/browser/pdf-renderer';
import { readBookmarks, readPdfInfo } from '../src/modules/rendering/pdf/pdf-finishing';
import { signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';
import { api, readModelsCaughtUp } from './verification-support';

/**
 * Issue 17: certificates (verifications.md 2.9), the public verify check, invoices and receipts (money 2.14) as PDF.
 * Each PDF is read back with pdftotext; page 1 is saved as a PNG under screenshots/pdf/ to be looked at.
 */
const OUT = path.resolve(__dirname, '../../../screenshots/pdf');
const scratch = mkdtempSync(path.join(tmpdir(), 'credence-pdf-'));

function textOf(pdf: Buffer, name: string): string {
  const file = path.join(scratch, `${name}.pdf`);
  writeFileSync(file, pdf);
  mkdirSync(OUT, { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, path.join(OUT, name)]);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
}

const binary = binaryBody;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const SVG_LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40"><rect width="160" height="40" rx="6" fill="#c0392b"/><text x="14" y="27" font-size="18" fill="#fff" font-family="sans-serif">Partner Co</text></svg>',
).toString('base64')}`;

describe('PDF documents', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const tokens: Record<string, string> = {};
  const byRef: Record<string, string> = {};
  let janeInApplication = '';

  const download = (who: string | null, id: string, query = '') => {
    const req = request(app.getHttpServer()).get(`/v1/verification/${id}/downloads/result${query}`).buffer(true).parse(binary);
    return who ? req.set('X-AUTH-TOKEN', tokens[who]) : req;
  };

  beforeAll(async () => {
    db = await freshDatabase('pdfdocs');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true', PUBLIC_URL: 'https://credence.example' }));
    await readModelsCaughtUp(app);
    for (const [who, username] of Object.entries({
      alice: 'alice@acme.test', bob: 'bob@acme.test', carol: 'carol@globex.test', dave: 'dave@initech.test', irene: 'irene@uni-demo.test',
      paul: 'paul@board-demo.test', indy: 'indy@mail.test', anna: 'anna@mail.test', jane: 'jane@mail.test', staff: 'admin@credence.test',
    })) {
      tokens[who] = (await signIn(app, username)).token;
    }
    const list = (await api(app, tokens.alice).get('/v1/verification?size=100').expect(200)).body.content as { id: string; customerReference: string }[];
    for (const v of list) if (v.customerReference) byRef[v.customerReference] = v.id;
    const janes = (await api(app, tokens.jane).get('/v1/verification?size=100').expect(200)).body.content as { id: string; result: string }[];
    janeInApplication = janes.find((v) => v.result === 'VERIFIED')?.id ?? 'none';
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('does not start Chromium for an app that has not rendered', () => {
    expect(app.get(PdfRenderer).stats().started).toBe(false);
  });

  describe('certificate', () => {
    it('VERIFIED from the records: the result card, metadata with QCID, digest and stream revision', async () => {
      const id = byRef['ACME-1001'];
      const res = await download('alice', id).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Certificate-${id}.pdf"`);
      const text = textOf(res.body, 'certificate-verified');
      for (const s of ['Verification Certificate', id, 'ACME-1001', 'Jane', 'Doe', 'Verified', 'University of Demo', 'Higher Education', 'Acme Recruitment Ltd', 'Computer Science']) {
        expect(text).toContain(s);
      }
      expect(text).toContain(`https://credence.example/certificate/${res.headers['x-certificate-code']}`);
      const info = await readPdfInfo(res.body);
      expect(info.Author).toBe('Credence');
      expect(info.Keywords).toContain(id);
      expect(info.CredenceContentDigest).toMatch(/^[0-9a-f]{64}$/);
      expect(Number(info.CredenceStreamRevision)).toBeGreaterThan(0);
      expect(info.CredenceCertificateCode).toBe(res.headers['x-certificate-code']);
    });

    it('NOT_VERIFIED with the institute notes, and without them when asked', async () => {
      const id = byRef['ACME-1005'];
      const withNotes = textOf((await download('alice', id).expect(200)).body, 'certificate-not-verified');
      expect(withNotes).toContain('Not Verified');
      expect(withNotes).toContain('Sam');
      expect(withNotes).toContain('Institute / Employer provided details');
      expect(withNotes).toContain('We hold no record of this award for this person.');
      const without = textOf((await download('alice', id, '?ignoreNotes=true').expect(200)).body, 'certificate-not-verified-no-notes');
      expect(without).toContain('Not Verified');
      expect(without).not.toContain('We hold no record');
      expect(without).not.toContain('Institute / Employer provided details');
    });

    it("RESOLVED by the institute: who approved it, and as of when", async () => {
      const text = textOf((await download('bob', byRef['ACME-1006']).expect(200)).body, 'certificate-resolved');
      for (const s of ['Verified', 'Grace', 'Hall', "Resolved by the Institute's records staff", 'Approved By', 'Irene Ingram', 'Registrar', 'Awarded with first class honours.']) {
        expect(text).toContain(s);
      }
    });

    it('is partner-branded only when asked and the account has a partner logo', async () => {
      const id = byRef['ACME-1001'];
      const refused = await api(app, tokens.alice).get(`/v1/verification/${id}/downloads/result?brand=true`).expect(403);
      expect(refused.body.errors[0].message).toBe('Partner branding is not enabled for this account.');
      await db.pool.query(`UPDATE companies SET partner_logo = $1 WHERE id = 'acme'`, [SVG_LOGO]);
      const text = textOf((await download('alice', id, '?brand=true').expect(200)).body, 'certificate-branded');
      expect(text).toContain('In partnership with');
      expect(textOf((await download('alice', id).expect(200)).body, 'certificate-plain')).not.toContain('In partnership with');
    });

    it('is served from the blob store the second time (same code, same bytes, no render)', async () => {
      const id = byRef['ACME-1005'];
      const first = await download('alice', id).expect(200);
      const renders = app.get(PdfRenderer).stats().renders;
      const again = await download('alice', id).expect(200);
      expect(again.headers['x-cache']).toBe('HIT');
      expect(again.headers['x-certificate-code']).toBe(first.headers['x-certificate-code']);
      expect(sha256(again.body)).toBe(sha256(first.body));
      expect(app.get(PdfRenderer).stats().renders).toBe(renders);
    });

    it('goes to the organisation an application was made to (the owner)', async () => {
      const own = await api(app, tokens.alice).get(`/v1/verification/${janeInApplication}`);
      expect(own.status).toBe(200);
      const text = textOf((await download('alice', janeInApplication).expect(200)).body, 'certificate-owner');
      expect(text).toContain('Jane');
    });

    it('answers 403 to accounts that read the verification but are not organisations, 404 to the rest, 401 without a session', async () => {
      const id = byRef['ACME-1006'];
      // The same readers as GET /verification/{id}: bob reads Acme's requests; irene resolved this one.
      const expected: Record<string, number> = { alice: 200, bob: 200, irene: 403, staff: 403, carol: 404, dave: 404, paul: 404, indy: 404, anna: 404, jane: 404 };
      const seen: Record<string, number> = {};
      for (const who of Object.keys(expected)) seen[who] = (await download(who, id)).status;
      expect(seen).toEqual(expected);
      await download(null, id).expect(401);

      // Individuals and applicants read their own verifications, but certificates are for organisation users.
      const indys = (await api(app, tokens.indy).get('/v1/verification?size=100').expect(200)).body.content as { id: string; result: string }[];
      const indysVerified = indys.find((v) => v.result === 'VERIFIED')?.id ?? 'none';
      const refused = await api(app, tokens.indy).get(`/v1/verification/${indysVerified}/downloads/result`).expect(403);
      expect(refused.body.errors).toEqual([{ message: 'Certificates are downloaded by organisation users.', code: 'QC-CERTIFICATE-FORBIDDEN' }]);
      await api(app, tokens.jane).get(`/v1/verification/${janeInApplication}/downloads/result`).expect(403);
      await api(app, tokens.alice).get('/v1/verification/QC-NOPE/downloads/result').expect(404);
    });

    it('is not issued before a result, and refuses a bad switch with the error body', async () => {
      const pending = await api(app, tokens.alice).get(`/v1/verification/${byRef['ACME-1002']}/downloads/result`).expect(409);
      expect(pending.body.errors[0].message).toBe('A certificate is available once the verification is Verified or Not Verified.');
      const bad = await api(app, tokens.alice).get(`/v1/verification/${byRef['ACME-1001']}/downloads/result?ignoreNotes=maybe`).expect(400);
      expect(bad.body.errors).toEqual([{ message: 'ignoreNotes must be true or false.', code: 'QC-BAD-PARAMETER' }]);
    });
  });

  describe('public verify (GET /v1/certificate/{code})', () => {
    it('tells a certificate issued before a new event from the current one: CHANGED, and the next download is a new certificate', async () => {
      const id = byRef['ACME-1007'];
      const before = await download('bob', id).expect(200);
      const code = before.headers['x-certificate-code'] as string;
      expect((await request(app.getHttpServer()).get(`/v1/certificate/${code}`).expect(200)).body).toMatchObject({ status: 'CURRENT', changedSince: false });

      await api(app, tokens.staff).post(`/admin/verifications/${id}/comment`, { comment: 'Checked by phone.' }).expect((r) => expect(r.status).toBeLessThan(300));
      const after = await request(app.getHttpServer()).get(`/v1/certificate/${code}`).expect(200);
      expect(after.body).toMatchObject({ status: 'CHANGED', changedSince: true, result: 'VERIFIED' });

      const again = await download('bob', id).expect(200);
      expect(again.headers['x-cache']).toBe('MISS');
      expect(again.headers['x-certificate-code']).not.toBe(code);
      expect(Number((await readPdfInfo(again.body)).CredenceStreamRevision)).toBeGreaterThan(Number((await readPdfInfo(before.body)).CredenceStreamRevision));
    });

    it('answers a valid code: issued, QCID, result, date, status, issuer and the digests; a tampered PDF does not match', async () => {
      const id = byRef['ACME-1001'];
      const res = await download('alice', id, '?ignoreNotes=1').expect(200);
      const code = res.headers['x-certificate-code'] as string;
      expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const info = await readPdfInfo(res.body);

      const ok = await request(app.getHttpServer()).get(`/v1/certificate/${code}`).query({ sha256: sha256(res.body) }).expect(200);
      expect(ok.body).toMatchObject({ issued: true, code, qcid: id, result: 'VERIFIED', resultLabel: 'Verified', issuer: 'Credence', status: 'CURRENT', changedSince: false, matches: true });
      expect(ok.body.digest).toBe(info.CredenceContentDigest);
      expect(ok.body.pdfSha256).toBe(sha256(res.body));
      expect(ok.body.revision).toBe(info.CredenceStreamRevision);

      const tampered = Buffer.from(res.body);
      tampered[Math.floor(tampered.length / 2)] ^= 0xff;
      const bad = await request(app.getHttpServer()).get(`/v1/certificate/${code}`).query({ sha256: sha256(tampered) }).expect(200);
      expect(bad.body.matches).toBe(false);
    });

    it('answers 404 with the error body for an unknown or malformed code', async () => {
      const unknown = await request(app.getHttpServer()).get('/v1/certificate/AAAAAAAAAAAAAAAAAAAAAA').expect(404);
      expect(unknown.body.errors).toEqual([{ message: 'Certificate not found.', code: 'QC-CERTIFICATE-NOT-FOUND' }]);
      await request(app.getHttpServer()).get(`/v1/certificate/${encodeURIComponent("' OR 1=1 --")}`).expect(404);
    });
  });

  describe('invoices and receipts', () => {
    const firstInvoice = async (who: string) => {
      const rows = (await api(app, tokens[who]).get('/v1/credit/history?size=50').expect(200)).body.content as { id: string }[];
      for (const r of rows) {
        const res = await api(app, tokens[who]).get(`/v1/credit/history/${r.id}`);
        if (res.status === 200) return res.body as { id: string; title: string; total: number; currencySymbol: string; summary: { label: string; amount: number }[]; items: { label: string }[] };
      }
      throw new Error(`no invoice for ${who}`);
    };

    it("an organisation's invoice: provider, customer, details, items and money 9's rows", async () => {
      const inv = await firstInvoice('alice');
      const res = await request(app.getHttpServer()).get(`/v1/credit/history/${inv.id}/pdf`).set('X-AUTH-TOKEN', tokens.alice).buffer(true).parse(binary).expect(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Invoice-${inv.id}.pdf"`);
      const text = textOf(res.body, 'invoice');
      for (const s of ['Invoice', 'Credence Verification Services Ltd', 'Acme Recruitment Ltd', 'Invoice Date', 'Invoice #', 'Receipt Id', 'Transaction Id', 'Item', 'Total', String(inv.id)]) {
        expect(text).toContain(s);
      }
      for (const row of inv.summary) expect(text).toMatch(new RegExp(`${row.label}\\s+${inv.currencySymbol}${row.amount.toFixed(2)}`.replace('£', '£?')));
      for (const item of inv.items) expect(text.replace(/\s+/g, ' ')).toContain(item.label.slice(0, 20));
      expect((await readPdfInfo(res.body)).Title).toBe(`Invoice ${inv.id}`);
    });

    it("an individual's receipt", async () => {
      const inv = await firstInvoice('indy');
      expect(inv.title).toBe('Receipt');
      const res = await request(app.getHttpServer()).get(`/v1/credit/history/${inv.id}/pdf`).set('X-AUTH-TOKEN', tokens.indy).buffer(true).parse(binary).expect(200);
      const text = textOf(res.body, 'receipt');
      expect(text).toContain('Receipt');
      expect(text).toContain(`${inv.currencySymbol}${inv.total.toFixed(2)}`);
    });

    it("is the customer's own (another company's answers 404) and staff read it from the console route", async () => {
      const inv = await firstInvoice('alice');
      await api(app, tokens.carol).get(`/v1/credit/history/${inv.id}/pdf`).expect(404);
      await api(app, tokens.indy).get(`/v1/credit/history/${inv.id}/pdf`).expect(404);
      await request(app.getHttpServer()).get(`/v1/credit/history/${inv.id}/pdf`).expect(401);
      await api(app, tokens.staff).get(`/admin/invoices/${inv.id}/pdf`).expect(200);
      await api(app, tokens.alice).get(`/admin/invoices/${inv.id}/pdf`).expect(403);
    });
  });

  it('answers 503 with the error body naming the setting when no browser can be started', async () => {
    const renderer = app.get(PdfRenderer);
    const spy = jest.spyOn(renderer, 'render').mockRejectedValueOnce(new ChromiumNotFoundError('No Chromium found.'));
    try {
      const res = await api(app, tokens.alice).get(`/v1/verification/${byRef['ACME-1007']}/downloads/result?ignoreNotes=true`).expect(503);
      expect(res.body.errors[0].message).toBe('PDF documents cannot be made: the server has no Chromium (set CHROMIUM_PATH).');
    } finally {
      spy.mockRestore();
    }
  });

  it("Download All: the application's documents then each verification's certificate, one bookmark per part", async () => {
    const apps = (await api(app, tokens.alice).get('/v1/application?size=100').expect(200)).body.content as { id: string; verificationCount?: number; applicant?: { name: string } }[];
    let bundle: Buffer | null = null;
    for (const a of apps) {
      const res = await request(app.getHttpServer()).get(`/v1/application/${a.id}/downloads/result`).set('X-AUTH-TOKEN', tokens.alice).buffer(true).parse(binary);
      if (res.status === 200 && (await readBookmarks(res.body)).some((b) => b.startsWith('Certificate: Jane Doe'))) bundle = res.body;
    }
    expect(bundle).not.toBeNull();
    const marks = await readBookmarks(bundle as Buffer);
    expect(marks[0]).toBe('Application documents');
    expect(marks).toContain('Certificate: Jane Doe - University of Demo');
    const text = textOf(bundle as Buffer, 'application-bundle');
    expect(text).toContain('Verification Certificate');
    expect(text).toContain(janeInApplication);
  });

  it('throttles the public check per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await request(app.getHttpServer()).get('/v1/certificate/BBBBBBBBBBBBBBBBBBBBBB')).status);
    expect(statuses).toContain(429);
    const limited = await request(app.getHttpServer()).get('/v1/certificate/BBBBBBBBBBBBBBBBBBBBBB').expect(429);
    expect(limited.body.errors[0].message).toBeTruthy();
  });
});
