import type { INestApplication } from '@nestjs/common';
import type {
  AnalyticsTemplateView,
  CountryDetailView,
  CountryInsightsView,
  CountryStatisticView,
  HomeVolumeView,
  OverviewView,
  PeriodSeriesView,
  VerificationsChartView,
} from '@credence/api-contract';
import ExcelJS from 'exceljs';
import type { Pool } from 'pg';
import request from 'supertest';
import { binaryBody } from './binary-body';
import { EVENT_STORE, type EventStore } from '../src/infrastructure/event-store/event-store.port';
import { ProjectionsService } from '../src/infrastructure/projections/projections.service';
import { claimsOf, signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { sessionToken } from './sessions';
import { startTestApp } from './test-app';
import { readModelsCaughtUp } from './verification-support';

const today = () => new Date().toISOString().slice(0, 10);
const binary = binaryBody;

/**
 * The analytics calls, reports and news feed of issue 23 (access 7.4, money 2.5, 2.15, 2.16, 9): served from the
 * analytics read model, cross-checked against a direct count of the demo data in the verification list and the
 * invoices, and guarded as access 6.2 says.
 */
describe('analytics, reports and the news feed', () => {
  let app: INestApplication;
  let pool: Pool;
  let drop: () => Promise<void>;
  let alice: string;
  let acme: string;

  const caughtUp = async () => {
    await readModelsCaughtUp(app);
    await app.get(ProjectionsService).waitFor('analytics', await app.get<EventStore>(EVENT_STORE).headPosition());
  };
  const post = (path: string, token: string, body: unknown = {}) =>
    request(app.getHttpServer()).post(`/v1${path}`).set('X-AUTH-TOKEN', token).send(body as object);

  beforeAll(async () => {
    const db = await freshDatabase('insights');
    drop = db.drop;
    pool = db.pool;
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    alice = (await signIn(app, 'alice@acme.test')).token;
    acme = claimsOf(alice).cid as string;
    await caughtUp();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  /** Acme's verifications as the list holds them: submitted (not drafts), not deleted. */
  const listed = async () =>
    (
      await pool.query<{ day: string; result: string; country: string | null }>(
        `SELECT (recorded AT TIME ZONE 'UTC')::date::text AS day, result, "instituteCountry" AS country FROM rm_verification_list
          WHERE "companyId" = $1 AND result NOT IN ('AWAITING_CONSENT', 'DELETED')`,
        [acme],
      )
    ).rows;

  it('answers volume, the VERIFICATIONS chart and the stat tiles as a direct count of the demo data', async () => {
    const rows = await listed();
    expect(rows.length).toBeGreaterThan(3);
    const volume = (await post('/analytics/volume', alice, { range: 'DAILY' }).expect(200)).body as PeriodSeriesView;
    expect(volume.range).toBe('DAILY');
    expect(volume.currentPeriod).toHaveLength(30);
    expect(volume.currentPeriod[29].date).toBe(today());
    for (const p of volume.currentPeriod) expect(p.count).toBe(rows.filter((r) => r.day === p.date).length);

    const monthly = (await post('/analytics/volume?range=MONTHLY24', alice).expect(200)).body as PeriodSeriesView;
    expect(monthly.currentPeriod).toHaveLength(24);
    expect(monthly.currentPeriod[23]).toEqual({ date: `${today().slice(0, 7)}-01`, count: rows.filter((r) => r.day.slice(0, 7) === today().slice(0, 7)).length });

    const weekly = (await post('/analytics/volume', alice, { range: 52 }).expect(200)).body as PeriodSeriesView;
    expect(weekly.range).toBe('WEEKLY');
    expect(weekly.currentPeriod).toHaveLength(52);
    expect(new Date(`${weekly.currentPeriod[51].date}T00:00:00Z`).getUTCDay()).toBe(1); // keyed by the Monday

    const chart = (await post('/analytics/verifications', alice, { range: 'MONTHLY12' }).expect(200)).body as VerificationsChartView;
    const month = chart.rows[11];
    const inMonth = rows.filter((r) => r.day.slice(0, 7) === today().slice(0, 7));
    const n = (...results: string[]) => inMonth.filter((r) => results.includes(r.result)).length;
    expect(month).toEqual({
      date: `${today().slice(0, 7)}-01`,
      cancelledCount: n('CANCELLED'),
      notVerifiedCount: n('NOT_VERIFIED'),
      pendingCount: n('PENDING', 'UNABLE'),
      actionRequiredCount: n('NOT_FOUND', 'REJECTED'),
      verifiedCount: n('VERIFIED'),
    });
    expect(month.verifiedCount + month.pendingCount + month.actionRequiredCount).toBeGreaterThan(0);

    const overview = (await post('/analytics/overview', alice).expect(200)).body as OverviewView;
    expect(overview.day.first).toBe(rows.filter((r) => r.day === today()).length);
    expect(overview.month.first).toBe(inMonth.length);
  });

  it('answers revenue from the invoices and country statistics from the institutes’ countries', async () => {
    const { rows: invoices } = await pool.query<{ sum: string | null }>(
      `SELECT sum("subtotalMinor" + "vatMinor") AS sum FROM rm_invoices WHERE "companyId" = $1 AND kind = 'order'
         AND to_char(created::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM') = $2`,
      [acme, today().slice(0, 7)],
    );
    const revenue = (await post('/analytics/revenue', alice, { range: 'MONTHLY12' }).expect(200)).body as PeriodSeriesView;
    expect(revenue.currentPeriod[11].count).toBe(Number(invoices[0].sum ?? 0) / 100);

    const rows = (await listed()).filter((r) => r.country);
    const countries = (await post('/analytics/countries?limit=200&months=12', alice).expect(200)).body as CountryStatisticView[];
    const expected = new Map<string, number>();
    for (const r of rows) expected.set(r.country!, (expected.get(r.country!) ?? 0) + 1);
    expect(countries.length).toBe(expected.size);
    for (const c of countries) expect(c.counter).toBe(expected.get(c.countryName));
    const top1 = (await post('/analytics/countries?limit=1&months=12', alice).expect(200)).body as CountryStatisticView[];
    expect(top1).toEqual([countries[0]]);
    await post('/analytics/countries?limit=0', alice).expect(400);
    await post('/analytics/volume', alice, { range: 'YEARLY' }).expect(400);
  });

  it('moves the counts as a verification moves on (projected, not computed per request)', async () => {
    const before = ((await post('/analytics/overview', alice).expect(200)).body as OverviewView).day.first;
    const { rows } = await pool.query<{ id: string }>(
      `SELECT id FROM rm_verification_list WHERE "companyId" = $1 AND result = 'AWAITING_CONSENT' LIMIT 1`,
      [acme],
    );
    // Rows written behind the projection's back are not read: the answer only changes through events.
    await pool.query(`UPDATE rm_verification_list SET result = 'VERIFIED' WHERE id = $1`, [rows[0]?.id ?? 'none']);
    expect(((await post('/analytics/overview', alice).expect(200)).body as OverviewView).day.first).toBe(before);
    await pool.query(`UPDATE rm_verification_list SET result = 'AWAITING_CONSENT' WHERE id = $1`, [rows[0]?.id ?? 'none']);
  });

  it('guards the analytics calls: non-admins, accounts without analytics access, individuals and strangers are refused', async () => {
    const bob = (await signIn(app, 'bob@acme.test')).token;
    const carol = (await signIn(app, 'carol@globex.test')).token;
    const indy = (await signIn(app, 'indy@mail.test')).token;
    for (const path of ['/analytics/overview', '/analytics/volume', '/analytics/revenue', '/analytics/verifications', '/analytics/countries']) {
      await request(app.getHttpServer()).post(`/v1${path}`).send({}).expect(401);
      const refusal = await post(path, bob).expect(403);
      expect(refusal.body.errors[0].message).toMatch(/analytics/);
      if (!claimsOf(carol).hasAnalyticsAccess) await post(path, carol).expect(403);
      await post(path, indy).expect(403);
    }
    // Another company's admin with analytics access sees its own (empty) figures, never Acme's.
    const other = sessionToken(app, { admin: true, hasAnalyticsAccess: true, cid: 'company-other', paymentType: 'CARD' });
    const volume = (await post('/analytics/volume', other, { range: 'DAILY' }).expect(200)).body as PeriodSeriesView;
    expect(volume.currentPeriod.every((p) => p.count === 0)).toBe(true);
    expect((await post('/analytics/countries', other).expect(200)).body).toEqual([]);
  });

  it("scopes the Applications view to the caller's templates; the sentinel selects nothing", async () => {
    const { rows } = await pool.query<{ ownerId: string; n: string }>(
      `SELECT a."ownerId", count(*) AS n FROM rm_verification_list v JOIN rm_application a ON a.id = v."applicationId"
        WHERE a."ownerCompanyId" = $1 AND v.result NOT IN ('AWAITING_CONSENT', 'DELETED')
          AND to_char(v.recorded AT TIME ZONE 'UTC', 'YYYY-MM') = $2 GROUP BY 1`,
      [acme, today().slice(0, 7)],
    );
    expect(rows.length).toBeGreaterThan(0);
    const templateIds = rows.map((r) => r.ownerId);
    const view = (await post('/analytics/volume', alice, { range: 'MONTHLY12', templateIds }).expect(200)).body as PeriodSeriesView;
    expect(view.currentPeriod[11].count).toBe(rows.reduce((s, r) => s + Number(r.n), 0));
    const none = (await post('/analytics/volume', alice, { range: 'MONTHLY12', templateIds: [999999999.9999] }).expect(200)).body as PeriodSeriesView;
    expect(none.currentPeriod.every((p) => p.count === 0)).toBe(true);
    const other = sessionToken(app, { admin: true, hasAnalyticsAccess: true, cid: 'company-other', paymentType: 'CARD' });
    const stolen = (await post('/analytics/volume', other, { range: 'MONTHLY12', templateIds }).expect(200)).body as PeriodSeriesView;
    expect(stolen.currentPeriod.every((p) => p.count === 0)).toBe(true);
    await post('/analytics/volume', alice, { templateIds: 'all' }).expect(400);
    // A bare list of ids is read as the template ids (the spec shows no body shape).
    const bare = (await post('/analytics/volume?range=MONTHLY12', alice, templateIds).expect(200)).body as PeriodSeriesView;
    expect(bare.currentPeriod[11].count).toBe(view.currentPeriod[11].count);
    const wrong = await post('/analytics/overview', alice, { templateIds: [{ id: 1 }, 'x'.repeat(65)] }).expect(400);
    expect(wrong.body).toEqual({ errors: [expect.objectContaining({ message: 'templateIds must be a list of application template ids.' })] });
    const range = await post('/analytics/verifications', alice, { range: true }).expect(400);
    expect(range.body.errors[0].message).toBe('The range must be one of MONTHLY12, MONTHLY24, WEEKLY or DAILY.');
    expect((await post('/analytics/revenue', alice, { range: 'weekly' }).expect(200)).body.range).toBe('WEEKLY');
    await post('/reports?report=pendings', alice, { templateIds: 5 }).expect(400);
  });

  it('downloads each report as xlsx (opened back with exceljs) and CSV, with the file names of section 9', async () => {
    const pending = (await listed()).filter((r) => ['PENDING', 'UNABLE'].includes(r.result)).length;
    const res = await post('/reports?report=pendings', alice).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="AllPending.xlsx"');
    const book = new ExcelJS.Workbook();
    // exceljs declares load(Buffer) against an older @types/node Buffer; the value is a Node Buffer.
    await book.xlsx.load(res.body as Parameters<typeof book.xlsx.load>[0]);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('All Pending');
    expect(sheet.getRow(1).getCell(1).value).toBe('QCID');
    expect(sheet.actualRowCount - 1).toBe(pending);

    const from = `${today().slice(0, 7)}-01`;
    const csv = await post(`/reports?report=monthlyoverview&fromDate=${from}&toDate=${today()}&format=csv`, alice).expect(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="MonthlyOverview.csv"');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('Month,Total,Verified,Not Verified,Pending,Action Required,Cancelled');
    const monthTotal = (await listed()).filter((r) => r.day >= from).length;
    expect(lines[1]).toMatch(new RegExp(`^${today().slice(0, 7)},${monthTotal},`));

    const rates = await post(`/reports?report=successrates&fromDate=2020-01-01&toDate=${today()}`, alice).buffer(true).parse(binary).expect(200);
    expect(rates.headers['content-disposition']).toBe('attachment; filename="SuccessRates.xlsx"');
    const rejecteds = await post('/reports?report=rejecteds&format=csv', alice).expect(200);
    expect(rejecteds.headers['content-disposition']).toBe('attachment; filename="AllActionRequired.csv"');

    expect((await post('/reports', alice).expect(400)).body.errors[0].message).toBe('Select a report to download.');
    expect((await post('/reports?report=monthlyoverview', alice).expect(400)).body.errors[0].message).toBe('This report needs a date range selected.');
    await post('/reports?report=pendings&fromDate=2026-02-31', alice).expect(400);
    await request(app.getHttpServer()).post('/v1/reports?report=pendings').expect(401);
    const noReports = sessionToken(app, { admin: true, hasAnalyticsAccess: true, hasReportsAccess: false, cid: acme, paymentType: 'CARD' });
    await post('/reports?report=pendings', noReports).expect(403);
  });

  it("serves the home volume chart to organisation users (12 months or 52 weeks), not to individuals", async () => {
    const bob = (await signIn(app, 'bob@acme.test')).token;
    const home = (await request(app.getHttpServer()).get('/v1/analytics/home/volume?periods=52').set('X-AUTH-TOKEN', bob).expect(200))
      .body as HomeVolumeView;
    expect(home.currentPeriod).toHaveLength(52);
    const months = (await request(app.getHttpServer()).get('/v1/analytics/home/volume').set('X-AUTH-TOKEN', bob).expect(200)).body as HomeVolumeView;
    expect(months.currentPeriod[11].count).toBe((await listed()).filter((r) => r.day.slice(0, 7) === today().slice(0, 7)).length);
    await request(app.getHttpServer()).get('/v1/analytics/home/volume?periods=7').set('X-AUTH-TOKEN', bob).expect(400);
    const indy = (await signIn(app, 'indy@mail.test')).token;
    await request(app.getHttpServer()).get('/v1/analytics/home/volume').set('X-AUTH-TOKEN', indy).expect(403);
  });

  it("gives a user of a company with a restricted view the home volume of their own verifications (their result rows; the company's volume rows are company-wide)", async () => {
    const bob = (await signIn(app, 'bob@acme.test')).token;
    const own = async (who: string) =>
      (
        await pool.query<{ day: string }>(
          `SELECT (recorded AT TIME ZONE 'UTC')::date::text AS day FROM rm_verification_list
            WHERE "companyId" = $1 AND "requestedBy" = $2 AND result NOT IN ('AWAITING_CONSENT', 'DELETED')`,
          [acme, who],
        )
      ).rows;
    const thisMonth = today().slice(0, 7);
    const volume = async (token: string) =>
      ((await request(app.getHttpServer()).get('/v1/analytics/home/volume').set('X-AUTH-TOKEN', token).expect(200)).body as HomeVolumeView)
        .currentPeriod[11].count;
    const bobs = (await own('bob@acme.test')).filter((r) => r.day.slice(0, 7) === thisMonth).length;
    const all = (await listed()).filter((r) => r.day.slice(0, 7) === thisMonth).length;
    expect(all).toBeGreaterThan(bobs);
    await request(app.getHttpServer()).put('/v1/company').set('X-AUTH-TOKEN', alice).send({ restrictedUserView: true }).expect(200);
    try {
      expect(await volume(bob)).toBe(bobs);
      expect(await volume(alice)).toBe(all); // the company's admin still sees everyone's
    } finally {
      await request(app.getHttpServer()).put('/v1/company').set('X-AUTH-TOKEN', alice).send({ restrictedUserView: false }).expect(200);
    }
  });

  it("lists the company's application templates for the Applications tab through the spec's GET /application/template", async () => {
    // money 7 names GET /application/template for the analytics screen's templates; the copy under /analytics is gone.
    const get = (token: string) => request(app.getHttpServer()).get('/v1/application/template').set('X-AUTH-TOKEN', token);
    const { rows } = await pool.query<{ id: string; name: string; applicant_pays: boolean }>(
      `SELECT id, name, applicant_pays FROM application_owners WHERE company_id = $1 ORDER BY name, id`,
      [acme],
    );
    expect(rows.length).toBeGreaterThan(0);
    const templates = (await get(alice).expect(200)).body as AnalyticsTemplateView[];
    expect(templates.map(({ id, name, paymentType }) => ({ id, name, paymentType }))).toEqual(
      rows.map((r) => ({ id: r.id, name: r.name, paymentType: r.applicant_pays ? 'APPLICANT' : 'UPFRONT' })),
    );
    await request(app.getHttpServer()).get('/v1/application/template').expect(401);
    await request(app.getHttpServer()).get('/v1/analytics/templates').set('X-AUTH-TOKEN', alice).expect(404);
    expect((await get((await signIn(app, 'indy@mail.test')).token).expect(200)).body).toEqual([]);
    const other = sessionToken(app, { admin: true, hasAnalyticsAccess: true, cid: 'company-other', paymentType: 'CARD' });
    expect((await get(other).expect(200)).body).toEqual([]);
  });

  it('answers Country Insights figures from the completions of the last 12 months, to organisations with access', async () => {
    const get = (token: string) => request(app.getHttpServer()).get('/v1/insights/countries').set('X-AUTH-TOKEN', token);
    const view = (await get(alice).expect(200)).body as CountryInsightsView;
    expect(view.months).toBe(12);
    // A direct count: every customer's completed verifications per institute country (the demo resolves them all this year).
    const { rows } = await pool.query<{ country: string; n: string; nv: string; secs: string }>(
      `SELECT "instituteCountry" AS country, count(*) AS n, count(*) FILTER (WHERE result = 'NOT_VERIFIED') AS nv
         FROM rm_verification_list WHERE result IN ('VERIFIED', 'NOT_VERIFIED') AND "instituteCountry" IS NOT NULL
          AND COALESCE("resolvedAt", updated) >= date_trunc('month', now()) - interval '11 months'
        GROUP BY 1 ORDER BY 1`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const c = view.countries.find((x) => x.country === r.country);
      expect(c?.completed).toBe(Number(r.n));
      expect(c!.averageDays).toBeGreaterThanOrEqual(0);
      if (Number(r.nv) === 0 && c) expect(c.fraudPercent).toBe(0);
    }
    const total = view.countries.reduce((s, c) => s + c.completed, 0);
    expect(total).toBe(rows.reduce((s, r) => s + Number(r.n), 0));
    expect(view.averageDays).toBeGreaterThanOrEqual(0);
    await request(app.getHttpServer()).get('/v1/insights/countries').expect(401);
    await get((await signIn(app, 'carol@globex.test')).token).expect(403);
    await get((await signIn(app, 'indy@mail.test')).token).expect(403);
    const bob = (await get((await signIn(app, 'bob@acme.test')).token).expect(200)).body as CountryInsightsView;
    expect(bob.countries).toEqual(view.countries);

    const detail = (path: string, token: string) => request(app.getHttpServer()).get(`/v1/insights/countries/${path}`).set('X-AUTH-TOKEN', token);
    const gb = (await detail('GB', alice).expect(200)).body as CountryDetailView;
    expect(gb).toMatchObject({ code: 'GB', name: 'United Kingdom', capital: 'London', languages: 'English' });
    expect(gb.holidays.some((h) => h.event === 'Christmas Day' && h.regions.length === 0)).toBe(true);
    expect(gb.sources.length).toBeGreaterThan(0);
    expect((await detail('XX', alice).expect(404)).body.errors[0].message).toBe('Country not found.');
    await detail('united-kingdom', alice).expect(400);
    await detail('GB', (await signIn(app, 'carol@globex.test')).token).expect(403);
    await request(app.getHttpServer()).get('/v1/insights/countries/GB').expect(401);
  });

  it('publishes the NEWS staff publish as a public RSS feed, newest first', async () => {
    const staff = (await signIn(app, 'admin@credence.test')).token;
    await request(app.getHttpServer())
      .post('/admin/news')
      .set('X-AUTH-TOKEN', staff)
      .send({ type: 'NEWS', title: 'Feed <check> & more', message: 'Now in the feed', link: 'https://example.test/n', published: true })
      .expect(201);
    await request(app.getHttpServer())
      .post('/admin/news')
      .set('X-AUTH-TOKEN', staff)
      .send({ type: 'NEWS', title: 'Draft only', message: 'Not published', published: false })
      .expect(201);
    const res = await request(app.getHttpServer()).get('/v1/news/rss').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/rss\+xml/);
    const xml = res.text;
    expect(xml).toContain('<rss');
    expect(xml).toMatch(/<title><!\[CDATA\[Feed <check> & more\]\]><\/title>/);
    expect(xml).toContain('https://example.test/n');
    expect(xml).not.toContain('Draft only');
    const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM news_alerts WHERE type = 'NEWS' AND published_at <= now()`);
    expect((xml.match(/<item>/g) ?? []).length).toBe(Math.min(20, Number(rows[0].n)));
    expect(xml.indexOf('Feed <check>')).toBeLessThan(xml.indexOf('</item>')); // newest first
  });

  it('keeps a picture with a news item (money 2.5): checked by its bytes, served at an unguessable address, replaced and removed', async () => {
    const staff = (await signIn(app, 'admin@credence.test')).token;
    const http = () => request(app.getHttpServer());
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
    const count = async () => Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM news_alerts`)).rows[0].n);
    const item = { type: 'NEWS', title: 'Pictured', message: 'With a picture', published: true };

    // Refused, each in a clear message, and nothing is kept.
    const before = await count();
    const refusals: [unknown, string][] = [
      [dataUrl('image/png', Buffer.from('not a png at all')), 'The image must be a PNG, JPEG, WebP or GIF picture.'],
      [dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')), 'The image must be a PNG, JPEG, WebP or GIF picture.'],
      [dataUrl('image/jpeg', png), 'The image must be a PNG, JPEG, WebP or GIF picture.'],
      [dataUrl('image/png', Buffer.concat([png, Buffer.alloc(2_100_000)])), 'The image must be at most 2 MB.'],
      [42, 'The image must be a PNG, JPEG, WebP or GIF picture.'],
    ];
    for (const [image, message] of refusals) {
      const res = await http().post('/admin/news').set('X-AUTH-TOKEN', staff).send({ ...item, image }).expect(400);
      expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(message);
    }
    expect(await count()).toBe(before);

    const created = await http().post('/admin/news').set('X-AUTH-TOKEN', staff).send({ ...item, image: dataUrl('image/png', png) }).expect(201);
    const src: string = created.body.image.src;
    expect(src).toMatch(new RegExp(`^/v1/news/${created.body.id}/image/[0-9a-f]{32}$`));
    expect(created.body.image.title).toBe('Pictured');
    // Public (an <img> sends no session), cached for good, and the very bytes uploaded.
    const served = await http().get(src).buffer(true).parse(binaryBody).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(Buffer.compare(served.body as Buffer, png)).toBe(0);
    // Only at its own token: a guessed or another item's address is not found, in the spec's shape.
    const wrong = await http().get(src.replace(/[0-9a-f]{32}$/, '0'.repeat(32))).expect(404);
    expect(wrong.body).toEqual({ errors: [expect.objectContaining({ message: 'Image not found.' })] });
    // Customers read its address with the item; the feed carries it as an enclosure.
    const alice = (await signIn(app, 'alice@acme.test')).token;
    const alerts = await http().get('/v1/news/alerts').set('X-AUTH-TOKEN', alice).expect(200);
    expect(alerts.body.find((n: { id: string | number }) => String(n.id) === String(created.body.id))?.image).toBe(src);
    // The demo's own news item has its picture, seeded as an upload is stored.
    const demo = alerts.body.find((n: { title: string }) => n.title === 'Faster checks in Europe');
    const demoPicture = await http().get(demo.image).buffer(true).parse(binaryBody).expect(200);
    expect(demoPicture.headers['content-type']).toBe('image/png');
    expect((demoPicture.body as Buffer).subarray(1, 4).toString('latin1')).toBe('PNG');
    const rss = await http().get('/v1/news/rss').expect(200);
    expect(rss.text).toContain(`<enclosure length="0" type="image/png" url="http://localhost:3000${src}"/>`);

    // The console sends the record back with the picture as it was: nothing changes.
    await http().put(`/admin/news/${created.body.id}`).set('X-AUTH-TOKEN', staff).send({ title: 'Pictured again' }).expect(200);
    const flipped = await http().put(`/admin/news/${created.body.id}`).set('X-AUTH-TOKEN', staff).send({ ...created.body, published: false }).expect(200);
    expect(flipped.body).toMatchObject({ published: false, image: { src } });
    await http().get(src).expect(200);
    const stray = await http().put(`/admin/news/${created.body.id}`).set('X-AUTH-TOKEN', staff).send({ image: { rawFile: {}, src: 'blob:x' } }).expect(400);
    expect(stray.body.errors[0].message).toBe('The image must be a PNG, JPEG, WebP or GIF picture.');
    // Replaced: a new address, the old one gone; removed: no picture at all.
    const replaced = await http().put(`/admin/news/${created.body.id}`).set('X-AUTH-TOKEN', staff).send({ image: dataUrl('image/gif', gif) }).expect(200);
    expect(replaced.body.image.src).not.toBe(src);
    await http().get(src).expect(404);
    expect((await http().get(replaced.body.image.src).expect(200)).headers['content-type']).toBe('image/gif');
    const badReplace = await http().put(`/admin/news/${created.body.id}`).set('X-AUTH-TOKEN', staff).send({ image: dataUrl('image/png', gif) }).expect(400);
    expect(badReplace.body.errors[0].message).toBe('The image must be a PNG, JPEG, WebP or GIF picture.');
    await http().get(replaced.body.image.src).expect(200); // a refused picture leaves the old one
    const removed = await http().put(`/admin/news/${created.body.id}`).set('X-AUTH-TOKEN', staff).send({ image: null }).expect(200);
    expect(removed.body.image).toBeNull();
    await http().get(replaced.body.image.src).expect(404);

    // A deleted item takes its picture with it.
    const again = await http().post('/admin/news').set('X-AUTH-TOKEN', staff).send({ ...item, image: dataUrl('image/png', png) }).expect(201);
    await http().delete(`/admin/news/${again.body.id}`).set('X-AUTH-TOKEN', staff).expect(200);
    await http().get(again.body.image.src).expect(404);
  });
});
