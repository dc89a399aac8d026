// `npm start` on a database the release before versioned migrations left (its tables made at boot, rows in them,
// no migrations table): the app migrates it as it boots, nothing is lost, and what was there is served.
import type { INestApplication } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { MIGRATIONS_TABLE } from '../src/infrastructure/database/migrations';
import { freshDatabase } from './fresh-database';
import { sessionToken } from './sessions';
import { startTestApp } from './test-app';

const PREVIOUS_RELEASE = readFileSync(
  path.join(__dirname, '../src/infrastructure/database/fixtures/previous-release-schema.sql'),
  'utf8',
)
  .split(/;\n/)
  .map((s) => s.replace(/^(--[^\n]*\n)+/, '').trim())
  .filter(Boolean);

describe('starting on a database the previous release made', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let app: INestApplication | undefined;
  let client: Client;
  const rows = async (table: string) =>
    (await client.query(`SELECT to_jsonb(x) AS r FROM ${table} x ORDER BY to_jsonb(x)::text`)).rows.map((r) => r.r);

  beforeAll(async () => {
    db = await freshDatabase('schema_upgrade');
    client = new Client({ connectionString: db.url });
    await client.connect();
    for (const sql of PREVIOUS_RELEASE) await client.query(sql);
    await client.query(`INSERT INTO companies (id, name) VALUES ('oldco', 'Old Company Ltd')`);
    await client.query(
      `INSERT INTO users (id, username, company_id, firstname, lastname, pending)
       VALUES ('00000000-0000-4000-8000-00000000000b', 'old@oldco.test', 'oldco', 'Olga', 'Old', false)`,
    );
    await client.query(`INSERT INTO catalogue_country (id, name) VALUES ('GB', 'United Kingdom')`);
    await client.query(
      `INSERT INTO catalogue_institute (id, name, country_id, price) VALUES ('old-inst', 'Oldfield Polytechnic', 'GB', 30)`,
    );
    await client.query(`INSERT INTO catalogue_institute_name VALUES ('old-inst', 'Oldfield Polytechnic')`);
    await client.query(`INSERT INTO mail_outbox (id, "to", subject, text, html, template)
      VALUES ('00000000-0000-4000-8000-0000000000c1', 'old@oldco.test', 'Hello', 't', 'h', 'welcome')`);
  });
  afterAll(async () => {
    await app?.close();
    await client.end();
    await db.drop();
  });

  it('migrates at boot, keeps every row, and serves them', async () => {
    const before = {
      companies: await rows('companies'),
      users: await rows('users'),
      institutes: await rows('catalogue_institute'),
      mail: await rows('mail_outbox'),
    };

    ({ app } = await startTestApp({ DATABASE_URL: db.url }));

    const ran = await client.query(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`);
    expect(ran.rows.map((r) => r.name)).toEqual([
      '0001_baseline',
      '0002_catalogue-search-notifications',
      '0003_refunds-holds-idempotency',
      '0004_staff-roles',
      '0005_saved-cards',
      '0006_country-notifications',
      '0007_mail-outbox-unsent',
      '0008_verification-notify-ledger',
      '0009_country-notification-link-name',
      '0010_notify-ledger-queues',
      '0011_news-images',
      '0012_debug-recordings',
      '0013_error-reports',
    ]);
    expect(await rows('companies')).toEqual(expect.arrayContaining(before.companies));
    // 0004 adds the staff role, empty for a customer.
    expect(await rows('users')).toEqual(before.users.map((u) => ({ ...u, staff_role: null })));
    expect(await rows('catalogue_institute')).toEqual(expect.arrayContaining(before.institutes));
    expect(await rows('mail_outbox')).toEqual(before.mail);
    // The institute from before is in the search, mistyped.
    const res = await request(app.getHttpServer())
      .get('/v1/institute/summary?name=Oldfeild%20Polytechnc&fuzzy=true')
      .set('X-AUTH-TOKEN', sessionToken(app))
      .expect(200);
    expect(res.body.content.map((r: { id: string }) => r.id)).toEqual(['old-inst']);
  });
});
