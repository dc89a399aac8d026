import type { INestApplication } from '@nestjs/common';
import type { Pool } from 'pg';
import request from 'supertest';
import type { CountryInsightsView, CountryMetaView, RegionMetaView } from '@credence/api-contract';
import { ALL, counterRowId, dayOf, lastPeriods } from '@credence/read-models';
import { EVENT_STORE, type EventStore } from '../src/infrastructure/event-store/event-store.port';
import { ProjectionsService } from '../src/infrastructure/projections/projections.service';
import { signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { sessionToken } from './sessions';
import { startTestApp } from './test-app';
import { readModelsCaughtUp } from './verification-support';

/**
 * GET /region/meta (money-and-insights.md 2.17, 9): the coverage map's figures per country come from the analytics
 * read model's country outcomes (turnaround = submitted to completed, in the institute's country; fraud = Not
 * Verified and not-accredited outcomes), the same counters Country Insights reads, and the catalogue (institutes).
 */
describe('GET /region/meta: coverage figures from the analytics read model', () => {
  let app: INestApplication;
  let pool: Pool;
  let drop: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    const db = await freshDatabase('region_meta');
    drop = db.drop;
    pool = db.pool;
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    token = sessionToken(app);
    await readModelsCaughtUp(app);
    await app
      .get(ProjectionsService)
      .waitFor('analytics', await app.get<EventStore>(EVENT_STORE).headPosition());
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const meta = async () => {
    const res = await request(app.getHttpServer())
      .get('/v1/region/meta')
      .set('X-AUTH-TOKEN', token)
      .expect(200);
    return res.body as RegionMetaView;
  };
  const country = (body: RegionMetaView, id: string) =>
    body.countries.find((c) => c.id === id) as CountryMetaView;

  it("shows the United Kingdom's demo completions with the numbers Country Insights shows", async () => {
    const gb = country(await meta(), 'GB');
    const { rows } = await pool.query<{ result: string }>(
      `SELECT v.result FROM rm_verification_list v JOIN catalogue_institute i ON i.id = v."instituteId"
        WHERE i.country_id = 'GB' AND v.result IN ('VERIFIED', 'NOT_VERIFIED')`,
    );
    expect(rows.length).toBeGreaterThan(1);
    const notVerified = rows.filter((r) => r.result === 'NOT_VERIFIED').length;
    expect(notVerified).toBeGreaterThan(0);
    // The demo's institutes are accredited: the fraud rate is the Not Verified share of the completions.
    expect(gb.fraudulentPercent).toBe(Math.round((10000 * notVerified) / rows.length) / 100);
    const alice = (await signIn(app, 'alice@acme.test')).token;
    const insights = (
      await request(app.getHttpServer()).get('/v1/insights/countries').set('X-AUTH-TOKEN', alice).expect(200)
    ).body as CountryInsightsView;
    const same = insights.countries.find((c) => c.country === 'United Kingdom');
    expect(same?.completed).toBe(rows.length);
    expect(gb).toMatchObject({
      annualAverageVerificationDays: same?.averageDays,
      fraudulentPercent: same?.fraudPercent,
    });
    expect(gb.currentVerificationDays).toBeGreaterThanOrEqual(0);
    expect(gb.institutes).toBeGreaterThan(0);
  });

  it('averages turnaround over 12 and 3 calendar months, counts Not Verified and not-accredited outcomes, and answers -1 without data', async () => {
    const before = await meta();
    expect(country(before, 'JP')).toMatchObject({
      annualAverageVerificationDays: -1,
      currentVerificationDays: -1,
      fraudulentPercent: -1,
    });
    const months = lastPeriods('M', dayOf(new Date().toISOString()), 14);
    const DAY = 86_400;
    // [month (0 = this one), completions, summed turnaround (s), Not Verified, not accredited]
    const seeded: [number, number, number, number, number][] = [
      [0, 1, 4 * DAY, 1, 0], // this month: 4 days, Not Verified
      [6, 2, 20 * DAY, 0, 1], // half a year ago: 10 days each, and a not-accredited institution
      [13, 5, 50 * DAY, 5, 0], // over a year ago: left out
    ];
    for (const [ago, count, seconds, notVerified, notAccredited] of seeded) {
      const period = months[months.length - 1 - ago];
      await pool.query(
        `INSERT INTO rm_analytics (id, kind, "companyId", scope, grain, period, dim, key, count, amount, "notVerified", "notAccredited")
         VALUES ($1, 'COUNTER', $2, $2, 'M', $3, 'country-outcome', 'Japan', $4, $5, $6, $7)`,
        [
          counterRowId(ALL, ALL, 'M', period, 'country-outcome', 'Japan'),
          ALL,
          period,
          count,
          seconds,
          notVerified,
          notAccredited,
        ],
      );
    }
    const after = await meta();
    expect(country(after, 'JP')).toMatchObject({
      annualAverageVerificationDays: 8, // (4 + 20) days / 3 completions
      currentVerificationDays: 4,
      fraudulentPercent: 50, // (1 Not Verified + 1 not accredited) / (3 completions + 1 not accredited)
    });
    expect(country(after, 'JP').institutes).toBe(country(before, 'JP').institutes);
    expect(country(after, 'AQ')).toMatchObject({ annualAverageVerificationDays: -1, fraudulentPercent: -1 });
  });
});
