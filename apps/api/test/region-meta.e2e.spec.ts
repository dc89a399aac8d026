import type { INestApplication } from '@nestjs/common';
import type { Pool } from 'pg';
import request from 'supertest';
import type { CountryMetaView, RegionMetaView } from '@credence/api-contract';
import { freshDatabase } from './fresh-database';
import { sessionToken } from './sessions';
import { startTestApp } from './test-app';
import { readModelsCaughtUp } from './verification-support';

const DAY = 86_400_000;

/**
 * GET /region/meta (money-and-insights.md 2.17, 9): the coverage map's figures per country come from the verification
 * list read model (turnaround = resolved minus recorded, in the institute's country; fraud = Not Verified share) and
 * the catalogue (institutes), not from constants.
 */
describe('GET /region/meta: coverage figures from the verification read model', () => {
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
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const meta = async () => {
    const res = await request(app.getHttpServer()).get('/v1/region/meta').set('X-AUTH-TOKEN', token).expect(200);
    return res.body as RegionMetaView;
  };
  const country = (body: RegionMetaView, id: string) => body.countries.find((c) => c.id === id) as CountryMetaView;

  it("answers the demo's completed verifications at University of Demo for the United Kingdom", async () => {
    const gb = country(await meta(), 'GB');
    const { rows } = await pool.query<{ result: string }>(
      `SELECT v.result FROM rm_verification_list v JOIN catalogue_institute i ON i.id = v."instituteId"
        WHERE i.country_id = 'GB' AND v.result IN ('VERIFIED', 'NOT_VERIFIED')`,
    );
    expect(rows.length).toBeGreaterThan(1);
    const notVerified = rows.filter((r) => r.result === 'NOT_VERIFIED').length;
    expect(notVerified).toBeGreaterThan(0);
    expect(gb.fraudulentPercent).toBe(Math.round((10000 * notVerified) / rows.length) / 100);
    expect(gb.annualAverageVerificationDays).toBeGreaterThanOrEqual(0);
    expect(gb.currentVerificationDays).toBeGreaterThanOrEqual(0);
    expect(gb.institutes).toBeGreaterThan(0);
  });

  it('averages turnaround over 365 and 90 days, counts Not Verified as fraud, and answers -1 without data', async () => {
    const before = await meta();
    expect(country(before, 'JP')).toMatchObject({ annualAverageVerificationDays: -1, currentVerificationDays: -1, fraudulentPercent: -1 });
    const { rows } = await pool.query<{ id: string }>(`SELECT id FROM catalogue_institute WHERE country_id = 'JP' ORDER BY id LIMIT 1`);
    const jp = rows[0].id;
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    // [institute, country name, result, recorded days ago, resolved days ago]
    const seeded: [string | null, string | null, string, number, number | null][] = [
      [jp, null, 'VERIFIED', 210, 200], // 10 days, this year only
      [jp, null, 'VERIFIED', 130, 120], // 10 days, this year only
      [null, 'Japan', 'NOT_VERIFIED', 14, 10], // 4 days, current; matched by the country's name
      [jp, null, 'PENDING', 30, null], // not completed: left out
      [jp, null, 'NOT_VERIFIED', 420, 400], // over a year ago: left out
    ];
    for (const [i, [instituteId, instituteCountry, result, recorded, resolved]] of seeded.entries()) {
      await pool.query(
        `INSERT INTO rm_verification_list (id, "companyId", "requestedBy", type, "instituteId", "instituteCountry", result, stage,
           "resolvedAt", recorded, updated, search)
         VALUES ($1, 'c-test', 'u-test', 'UNI', $2, $3, $4, 'COMPLETED', $5, $6, $7, '')`,
        [`JPTEST${i}`, instituteId, instituteCountry, result, resolved === null ? null : at(resolved), at(recorded), at(resolved ?? recorded)],
      );
    }
    const after = await meta();
    expect(country(after, 'JP')).toMatchObject({
      annualAverageVerificationDays: 8, // (10 + 10 + 4) / 3
      currentVerificationDays: 4,
      fraudulentPercent: 33.33,
    });
    expect(country(after, 'JP').institutes).toBe(country(before, 'JP').institutes);
    expect(country(after, 'AQ')).toMatchObject({ annualAverageVerificationDays: -1, fraudulentPercent: -1 });
  });
});
